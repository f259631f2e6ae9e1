// 1.1 The continuation API. Read with docs/Chapter01-Continuations.md#11-the-continuation-api
import LessonSupport

// snippet.first-wrapper
/// The async form of `fetchGreeting`: the whole idea of a continuation in one function.
func greeting(scheduler: CallbackScheduler) async -> String {
  await withCheckedContinuation { continuation in
    // This closure returns at once; the caller stays suspended until the callback resumes it.
    fetchGreeting(scheduler: scheduler) { text in
      continuation.resume(returning: text)
    }
  }
}
// snippet.end

func runContinuationAPI(_ context: LessonContext) async throws {
  let console = context.console
  let scheduler = CallbackScheduler(clock: context.clock)
  console.print(
    """
    A continuation is the rest of an async function, parked. You hand it to callback
    code, and that code resumes it exactly once, with a value or an error.

    """
  )

  // The plain form, as greeting(scheduler:) uses it: resume(returning:) hands back a value.
  let text = await greeting(scheduler: scheduler)
  console.print("withCheckedContinuation + resume(returning:)        -> \"\(text)\"")

  // For an async function that returns nothing, resume() is resume(returning: ()).
  await withCheckedContinuation { continuation in
    scheduler.schedule(after: .milliseconds(200)) { continuation.resume() }
  }
  console.print("withCheckedContinuation + resume()                  -> returned Void")

  // The throwing form turns a callback's error into a thrown error.
  do {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      scheduler.schedule(after: .milliseconds(200)) {
        continuation.resume(throwing: OfflineError())
      }
    }
  } catch {
    console.print("withCheckedThrowingContinuation + resume(throwing:) -> threw \(error)")
  }

  // resume(with:) takes a Result: success returns, failure throws.
  let answer = try await withCheckedThrowingContinuation { continuation in
    scheduler.schedule(after: .milliseconds(200)) { continuation.resume(with: .success(42)) }
  }
  console.print("withCheckedThrowingContinuation + resume(with:)     -> returned \(answer)")

  // The unsafe forms have the same shape and skip the runtime checks (1.4 shows what that means).
  let unsafeGreeting = await withUnsafeContinuation { continuation in
    fetchGreeting(scheduler: scheduler) { text in
      continuation.resume(returning: text)
    }
  }
  console.print("withUnsafeContinuation + resume(returning:)         -> \"\(unsafeGreeting)\"")
  do {
    _ = try await withUnsafeThrowingContinuation {
      (continuation: UnsafeContinuation<Int, any Error>) in
      scheduler.schedule(after: .milliseconds(200)) {
        continuation.resume(with: .failure(OfflineError()))
      }
    }
  } catch {
    console.print("withUnsafeThrowingContinuation + resume(with:)      -> threw \(error)")
  }

  console.print(
    """

    The rule: resume exactly once. Never is a leak (the caller waits forever); twice is
    a crash with a checked continuation and undefined behaviour with an unsafe one.
    """
  )
}
