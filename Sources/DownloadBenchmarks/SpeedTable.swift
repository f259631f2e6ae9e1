import Foundation

/// Download speeds for people to read: each way of downloading is timed a few times, and one
/// line per way shows its best and median MB/s, and its median against a baseline's.
///
/// ```swift
/// let table = SpeedTable(size: file.size, rounds: 5)
/// let seconds = try await table.measure {
///   try await PlainDownloads.data(url, expected: file.size)
/// }
/// print(table.line("URLSession data(for:)", seconds))
/// ```
///
/// A measurement, not a test: nothing here passes or fails.
public struct SpeedTable: Sendable {
  /// The bytes each download moves.
  public let size: Int
  /// How many times each download is timed.
  public let rounds: Int

  /// Creates a table for downloads of `size` bytes, each timed `rounds` times.
  public init(size: Int, rounds: Int = 5) {
    self.size = size
    self.rounds = rounds
  }

  /// Runs `body` `rounds` times, each run returning the seconds its transfer took; sorted.
  ///
  /// `nonisolated(nonsending)`: it runs on the caller's actor, so `body` need not be `Sendable`.
  public nonisolated(nonsending) func measure(
    _ body: nonisolated(nonsending) () async throws -> Double
  ) async throws -> [Double] {
    var seconds: [Double] = []
    for _ in 0..<rounds { seconds.append(try await body()) }
    return seconds.sorted()
  }

  /// One line: `name`, best and median MB/s, and (with a baseline) the median speed as a
  /// multiple of the baseline's, "(0.85 x data(for:))".
  public func line(
    _ name: String,
    _ seconds: [Double],
    baseline: (name: String, seconds: [Double])? = nil
  ) -> String {
    let best = Double(size) / 1e6 / seconds[0]
    let median = Double(size) / 1e6 / seconds[seconds.count / 2]
    var line =
      "  \(name.padding(toLength: 46, withPad: " ", startingAt: 0))"
      + "best \(Self.rate(best)) MB/s   median \(Self.rate(median)) MB/s"
    if let baseline {
      let ratio = baseline.seconds[baseline.seconds.count / 2] / seconds[seconds.count / 2]
      line +=
        ratio < 0.01
        ? String(format: "   (1/%.0f of \(baseline.name))", 1 / ratio)
        : String(format: "   (%.2f x \(baseline.name))", ratio)
    }
    return line
  }

  /// "  442.5", or "   0.06" below 10 MB/s, so that a slow way does not read as 0.
  static func rate(_ megabytesPerSecond: Double) -> String {
    String(format: megabytesPerSecond < 10 ? "%7.2f" : "%7.1f", megabytesPerSecond)
  }

  /// The seconds from `start` to now, on the continuous clock.
  public static func seconds(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// What a download in a benchmark got wrong (too few bytes, a failed tool).
public struct BenchmarkError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// Creates the error.
  public init(_ description: String) { self.description = description }
}
