import ChildProcesses
import Foundation

/// What the Swift 6 compiler says about `source`, compiled on its own up to SIL, so that the
/// data-race checks that run after type checking (sending, regions) report too; or, with
/// `typeCheckOnly`, what type checking alone says.
func swift6Diagnostics(
  compiling source: String,
  typeCheckOnly: Bool = false,
  flags: [String] = []
) async throws -> String {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("swift6-check-\(UUID().uuidString).swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(at: file) }
  let result = try await ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/env"),
    arguments: ["swiftc", "-swift-version", "6"] + flags + [file.path]
      + (typeCheckOnly ? ["-typecheck"] : ["-emit-sil", "-o", "/dev/null"]),
    timeout: .seconds(120)
  )
  return result.stderr
}
