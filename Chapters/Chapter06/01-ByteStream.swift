// 6.1 A download as bytes. Read with docs/Chapter06-ByteAccumulation.md#61-a-download-as-bytes
import DownloadStreams
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.count-bytes
/// Downloads `url` one byte at a time: its status, how many bytes came, and their sum (mod 256).
///
/// `HTTPDownload.start` returns once the response is in, before the body; `bytes` is the body as
/// an `AsyncSequence` of `UInt8`, where Apple platforms have `URLSession.bytes(for:)`.
func countBytes(of url: URL) async throws -> (status: Int, count: Int, sum: UInt8) {
  let download = try await HTTPDownload.start(URLRequest(url: url))
  var count = 0
  var sum: UInt8 = 0
  for try await byte in download.bytes {
    count += 1
    sum &+= byte
  }
  return (download.response.statusCode, count, sum)
}
// snippet.end

// snippet.first-bytes
/// The first `count` bytes of `url`.
///
/// Leaving the loop early and returning drops the download, and with nothing holding its
/// stream, HTTPDownload cancels the rest of the transfer.
func firstBytes(of url: URL, count: Int) async throws -> [UInt8] {
  let download = try await HTTPDownload.start(URLRequest(url: url))
  var bytes: [UInt8] = []
  for try await byte in download.bytes {
    bytes.append(byte)
    if bytes.count == count { break }
  }
  return bytes
}
// snippet.end

func runByteStream(_ context: LessonContext) async throws {
  let console = context.console
  let file = try fixtureFile("small.bin")
  try await withServer(context) { server in
    let url = server.url("/files/\(file.name)")
    console.print(
      "GET /files/\(file.name), its body read with HTTPDownload.bytes, one byte at a time:"
    )
    let (status, count, sum) = try await countBytes(of: url)
    console.print("  status \(status); \(count) bytes came (the file has \(file.size))")
    let expectedSum = file.contents.reduce(UInt8(0)) { $0 &+ $1 }
    console.print("  their sum mod 256 is \(sum), the file's is \(expectedSum): the same bytes")
    let first = try await firstBytes(of: url, count: 8)
    let hex = first.map { String(format: "%02x", $0) }.joined(separator: " ")
    console.print("The first 8 bytes, and then the loop stops: \(hex)")
  }
  console.print("The body came in chunks of about 16 KiB; the byte sequence hands them out one")
  console.print("byte at a time, and suspends only when a chunk is used up.")
}
