// `swift run FixtureServer [--port N] [--throttle BYTES_PER_SECOND]`: the chapters' local HTTP
// server, standalone, for exploring with curl. Chapters and tests start it in-process instead.
import HTTPFixtures
import LessonSupport
import Foundation

@main
enum Main {
  static let usage = """
    usage: swift run FixtureServer [--port N] [--throttle BYTES_PER_SECOND]

      --port N          listen on 127.0.0.1:N (default 8080; 0 picks any free port)
      --throttle RATE   limit every download to RATE bytes per second
      --help            show this help

    Routes: /status  /users  /users?page=P&per=N  /users/ID  POST /users (bearer token)
            /files  /files/NAME (Range, ?throttle=RATE)
            /fault/500  /fault/cut  /fault/slow?delay_ms=N  /fault/malformed  /fault/wrong-type
            /fault/missing-field  /fault/null-field  /fault/flaky?key=K&failures=N
            /fault/nested-wrong-type  /fault/status?code=N
    """

  static func main() {
    var configuration = FixtureServer.Configuration(port: 8080)
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      switch argument {
      case "--port":
        guard let value = arguments.popFirst(), let port = UInt16(value) else {
          fail("--port needs a number from 0 to 65535")
        }
        configuration.port = port
      case "--throttle":
        guard let value = arguments.popFirst(), let rate = Int(value), rate > 0 else {
          fail("--throttle needs a positive number of bytes per second")
        }
        configuration.throttleBytesPerSecond = rate
      case "--help", "-h":
        print(usage)
        return
      default:
        fail("unknown option '\(argument)'")
      }
    }
    configuration.log = { line in
      FileHandle.standardOutput.write(Data("  \(line)\n".utf8))
    }

    do {
      let server = try FixtureServer.start(configuration)
      let banner = """
        Fixture server on http://127.0.0.1:\(server.port)  (Ctrl-C to stop)
        Try: curl http://127.0.0.1:\(server.port)/users

        """
      FileHandle.standardOutput.write(Data(banner.utf8))
      while true { sleep(3600) }
    } catch {
      Console.standardError.print("FixtureServer: \(error)")
      exit(1)
    }
  }

  static func fail(_ message: String) -> Never {
    Console.standardError.print("FixtureServer: \(message)\n\n\(usage)")
    exit(64)
  }
}
