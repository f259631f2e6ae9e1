import ChildProcesses
@testable import HTTPFixtures
import TestTooling
import Foundation
import XCTest

/// `swift run FixtureServer`: what a learner sees when they mistype, or the port is taken.
final class FixtureServerToolTests: XCTestCase {
  private func runTool(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      try BuildProducts.executable(named: "FixtureServer"),
      arguments: arguments,
      timeout: .seconds(60)
    )
  }

  func test_help_listsTheOptionsAndRoutes_andExits0() async throws {
    let result = try await runTool(["--help"])
    XCTAssertEqual(result.termination, .exited(0))
    XCTAssertTrue(result.stdout.contains("usage: swift run FixtureServer"), result.stdout)
    XCTAssertTrue(result.stdout.contains("/files/NAME"), result.stdout)
  }

  func test_anUnknownOption_isNamed_withTheUsage_exit64() async throws {
    let result = try await runTool(["--prot", "8080"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("FixtureServer: unknown option '--prot'"), result.stderr)
    XCTAssertTrue(result.stderr.contains("usage: swift run FixtureServer"), result.stderr)
  }

  func test_badValues_exit64() async throws {
    for arguments in [["--port", "70000"], ["--port"], ["--throttle", "0"], ["--throttle", "x"]] {
      let result = try await runTool(arguments)
      XCTAssertEqual(result.termination, .exited(64), "\(arguments)")
      XCTAssertTrue(result.stderr.contains("needs a"), "\(arguments): \(result.stderr)")
    }
  }

  func test_aPortInUse_isAClearError_exit1() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let result = try await runTool(["--port", "\(server.port)"])
    XCTAssertEqual(result.termination, .exited(1))
    XCTAssertTrue(
      result.stderr.contains("FixtureServer: port \(server.port) is already in use"),
      result.stderr
    )
  }
}
