import ChildProcesses
import Foundation

/// Type-checks `source` as one file in Swift 6 mode with the toolchain's `swiftc`, and returns
/// what the compiler wrote (its warnings and errors), so a test can check a docs claim about
/// the compiler.
func typecheckInSwift6(_ source: String) async throws -> String {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("typecheck-\(UUID().uuidString).swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(at: file) }
  let result = try await ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/env"),
    arguments: ["swiftc", "-typecheck", "-swift-version", "6", file.path],
    timeout: .seconds(120)
  )
  return result.stderr
}
