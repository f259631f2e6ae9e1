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
    console.print("  parts   seconds   speed-up over 1 part   parts in order of arrival")
    var one: Duration?
    for parts in [1, 2, 4, 8] {
      let clock = ContinuousClock()
      let start = clock.now
      let arrivals = Locked<[Int]>([])
      let whole = try await downloadInParts(url, size: file.size, parts: parts) {
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
        String(format: "  %5d   %7.2f   %5.1fx", parts, seconds, speedUp)
          + "                  "
          + arrivals.withLock { $0 }.map(String.init).joined(separator: " ")
      )
    }
  }
}
