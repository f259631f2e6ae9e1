// 4.1 Seed 000's user service. Read with docs/Chapter04-Networking.md#41-seed-000s-user-service
import ChildProcesses
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.seed-service
/// The seed's service, as written but for the URL (the local server, not the internet) and the
/// pause (`userInterval`, on the lesson's clock): one request, then a user every `userInterval`,
/// and no finish().
final class SeedUserGeneratorService: Sendable {
  let url: String
  let clock: any Clock<Duration>

  init(url: String, clock: any Clock<Duration>) {
    self.url = url
    self.clock = clock
  }

  func start() -> AsyncStream<JSONPlaceholderUser> {
    AsyncStream<JSONPlaceholderUser> { continuation in
      Task {
        let endpoint: EndpointProvider = MyEndpoint(url)
        do {
          let jsonUsers = try await asyncRequest(
            endpoint: endpoint,
            responseModel: [JSONPlaceholderUser].self
          )
          for jsonUser in jsonUsers {
            try? await clock.sleep(for: userInterval)
            continuation.yield(jsonUser)
          }
        } catch {
          continuation.finish()  // the only finish(): an error ends the stream, unreported
        }
      }
    }
  }
}

extension SeedUserGeneratorService: APIInterface {
  func asyncRequest<T: Decodable>(
    endpoint: any EndpointProvider,
    responseModel: T.Type
  ) async throws -> T {
    // `endpoint` is never read: the service fetches its own url, and always as users.
    // swift-format-ignore: NeverForceUnwrap
    let url = URL(string: url)!
    let (data, _) = try await URLSession.shared.data(from: url)
    let jsonUsers: [JSONPlaceholderUser] = try JSONDecoder().decode(
      [JSONPlaceholderUser].self,
      from: data
    )
    // swift-format-ignore: NeverForceUnwrap
    return jsonUsers as! T  // right only when T is [JSONPlaceholderUser]
  }
}

/// The seed's endpoint: the whole URL in `baseURL`, every other part empty.
struct MyEndpoint: EndpointProvider {
  var scheme = ""
  var baseURL: String
  var port: Int?
  var path = ""
  var method = RequestMethod.get
  var token = ""
  var queryItems: [URLQueryItem]?
  var body: (any Encodable & Sendable)?
  var mockFile: String?

  init(_ url: String) {
    baseURL = url
  }
}

/// How far apart the users come (the seed waited 2 s; ten of those would be a long wait here).
let userInterval = Duration.milliseconds(200)
// snippet.end

func runSeedService(_ context: LessonContext) async throws {
  let console = context.console
  try await withFixtureServer(context) { server in
    console.print("The seed's UserGeneratorService fetches /users once, then yields a user every")
    console.print("0.2 s (the seed waited 2 s), from the local fixture server:")
    let service = SeedUserGeneratorService(
      url: server.url("/users").absoluteString,
      clock: context.clock
    )
    let (lastUser, lastUserArrived) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      for await user in service.start() {
        count += 1
        console.print("  user \(user.id): \(user.name) (\(user.username))")
        if count == 10 { lastUserArrived.yield() }
      }
      return (count, Task.isCancelled)  // cancelled: the loop ended because the lesson said so
    }
    for await _ in lastUser { break }
    try await context.clock.sleep(for: .seconds(1))
    console.print("One second after the tenth user the loop still waits: the seed never calls")
    console.print("finish(), so `for await` cannot know the users are over. The lesson cancels it.")
    consumer.cancel()
    let (count, cancelled) = await consumer.value
    let how = cancelled ? "by cancellation" : "by itself, so the stream was finished after all"
    console.print("  the loop ended after \(count) users, \(how)")
  }

  console.print()
  console.print("The seed's asyncRequest(endpoint:responseModel:) never reads its endpoint, and")
  console.print("force-casts users to T. Asking it for /users/3 as one JSONPlaceholderUser, in a")
  console.print("child process:")
  let result = try await context.runInChildProcess(demo: "force-cast")
  for line in result.stderr.split(separator: "\n") where line.contains("Could not cast") {
    // The runtime adds each type's address, "(0x...)", which changes on every run.
    let words = line.replacing(#/ \(0x[0-9a-f]+\)/#, with: "")
    console.print("  runtime | \(words)", style: .failure)
  }
  console.print("  the child \(result.termination)")
}

/// The force-cast demo, run by itself in a child process: it crashes on purpose.
func demoForceCast(_ context: LessonContext) async throws {
  try await withFixtureServer(context) { server in
    let service = SeedUserGeneratorService(
      url: server.url("/users").absoluteString,
      clock: context.clock
    )
    let user = try await service.asyncRequest(
      endpoint: UsersEndpoint.user(3, port: Int(server.port)),
      responseModel: JSONPlaceholderUser.self
    )
    context.console.print("never printed: \(user.name)")
  }
}
