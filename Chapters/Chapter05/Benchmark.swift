// `swift run -c release Chapter05 --benchmark`: the ranged download of 5.6 with 1, 2, 4 and 8
// parts, in real time. A measurement for people, not a test: it prints, it does not judge.
import Foundation
import HTTPFixtures
import LessonSupport

func runBenchmark(_ context: LessonContext) async throws {
  let console = context.console
  // Real time whatever the options: the server's throttle is what this measures.
  let configuration = FixtureServer.Configuration(throttleBytesPerSecond: partThrottle)
  let file =
    try FixtureFile.named("large.bin")
    ?? { throw RangedDownloadError(description: "no large.bin") }()
  let expected = file.contents  // generated before any timing
  try await FixtureServer.serving(configuration) { server in
    let url = server.url("/files/\(file.name)")
    console.print("\(file.name), \(file.size) bytes; the server throttles each request to 8 MiB/s.")
    let limit = partsSession().configuration.httpMaximumConnectionsPerHost
    console.print(
      "  parts   connections   seconds   speed-up over 1 part   parts in order of arrival"
    )
    var one: Duration?
    // The last row lifts URLSession's limit of connections per host, which holds 8 parts back.
    for (parts, connections) in [(1, limit), (2, limit), (4, limit), (8, limit), (8, 8)] {
      let session = partsSession(connections: connections)
      defer { session.finishTasksAndInvalidate() }
      let clock = ContinuousClock()
      let start = clock.now
      let arrivals = Locked<[Int]>([])
      let whole = try await downloadInParts(url, size: file.size, parts: parts, session: session) {
        part,
        _ in arrivals.withLock { $0.append(part + 1) }
      }
      let took = start.duration(to: clock.now)
      guard whole == expected else {
        throw RangedDownloadError(description: "\(parts) parts joined are not the file")
      }
      one = one ?? took
      let seconds = Double(took / .milliseconds(1)) / 1000
      let speedUp = (one ?? took) / took
      console.print(
        String(format: "  %5d   %11d   %7.2f   %5.1fx", parts, connections, seconds, speedUp)
          + "                  "
          + arrivals.withLock { $0 }.map(String.init).joined(separator: " ")
      )
    }
  }
}
