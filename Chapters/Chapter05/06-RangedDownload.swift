// 5.6 A file in ranged parts. Read with docs/Chapter05-TaskGroups.md#56-a-file-in-ranged-parts
import Foundation
import DownloadStreams
import HTTPFixtures
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a part could not be used.
struct RangedDownloadError: Error, CustomStringConvertible {
  let description: String
}

// snippet.byte-ranges
/// Splits `size` bytes into `parts` ranges in order, as equal as can be: the first
/// `size % parts` ranges are one byte longer.
func byteRanges(size: Int, parts: Int) -> [ClosedRange<Int>] {
  precondition(size >= parts && parts > 0, "need at least one byte per part")
  var ranges: [ClosedRange<Int>] = []
  var start = 0
  for part in 0..<parts {
    let length = size / parts + (part < size % parts ? 1 : 0)
    ranges.append(start...(start + length - 1))
    start += length
  }
  return ranges
}
// snippet.end

// snippet.download-part
/// GETs one range of `url`: a 206 whose Content-Range names exactly that range, with as many
/// bytes as the range holds, or an error.
///
/// `HTTPDownload` (module DownloadStreams) rather than `URLSession.data(for:)`: on Linux, a
/// cancelled `data(for:)` can hang or trap (Chapter04, 4.4), and here the group cancels the
/// other parts whenever one fails.
func downloadPart(_ url: URL, range: ClosedRange<Int>) async throws -> Data {
  var request = URLRequest(url: url)
  request.setValue("bytes=\(range.lowerBound)-\(range.upperBound)", forHTTPHeaderField: "Range")
  let download = try await HTTPDownload.start(request)
  let status = download.response.statusCode
  let contentRange = download.response.value(forHTTPHeaderField: "Content-Range")
  guard status == 206,
    contentRange?.hasPrefix("bytes \(range.lowerBound)-\(range.upperBound)/") == true
  else {
    throw RangedDownloadError(
      description: "asked for bytes \(range.lowerBound)-\(range.upperBound), got status "
        + "\(status), Content-Range \(contentRange ?? "none")"
    )
  }
  var data = Data(capacity: range.count)
  for try await chunk in download.chunks {
    data.append(chunk)
  }
  // A cancelled task's stream ends without an error: say "cancelled", not "too short".
  try Task.checkCancellation()
  guard data.count == range.count else {
    throw RangedDownloadError(
      description:
        "asked for bytes \(range.lowerBound)-\(range.upperBound), got \(data.count) bytes"
    )
  }
  return data
}
// snippet.end

// snippet.download-in-parts
/// Downloads `size` bytes of `url` in `parts` ranged requests at once.
///
/// The pieces are joined in the order of their ranges, whatever order they arrive in. A part
/// that fails cancels the others (the first error wins).
func downloadInParts(
  _ url: URL,
  size: Int,
  parts: Int,
  arrived: @Sendable (_ part: Int, _ range: ClosedRange<Int>) -> Void = { _, _ in }
) async throws -> Data {
  let ranges = byteRanges(size: size, parts: parts)
  return try await withThrowingTaskGroup(of: (index: Int, data: Data).self) { group in
    for (index, range) in ranges.enumerated() {
      group.addTask(name: "part \(index + 1)") {
        (index, try await downloadPart(url, range: range))
      }
    }
    var pieces = [Data](repeating: Data(), count: ranges.count)
    for try await piece in group {
      arrived(piece.index, ranges[piece.index])
      pieces[piece.index] = piece.data  // each piece in its place, not in arrival order
    }
    var whole = Data(capacity: size)
    for piece in pieces {
      whole.append(piece)
    }
    return whole
  }
}
// snippet.end

/// The size the server announces for `url`, from a HEAD request, if it also takes ranges.
func announcedSize(of url: URL) async throws -> Int {
  var request = URLRequest(url: url)
  request.httpMethod = "HEAD"
  let head = try await HTTPDownload.start(request)
  for try await _ in head.chunks {}  // a HEAD has no body: this ends at once
  let response = head.response
  guard response.statusCode == 200, response.value(forHTTPHeaderField: "Accept-Ranges") == "bytes",
    let size = head.expectedLength, size > 0
  else {
    throw RangedDownloadError(description: "HEAD \(url.path) announced no size or no ranges")
  }
  return Int(size)
}

/// The throttle the fixture server puts on each request: 8 MiB/s, as a slow network would.
let partThrottle = 8 * 1024 * 1024

func runRangedDownload(_ context: LessonContext) async throws {
  let console = context.console
  let configuration = FixtureServer.Configuration(
    throttleBytesPerSecond: partThrottle,
    clock: context.clock
  )
  try await FixtureServer.serving(configuration) { server in
    let url = server.url("/files/large.bin")
    let size = try await announcedSize(of: url)
    console.print("HEAD /files/large.bin: \(size) bytes, Accept-Ranges: bytes")
    console.print(
      """
      Four ranged GETs at once, each throttled by the server to 8 MiB/s of the lesson's
      clock (--fast runs that clock 1000 times faster):
      """
    )
    for (index, range) in byteRanges(size: size, parts: 4).enumerated() {
      console.print("  part \(index + 1): Range: bytes=\(range.lowerBound)-\(range.upperBound)")
    }
    let arrivals = Locked(0)
    let whole = try await downloadInParts(url, size: size, parts: 4) { _, _ in
      arrivals.withLock { $0 += 1 }
    }
    // The order they came in changes from run to run, so the transcript shows only the count;
    // --benchmark prints the orders.
    console.print(
      "All \(arrivals.withLock { $0 }) parts arrived, in the order their connections finished;"
    )
    console.print("each went into the slot of its index.")
    let same = whole == FixtureFile.named("large.bin")?.contents
    console.print(
      "Joined in range order: \(whole.count) bytes, "
        + (same ? "identical to the whole file." : "NOT the file!")
    )
  }
  console.print("One slow connection at 8 MiB/s would take 4 s; four at once about 1 s. See")
  console.print("--benchmark for the measured times with 1, 2, 4 and 8 parts.")
}
