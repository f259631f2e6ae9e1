// Every section talks to a fixture server of its own, started in-process on a free port, so
// the chapter runs offline and no section sees another's requests.
import HTTPFixtures
import LessonSupport

/// Starts a fixture server whose pauses use the lesson's clock, runs `body` (on the caller's
/// actor), and stops it.
func withFixtureServer<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ context: LessonContext,
  delays: [String: Duration] = [:],
  log: (@Sendable (String) -> Void)? = nil,
  received: (@Sendable (String) -> Void)? = nil,
  _ body: (FixtureServer) async throws -> T
) async throws -> T {
  try await FixtureServer.serving(
    .init(clock: context.clock, delays: delays, log: log, received: received),
    body
  )
}
