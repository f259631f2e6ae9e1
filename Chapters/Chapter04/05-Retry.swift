// 4.5 Retrying with backoff. Read with docs/Chapter04-Networking.md#45-retrying-with-backoff
import Foundation
import LessonSupport

// snippet.retry-policy
/// Tries an idempotent request again after a transient failure, waiting longer each time.
///
/// Only an `APIError` that `isTransient` is retried (a 408, a 429, most 5xx, a timeout, a
/// connection that may come back); any other error, an `EndpointError` or an `EncodingError`
/// included, is thrown at once, and a cancelled task stops at once, also in the middle of a wait.
struct RetryPolicy: Sendable {
  var maxAttempts = 4
  /// The wait after the first failure; it doubles after each further one.
  var firstDelay = Duration.milliseconds(200)
  /// Each wait is made up to this fraction shorter or longer, at random, so that clients that
  /// failed together do not all come back at the same moment.
  var jitter = 0.5

  /// The wait after `failures` failures: firstDelay × 2^(failures − 1), jittered, in whole ms.
  func delay(
    afterFailures failures: Int,
    using random: inout some RandomNumberGenerator
  ) -> Duration {
    let milliseconds = Double(firstDelay / .milliseconds(1)) * Double(1 << (failures - 1))
    let factor = 1 + Double.random(in: -jitter...jitter, using: &random)
    return .milliseconds(Int((milliseconds * factor).rounded()))
  }

  func run<T: Sendable>(
    clock: any Clock<Duration>,
    random: inout some RandomNumberGenerator,
    beforeRetry: (_ failures: Int, _ error: APIError, _ wait: Duration) -> Void = { _, _, _ in },
    _ operation: () async throws -> T
  ) async throws -> T {
    var failures = 0
    while true {
      do {
        return try await operation()
      } catch let error as APIError where error.isTransient && failures + 1 < maxAttempts {
        failures += 1
        let wait = delay(afterFailures: failures, using: &random)
        beforeRetry(failures, error, wait)
        try await clock.sleep(for: wait)  // throws CancellationError at once if cancelled
      }
    }
  }
}
// snippet.end

/// SplitMix64: a tiny seeded generator, so the jitter is the same on every run of the lesson.
/// (An app would use `SystemRandomNumberGenerator`.)
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var word = state
    word = (word ^ (word >> 30)) &* 0xBF58_476D_1CE4_E5B9
    word = (word ^ (word >> 27)) &* 0x94D0_49BB_1331_11EB
    return word ^ (word >> 31)
  }
}

/// What the flaky route answers once it has stopped failing.
struct FlakyAnswer: Decodable, Sendable {
  let attempt: Int
}

func runRetry(_ context: LessonContext) async throws {
  let console = context.console
  let policy = RetryPolicy()
  var random = SeededRandom(state: 2026)
  console.print("RetryPolicy: at most 4 attempts; 200 ms after the first failure, doubling after")
  console.print("each further one, every wait up to 50% shorter or longer at random.")
  try await withFixtureServer(context) { server in
    let port = Int(server.port)
    let flaky = { (key: String, failures: Int) in
      UsersEndpoint(
        port: port,
        path: "/fault/flaky",
        queryItems: [
          URLQueryItem(name: "key", value: key),
          URLQueryItem(name: "failures", value: "\(failures)"),
        ]
      )
    }
    let cases: [(String, any EndpointProvider)] = [
      ("GET /fault/flaky?key=twice&failures=2, two failures, then an answer", flaky("twice", 2)),
      ("GET /users/99, a 4xx", UsersEndpoint.user(99, port: port)),
      (
        "GET /fault/flaky?key=always&failures=9, failing longer than the policy waits",
        flaky("always", 9)
      ),
    ]
    for (title, endpoint) in cases {
      console.print()
      console.print(title)
      var attempt = 0
      do {
        let answer = try await policy.run(
          clock: context.clock,
          random: &random,
          beforeRetry: { _, _, wait in console.print("    waiting \(APIError.words(for: wait))") }
        ) {
          attempt += 1
          do {
            return try await APIClient().asyncRequest(
              endpoint: endpoint,
              responseModel: FlakyAnswer.self
            )
          } catch {
            console.print("  attempt \(attempt): \(error)")
            throw error
          }
        }
        console.print(
          "  attempt \(attempt): answered, the server counted \(answer.attempt) requests"
        )
      } catch let error as APIError where !error.isTransient {
        console.print("  not retried: asking again would give the same answer", style: .failure)
      } catch is APIError {
        console.print("  gave up after \(attempt) attempts", style: .failure)
      } catch {
        console.print("  not sent: \(error)", style: .failure)  // an EndpointError, say
      }
    }
  }
  console.print()
  try await runRetryCancelled(context)
}

/// A retry whose task is cancelled in the middle of a wait.
private func runRetryCancelled(_ context: LessonContext) async throws {
  let console = context.console
  // A long first wait, so that the cancellation surely lands inside it.
  let patient = RetryPolicy(firstDelay: .seconds(60), jitter: 0)
  let (waits, waiting) = AsyncStream.makeStream(of: Void.self)
  try await withFixtureServer(context) { server in
    let endpoint = UsersEndpoint(port: Int(server.port), path: "/fault/500")
    console.print(
      "GET /fault/500 with a first wait of 60 s; the task is cancelled during the wait:"
    )
    let retrying = Task {
      var random = SeededRandom(state: 1)
      var attempts = 0
      do {
        _ = try await patient.run(
          clock: context.clock,
          random: &random,
          beforeRetry: { failures, error, wait in
            console.print("  attempt \(failures): \(error)")
            console.print("    waiting \(APIError.words(for: wait))")
            waiting.yield()
          }
        ) {
          attempts += 1
          return try await APIClient().asyncRequest(
            endpoint: endpoint,
            responseModel: FlakyAnswer.self
          )
        }
      } catch {
        let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
        console.print("  the retry ended with \(type(of: error)) after \(tries)")
      }
    }
    for await _ in waits { break }
    console.print("  the task is cancelled")
    retrying.cancel()
    await retrying.value
  }
  console.print("The cancelled wait threw at once: no second attempt, no waiting out the 60 s.")
}
