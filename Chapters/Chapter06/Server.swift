import Foundation
import HTTPFixtures
import LessonSupport

/// Why the chapter cannot go on: a fixture file it needs is not there.
struct MissingFixture: Error, CustomStringConvertible {
  let name: String
  var description: String { "the fixture server has no file \(name)" }
}

/// The fixture file `name`, or an error saying it is missing.
func fixtureFile(_ name: String) throws -> FixtureFile {
  guard let file = FixtureFile.named(name) else { throw MissingFixture(name: name) }
  return file
}

/// Runs `body` with a fixture server on the lesson's clock, throttled to `throttle` bytes per
/// second per request if given (so `--fast` is fast, and a plain run is paced for reading).
func withServer<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ context: LessonContext,
  throttle: Int? = nil,
  _ body: (FixtureServer) async throws -> T
) async throws -> T {
  let configuration = FixtureServer.Configuration(
    throttleBytesPerSecond: throttle,
    clock: context.clock
  )
  return try await FixtureServer.serving(configuration, body)
}

/// What sections 6.3 to 6.5 download: 200,003 bytes of small.bin from byte 1,000,000, which make
/// 20 batches of 10,000 and 3 bytes left over (and keep `--fast` fast in a debug build).
enum LessonPart {
  static let file = "small.bin"
  static let offset = 1_000_000
  static let size = 200_003

  /// The bytes the server sends for it.
  static func bytes() throws -> Data {
    try fixtureFile(file).contents.subdata(in: offset..<(offset + size))
  }
}
