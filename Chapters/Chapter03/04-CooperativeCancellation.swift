// 3.4 Cooperative cancellation.
// Read with docs/Chapter03-Cancellation.md#34-cooperative-cancellation
import LessonSupport

// snippet.signal-waiter
/// Waits until `signal()` is called, or until the waiting task is cancelled.
final class SignalWaiter: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var isCancelled = false
  }
  // Thread safety: onCancel runs on the cancelling thread, at the same time as the operation,
  // or, in a task already cancelled, before it; one lock orders them, and whoever takes the
  // continuation resumes it.
  private let state = Locked(State())

  /// Returns true when signalled, false when the task was cancelled (before or during the wait).
  func wait() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let cancelledAlready = state.withLock { state in
          if state.isCancelled { return true }
          state.continuation = continuation
          return false
        }
        if cancelledAlready { continuation.resume(returning: false) }
      }
    } onCancel: {
      let waiting = state.withLock { state in
        state.isCancelled = true  // in case the operation has not stored its continuation yet
        return state.continuation.take()
      }
      waiting?.resume(returning: false)
    }
  }

  /// Ends the wait with true, if a task is waiting.
  func signal() {
    state.withLock { $0.continuation.take() }?.resume(returning: true)
  }

  /// Whether a task is suspended in `wait()` right now.
  var isWaiting: Bool { state.withLock { $0.continuation != nil } }
}
// snippet.end

@MainActor
func runCooperativeCancellation(_ context: LessonContext) async throws {
  let console = context.console
  // The task needs the main actor, which this function holds until it awaits: the cancel below
  // comes before the task's first line.
  console.print("1. A task cancelled before its body starts:")
  // snippet.cancelled-before-start
  let early = Task { @MainActor in
    console.print("  Task.isCancelled                -> \(Task.isCancelled)")
    do {
      try Task.checkCancellation()
    } catch {
      console.print("  try Task.checkCancellation()    -> threw \(type(of: error))")
    }
    await withTaskCancellationHandler {
      console.print("  withTaskCancellationHandler     -> then the operation runs")
    } onCancel: {
      console.print("  withTaskCancellationHandler     -> onCancel runs first, at once")
    }
    do {
      try await context.clock.sleep(for: .seconds(3600))
    } catch {
      console.print("  try await clock.sleep(1 hour)   -> threw \(type(of: error)) at once")
    }
  }
  early.cancel()
  // snippet.end
  await early.value
  console.print("Cancelling sets a flag and runs the cancellation handlers; the rest is up to the")
  console.print("code: each line above is code that chose to look.")
  console.print()

  console.print("2. A task cancelled while it waits in withTaskCancellationHandler:")
  let waiter = SignalWaiter()
  let waiting = Task { await waiter.wait() }
  while !waiter.isWaiting { await Task.yield() }
  waiting.cancel()
  console.print("  wait() returned \(await waiting.value): onCancel resumed the continuation")
  console.print()

  console.print("3. onTermination, and when each of its cases comes:")
  let (finishing, finisher) = AsyncStream.makeStream(of: Int.self)
  finisher.onTermination = { console.print("  onTermination(\(describe($0)))") }
  finisher.yield(1)
  console.print("  finish() called, with 1 still buffered:")
  finisher.finish()
  for await value in finishing {
    console.print("  the consumer reads \(value), after onTermination already ran")
  }

  let (cancelled, continuation) = AsyncStream.makeStream(of: Int.self)
  continuation.onTermination = { console.print("  onTermination(\(describe($0)))") }
  var consumerStarted = false
  let consumer = Task {
    consumerStarted = true  // then it asks for the next element
    for await _ in cancelled {}
    console.print("  the consumer's loop ended: next() returned nil, no error")
  }
  while !consumerStarted { await Task.yield() }
  console.print("  the consumer's task is cancelled:")
  consumer.cancel()
  await consumer.value
}

/// The case's name, as the docs write it.
private func describe(_ termination: AsyncStream<Int>.Continuation.Termination) -> String {
  switch termination {
  case .finished: ".finished"
  case .cancelled: ".cancelled"
  @unknown default: "unknown"
  }
}
