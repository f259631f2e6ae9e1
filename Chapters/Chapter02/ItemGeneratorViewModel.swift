// 2.3: seed 000's view model, on the main actor: the task it starts inherits the main actor, so
// every change is made there, though the generator yields on other threads.
import Observation

@MainActor
@Observable
final class ItemGeneratorViewModel {
  private(set) var currentEvent = -1
  private(set) var status = GeneratorState.idle
  /// Told about every change, in order. (SwiftUI would redraw once per main-actor turn; a
  /// console view wants every step.)
  @ObservationIgnored var didChange: (@MainActor (ItemGeneratorViewModel) -> Void)?
  /// Told about an action the state machine ignored (it has no such move from this state).
  @ObservationIgnored var didReject: (@MainActor (GeneratorAction, GeneratorState) -> Void)?
  @ObservationIgnored private let service: ItemGeneratorService
  @ObservationIgnored private(set) var task: Task<Void, Never>?
  /// Where each change of `currentEvent` was made (2.3 prints it).
  @ObservationIgnored private(set) var eventChangesMadeOn: [String] = []

  init(service: ItemGeneratorService) {
    self.service = service
  }

  // snippet.view-model-start
  /// The Start button.
  func start() {
    if status == .idle { currentEvent = -1 }  // a new run starts from nothing
    guard apply(.start) else { return }
    task = Task {
      for await event in service.generateEvents() {
        // After a cancel the stream still hands over what it had buffered (2.3): ignore it.
        guard !Task.isCancelled else { break }
        currentEvent = event
        eventChangesMadeOn.append(isolationName())
        didChange?(self)
      }
      // The loop ends when the stream finishes, or when this task is cancelled; a cancel
      // came from stop() or disappear(), which have made their own transition already.
      if !Task.isCancelled {
        apply(.finish)
      }
    }
  }

  /// The Stop button: cancelling the task ends the loop and, through onTermination, the
  /// generator.
  func stop() {
    guard apply(.stop) else { return }
    task?.cancel()
  }
  // snippet.end

  /// The view went away for good: cancel, and say so.
  func disappear() {
    task?.cancel()
    if status == .running { apply(.cancelled) }
  }

  @discardableResult
  private func apply(_ action: GeneratorAction) -> Bool {
    guard let next = status.after(action) else {
      didReject?(action, status)
      return false
    }
    status = next
    didChange?(self)
    return true
  }
}
