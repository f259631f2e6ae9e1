// 4.4 Streams of users. Read with docs/Chapter04-Networking.md#44-streams-of-users
import Foundation
import LessonSupport

// snippet.fixed-service
/// The seed's service, fixed: it pages through the users with the endpoint, reports errors,
/// finishes after the last user, and stops its work when the consumer goes away.
final class UserGeneratorService: Sendable {
  let api: any APIInterface
  let port: Int
  let perPage: Int
  let clock: any Clock<Duration>

  init(api: any APIInterface = APIClient(), port: Int, perPage: Int = 3, clock: any Clock<Duration>)
  {
    self.api = api
    self.port = port
    self.perPage = perPage
    self.clock = clock
  }

  func start() -> AsyncThrowingStream<JSONPlaceholderUser, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: JSONPlaceholderUser.self)
    let producer = Task { [api, port, perPage, clock] in
      do {
        var page = 1
        while true {
          let users = try await api.asyncRequest(
            endpoint: UsersEndpoint.page(page, per: perPage, port: port),
            responseModel: [JSONPlaceholderUser].self
          )
          for user in users {
            try await clock.sleep(for: userInterval)  // no try?: cancellation ends the loop
            continuation.yield(user)
          }
          if users.count < perPage { break }  // a short page is the last one
          page += 1
        }
        continuation.finish()  // after the last user, the consumer's loop ends
      } catch {
        // The consumer's loop throws the error; but if this task was cancelled, the consumer
        // went away (onTermination), and its own cancellation is no error to report.
        continuation.finish(throwing: Task.isCancelled ? nil : error)
      }
    }
    // The consumer's task was cancelled, or the stream was released (a loop left by `break`
    // releases it when nothing else holds it): cancel the producer and the request it awaits.
    continuation.onTermination = { _ in producer.cancel() }
    return stream
  }
}
// snippet.end

func runUserStreams(_ context: LessonContext) async throws {
  let console = context.console
  try await withFixtureServer(context) { server in
    let port = Int(server.port)
    console.print("The seed's stream swallows errors. Pointed at /fault/500, its loop just ends:")
    let seed = SeedUserGeneratorService(
      url: server.url("/fault/500").absoluteString,
      clock: context.clock
    )
    var seen = 0
    for await _ in seed.start() { seen += 1 }
    console.print("  \(seen) users, and the loop ended as if all were well")

    console.print()
    console.print("UserGeneratorService.start() returns an AsyncThrowingStream. With a server that")
    console.print("fails, the error reaches the loop:")
    let failing = UserGeneratorService(
      api: FailingPathAPI(path: "/fault/500"),
      port: port,
      clock: context.clock
    )
    do {
      for try await _ in failing.start() {}
      console.print("  unexpectedly, the loop ended without an error")
    } catch {
      console.print("  the loop threw: \(error)", style: .failure)
    }

    console.print()
    console.print("Against /users it fetches 3 users a page, and finishes after the last one:")
    let service = UserGeneratorService(port: port, clock: context.clock)
    var count = 0
    for try await user in service.start() {
      count += 1
      console.print("  user \(user.id): \(user.name)")
    }
    console.print("  the loop ended by itself after \(count) users: the stream was finished")
  }
  console.print()
  try await runCancellationMidRequest(context)
}

/// A consumer that stops while page 2 is on its way: the server sees the connection close.
private func runCancellationMidRequest(_ context: LessonContext) async throws {
  let console = context.console
  let page2 = "/users?page=2&per=3"
  let (serverLog, logLine) = AsyncStream.makeStream(of: String.self)
  let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
  try await withFixtureServer(
    context,
    delays: [page2: .seconds(600)],  // page 2 takes ten minutes: it is in flight when we cancel
    log: { logLine.yield($0) },
    received: { arrived.yield($0) }
  ) { server in
    console.print("Now the server holds page 2 for ten minutes, and the consumer gives up as soon")
    console.print("as the server has read that request:")
    let service = UserGeneratorService(port: Int(server.port), clock: context.clock)
    let consumer = Task {
      var count = 0
      do {
        for try await user in service.start() {
          count += 1
          console.print("  user \(user.id): \(user.name)")
        }
      } catch {
        console.print("  the loop threw: \(error)")
      }
      return count
    }
    for await request in arrivals where request == "GET \(page2)" { break }
    console.print("  server | received GET \(page2)")
    console.print("  the consumer's task is cancelled")
    consumer.cancel()
    let count = await consumer.value
    for await line in serverLog where line.hasPrefix("GET \(page2)") {
      console.print("  server | \(line)")
      break
    }
    console.print("  the loop ended after \(count) users, without an error")
  }
  console.print("Cancelling the consumer ended its loop; onTermination cancelled the producer; the")
  console.print("producer's URLSession request was cancelled, which closed the connection.")
}

/// An `APIInterface` that sends every request to one path: how a lesson points the service at
/// a failing route without changing the service.
struct FailingPathAPI: APIInterface {
  let path: String

  func asyncRequest<T: Decodable>(
    endpoint: any EndpointProvider,
    responseModel: T.Type
  ) async throws -> T {
    var redirected = UsersEndpoint(port: endpoint.port, path: path)
    redirected.baseURL = endpoint.baseURL
    return try await APIClient().asyncRequest(endpoint: redirected, responseModel: T.self)
  }
}
