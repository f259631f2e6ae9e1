// 1.1 The continuation API. Read with docs/Chapter01-Continuations.md#11-the-continuation-api
import TutorialSupport

/// An old-style API: it answers through a completion handler, some time later, on another thread.
func fetchGreeting(
  scheduler: CallbackScheduler,
  completion: @escaping @Sendable (Result<String, OfflineError>) -> Void
) {
  scheduler.schedule(after: .milliseconds(300)) { completion(.success("hello from a callback")) }
}

struct OfflineError: Error, CustomStringConvertible {
  var description: String { "OfflineError: no network" }
}

func runContinuationAPI(_ context: LessonContext) async throws {
  let console = context.console
  let scheduler = CallbackScheduler(clock: context.clock)
  console.print("A continuation is the rest of an async function, parked. You hand it to callback")
  console.print("code, and that code resumes it exactly once, with a value or an error.")
  console.print()

  // The plain form: resume(returning:) hands a value back to the awaiting caller.
  let greeting = await withCheckedContinuation { continuation in
    fetchGreeting(scheduler: scheduler) { result in
      continuation.resume(returning: (try? result.get()) ?? "no greeting")
    }
  }
  console.print("withCheckedContinuation + resume(returning:)        -> \"\(greeting)\"")

  // For an async function that returns nothing, resume() is resume(returning: ()).
  await withCheckedContinuation { continuation in
    scheduler.schedule(after: .milliseconds(300)) { continuation.resume() }
  }
  console.print("withCheckedContinuation + resume()                  -> returned Void")

  // The throwing form turns a callback's error into a thrown error.
  do {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      scheduler.schedule(after: .milliseconds(300)) {
        continuation.resume(throwing: OfflineError())
      }
    }
  } catch {
    console.print("withCheckedThrowingContinuation + resume(throwing:) -> threw \(error)")
  }

  // resume(with:) takes a Result: success returns, failure throws.
  let answer = try await withCheckedThrowingContinuation { continuation in
    scheduler.schedule(after: .milliseconds(300)) { continuation.resume(with: .success(42)) }
  }
  console.print(
    "withCheckedThrowingContinuation + resume(with:)     -> .success(42) returned \(answer)"
  )

  // The unsafe forms have the same shape and skip the runtime checks (1.4 shows what that means).
  let unsafeGreeting = await withUnsafeContinuation { continuation in
    fetchGreeting(scheduler: scheduler) { result in
      continuation.resume(returning: (try? result.get()) ?? "no greeting")
    }
  }
  console.print("withUnsafeContinuation + resume(returning:)         -> \"\(unsafeGreeting)\"")
  do {
    _ = try await withUnsafeThrowingContinuation {
      (continuation: UnsafeContinuation<Int, any Error>) in
      scheduler.schedule(after: .milliseconds(300)) {
        continuation.resume(with: .failure(OfflineError()))
      }
    }
  } catch {
    console.print("withUnsafeThrowingContinuation + resume(with:)      -> .failure threw \(error)")
  }

  console.print()
  console.print(
    "The rule: resume exactly once. Never is a leak (the caller waits forever); twice is"
  )
  console.print("a crash with a checked continuation and undefined behaviour with an unsafe one.")
}
