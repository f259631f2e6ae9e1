// 4.3 When a request fails. Read with docs/Chapter04-Networking.md#43-when-a-request-fails
import HTTPFixtures
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How long the lesson lets a request take before it gives up.
let requestTimeLimit = Duration.seconds(1)

func runErrors(_ context: LessonContext) async throws {
  let console = context.console
  console.print("Each request below fails in its own way. APIClient turns every failure into an")
  console.print("APIError whose description says what happened, in words a log can keep.")
  // A port where nothing listens, held so that no other program can start listening there.
  let refusing = try RefusingPort()
  let closedPort = Int(refusing.port)
  defer { withExtendedLifetime(refusing) {} }  // held until the requests below are done

  try await withFixtureServer(context) { server in
    let port = Int(server.port)
    let kai = NewUser(name: "Kai Moreau", username: "kai", email: "kai@example.org")
    let failures: [(String, any EndpointProvider)] = [
      ("GET /users/99", UsersEndpoint.user(99, port: port)),
      ("POST /users, no token", UsersEndpoint.create(kai, token: "", port: port)),
      ("GET /fault/500", UsersEndpoint(port: port, path: "/fault/500")),
      ("GET /fault/malformed", UsersEndpoint(port: port, path: "/fault/malformed")),
      ("GET /fault/wrong-type", UsersEndpoint(port: port, path: "/fault/wrong-type")),
      ("GET /fault/missing-field", UsersEndpoint(port: port, path: "/fault/missing-field")),
      ("GET /fault/cut", UsersEndpoint(port: port, path: "/fault/cut")),
      ("GET /users, nothing listening", UsersEndpoint.all(port: closedPort)),
    ]
    for (name, endpoint) in failures {
      console.print()
      console.print(name)
      do {
        let users = try await APIClient().asyncRequest(
          endpoint: endpoint,
          responseModel: [JSONPlaceholderUser].self
        )
        console.print("  unexpectedly, \(users.count) users")
      } catch {
        console.print("  \(error)", style: .failure)
      }
    }

    // snippet.timeout-use
    // A server that takes ten minutes, against a limit of one second on the lesson's clock.
    let slow = UsersEndpoint(
      port: port,
      path: "/fault/slow",
      queryItems: [URLQueryItem(name: "delay_ms", value: "600000")]
    )
    console.print()
    console.print("GET /fault/slow?delay_ms=600000, with a limit of 1 s")
    do {
      let users = try await withTimeout(requestTimeLimit, clock: context.clock) {
        try await APIClient().asyncRequest(
          endpoint: slow,
          responseModel: [JSONPlaceholderUser].self
        )
      }
      console.print("  unexpectedly, \(users.count) users")
    } catch {
      console.print("  \(error)", style: .failure)
    }
    // snippet.end
  }
  console.print()
  console.print("Most 4xx say the request was wrong: asking again gives the same answer. Most")
  console.print("5xx and a timeout may go better next time: 4.5 retries those (and 408 and 429).")
}
