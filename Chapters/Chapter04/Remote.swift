// `swift run Chapter04 --remote`: the same `APIClient` and model against the public
// placeholder service, for a learner with a network. Offline, it says so in one line.
import Foundation
import LessonSupport

/// The public service the seed used. (A test points `--remote` at a host that cannot exist,
/// through CHAPTER04_REMOTE_HOST, to check the offline message.)
let remoteHost =
  ProcessInfo.processInfo.environment["CHAPTER04_REMOTE_HOST"]
  ?? "jsonplaceholder.typicode.com"

/// Why `--remote` stopped: one line for stderr.
struct RemoteUnavailable: Error, CustomStringConvertible {
  let reason: APIError

  var description: String {
    "--remote needs a network: https://\(remoteHost)/users failed (\(reason)). "
      + "Without --remote, the chapter uses its own local server."
  }
}

func runRemote(_ context: LessonContext) async throws {
  let console = context.console
  let endpoint = UsersEndpoint(scheme: "https", baseURL: remoteHost, port: nil)
  let users: [JSONPlaceholderUser]
  do {
    users = try await withTimeout(.seconds(10), clock: ContinuousClock()) {
      try await APIClient().asyncRequest(
        endpoint: endpoint,
        responseModel: [JSONPlaceholderUser].self
      )
    }
  } catch let error as APIError {
    throw RemoteUnavailable(reason: error)
  }
  console.print("GET https://\(remoteHost)/users")
  for user in users {
    console.print("  user \(user.id): \(user.name) (\(user.username)), \(user.address.city)")
  }
  console.print("\(users.count) users from the public service, decoded with the same model.")
}
