// 4.6 A view model on the main actor. Read with
// docs/Chapter04-Networking.md#46-a-view-model-on-the-main-actor
import LessonSupport
import Observation

// snippet.view-model
/// The seed's UserGeneratorViewModel: `currentUser` and `users` for a view, changed only on the
/// main actor, with a stored task so that stop() really stops.
@MainActor
@Observable
final class UserGeneratorViewModel {
  private(set) var currentUser: JSONPlaceholderUser?
  private(set) var users: [JSONPlaceholderUser] = []
  private(set) var failure: String?
  /// Told about every change, in order (the console view draws each one).
  @ObservationIgnored var didChange: (@MainActor (UserGeneratorViewModel) -> Void)?
  @ObservationIgnored private(set) var task: Task<Void, Never>?
  @ObservationIgnored private let service: UserGeneratorService

  init(service: UserGeneratorService) {
    self.service = service
  }

  func start() {
    task?.cancel()
    users = []
    currentUser = nil
    failure = nil
    task = Task {  // inherits the main actor: every change below is made there
      do {
        for try await user in service.start() {
          // After stop() the stream still hands over a user it had buffered (Chapter02, 2.4).
          guard !Task.isCancelled else { break }
          currentUser = user
          users.append(user)
          didChange?(self)
        }
      } catch {
        failure = "\(error)"
        didChange?(self)
      }
    }
  }

  func stop() {
    // Ends the loop; onTermination cancels the service's producer, and its request (on Linux
    // through dataWithSafeCancel, so that this cancel cannot hang: 4.4).
    task?.cancel()
  }
}
// snippet.end

/// Stand-in for the seed's SwiftUI view: a console line each time the model changes.
@MainActor
struct UserListView {
  let console: Console

  /// Draws every change of `model`, then lets the user react to what they see.
  func show(
    _ model: UserGeneratorViewModel,
    user react: @escaping @MainActor (UserGeneratorViewModel) -> Void = { _ in }
  ) {
    model.didChange = { model in
      draw(model)
      react(model)
    }
  }

  private func draw(_ model: UserGeneratorViewModel) {
    let count = model.users.count == 1 ? "1 user" : "\(model.users.count) users"
    if let failure = model.failure {
      console.print("  view | \(count) | failed: \(failure)")
    } else {
      console.print("  view | \(count) | current: \(model.currentUser?.name ?? "none")")
    }
  }
}

@MainActor
func runViewModel(_ context: LessonContext) async throws {
  let console = context.console
  let view = UserListView(console: console)
  try await withFixtureServer(context) { server in
    let port = Int(server.port)
    console.print("The view model's loop runs on the main actor; the view draws every change:")
    let model = UserGeneratorViewModel(
      service: UserGeneratorService(port: port, clock: context.clock)
    )
    view.show(model)
    model.start()
    await model.task?.value
    console.print("The stream finished, so the loop ended by itself; users: \(model.users.count).")

    console.print()
    console.print("Stop after the second user:")
    let stopped = UserGeneratorViewModel(
      service: UserGeneratorService(port: port, clock: context.clock)
    )
    view.show(stopped) { model in
      if model.users.count == 2 {
        console.print("  the user taps Stop")
        model.stop()
      }
    }
    stopped.start()
    await stopped.task?.value
    console.print("After stop() no user arrives: the loop ended; the producer is cancelled.")

    console.print()
    console.print("A server that fails: the error reaches the view instead of an empty list.")
    let failing = UserGeneratorViewModel(
      service: UserGeneratorService(
        api: FailingPathAPI(path: "/fault/500"),
        port: port,
        clock: context.clock
      )
    )
    view.show(failing)
    failing.start()
    await failing.task?.value
  }
}
