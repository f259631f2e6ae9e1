// 7.3 A data task you can cancel.
// Read with docs/Chapter07-CustomPublishers.md#73-a-data-task-you-can-cancel
import Foundation
import HTTPFixtures
import LessonSupport
import MiniCombine

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.data-task-publisher
extension URLSession {
  /// The seed's data-task publisher: the body then finished, or the error.
  ///
  /// Cancelling the subscription cancels the data task.
  func myDataTaskPublisher(for url: URL) -> Create<Data, any Error> {
    Create<Data, any Error> { subscriber in
      let task = self.dataTask(with: url) { data, _, error in
        if let error {
          subscriber.receive(completion: .failure(error))
        } else {
          subscriber.receive(data ?? Data())
          subscriber.receive(completion: .finished)
        }
      }
      task.resume()
      return AnyCancellable { task.cancel() }
    }
  }
}
// snippet.end

// snippet.future
/// Combine's `Future`, reduced to what matters here: the work gets a promise to fulfil once, and
/// returns nothing, so there is nothing a cancel could call. (Combine's also starts the work at
/// once and keeps the result for later subscribers; see the docs.)
func future<Output: Sendable, Failure: Error>(
  _ attempt: @escaping @Sendable (@escaping @Sendable (Result<Output, Failure>) -> Void) -> Void
) -> Create<Output, Failure> {
  Create<Output, Failure> { subscriber in
    attempt { result in
      switch result {
      case .success(let value):
        subscriber.receive(value)
        subscriber.receive(completion: .finished)
      case .failure(let error):
        subscriber.receive(completion: .failure(error))
      }
    }
    return AnyCancellable {}  // the promise is all the work handed back: no way to stop it
  }
}
// snippet.end

func runDataTaskVsFuture(_ context: LessonContext) async throws {
  let console = context.console
  let (serverLog, logLine) = AsyncStream.makeStream(of: String.self)
  let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
  // The subscriber cancels on the server's thread, the moment the request has been read, so
  // the cancel always comes before the answer. It is put here before it subscribes (before
  // the request can leave), so the server's hook always finds it.
  let cancelOnArrival = Locked<Subscribers.Sink<Data, any Error>?>(nil)
  func subscriberCancelledOnArrival() -> Subscribers.Sink<Data, any Error> {
    let sink = Subscribers.Sink<Data, any Error> { end in
      console.print("  subscriber: \(end)")
    } receiveValue: { data in
      console.print("  subscriber: \(data.count) bytes")
    }
    cancelOnArrival.withLock { $0 = sink }
    return sink
  }
  let configuration = FixtureServer.Configuration(
    clock: context.clock,
    // User 1 waits a day, so only the client leaving ends it; user 2 comes after a second.
    delays: ["/users/1": .seconds(86_400), "/users/2": .seconds(1)],
    log: { logLine.yield($0) },
    received: { request in
      cancelOnArrival.withLock { $0.take() }?.cancel()
      arrived.yield(request)
    }
  )
  // No URL cache: on Linux a cancel in a session with one can stop the process (Chapter04, 4.4).
  let sessionConfiguration = URLSessionConfiguration.ephemeral
  sessionConfiguration.urlCache = nil
  let session = URLSession(configuration: sessionConfiguration)
  defer { session.finishTasksAndInvalidate() }
  try await FixtureServer.serving(configuration) { server in
    var arrivals = arrivals.makeAsyncIterator()
    var serverLog = serverLog.makeAsyncIterator()
    console.print(
      """
      Both publishers get one user from the local fixture server, which takes its time, and
      the subscriber cancels as soon as the server has read the request. First the Create
      publisher (user 1):
      """
    )
    let dataTask = session.myDataTaskPublisher(for: server.url("/users/1"))
    dataTask.receive(subscriber: subscriberCancelledOnArrival())
    console.print("  server | received \(await arrivals.next() ?? "nothing")")
    console.print("  subscriber: cancelled")
    console.print("  server | \(await serverLog.next() ?? "nothing")")

    console.print("Then the future (user 2), cancelled the same way:")
    let (fulfilled, fulfil) = AsyncStream.makeStream(of: Int.self)
    let oneShot = future { promise in
      session.dataTask(with: server.url("/users/2")) { data, _, error in
        fulfil.yield(data?.count ?? 0)
        promise(error.map { .failure($0) } ?? .success(data ?? Data()))
      }.resume()
    }
    oneShot.receive(subscriber: subscriberCancelledOnArrival())
    console.print("  server | received \(await arrivals.next() ?? "nothing")")
    console.print("  subscriber: cancelled")
    console.print("  server | \(await serverLog.next() ?? "nothing")")
    var bytes = fulfilled.makeAsyncIterator()
    console.print("  future: the promise got \(await bytes.next() ?? 0) bytes, for nobody")
  }
  console.print(
    """
    The Create closure returned a cancellable that cancels the data task, so the server saw
    the client leave. The future had nothing to return: the request ran to the end, and the
    body was downloaded and thrown away.
    """
  )
}
