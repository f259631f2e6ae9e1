// 6.2 Whole or in part. Read with docs/Chapter06-ByteAccumulation.md#62-whole-or-in-part
import DownloadStreams
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.range-request
extension URLRequest {
  /// A GET of `length` bytes of `url` from `offset`: `Range: bytes=offset-last`, where last is
  /// `offset + (length - 1)` (subtracting first, a part that ends at Int.max does not overflow).
  init(url: URL, offset: Int, length: Int) {
    self.init(url: url)
    setValue("bytes=\(offset)-\(offset + (length - 1))", forHTTPHeaderField: "Range")
  }
}
// snippet.end

/// Why a download's answer is not the one asked for.
struct DownloadError: Error, CustomStringConvertible {
  let description: String
}

// snippet.start-download
/// Starts downloading `url`, whole or in part, and checks the answer.
///
/// The whole file when `offset` is nil, which must answer 200 (and `length` is not used); else
/// the `length` bytes from `offset`, which must answer 206 with a Content-Range naming exactly
/// those bytes. Returns once the response is in, before the body.
func startDownload(_ url: URL, offset: Int? = nil, length: Int) async throws -> HTTPDownload {
  guard let offset else {
    let download = try await HTTPDownload.start(URLRequest(url: url))
    try expectStatus(200, of: download, askedFor: "the whole file")
    return download
  }
  let request = URLRequest(url: url, offset: offset, length: length)
  let download = try await HTTPDownload.start(request)
  let part = "bytes \(offset)-\(offset + (length - 1))"
  try expectStatus(206, of: download, askedFor: part)
  let contentRange = download.response.value(forHTTPHeaderField: "Content-Range") ?? "none"
  guard contentRange.hasPrefix("\(part)/") else {
    throw DownloadError(description: "asked for \(part), got Content-Range \(contentRange)")
  }
  return download
}

/// Throws unless the response has the status `expected`, saying what was asked for.
func expectStatus(_ expected: Int, of download: HTTPDownload, askedFor what: String) throws {
  let status = download.response.statusCode
  guard status != expected else { return }
  var message = "asked for \(what), expected status \(expected), got \(status)"
  if expected == 206 && status == 200 {
    message += ": the server ignored the Range header and sent the whole file"
  }
  throw DownloadError(description: message)
}
// snippet.end

func runWholeOrInPart(_ context: LessonContext) async throws {
  let console = context.console
  let file = try fixtureFile("small.bin")
  try await withServer(context) { server in
    let url = server.url("/files/\(file.name)")
    let whole = try await startDownload(url, length: file.size)
    let length = whole.expectedLength ?? -1
    console.print("The whole file: status \(whole.response.statusCode), Content-Length \(length)")
    let part = try await startDownload(url, offset: 1000, length: 100)
    let contentRange = part.response.value(forHTTPHeaderField: "Content-Range") ?? "none"
    console.print("Range: bytes=1000-1099 gives status \(part.response.statusCode),")
    console.print("  Content-Range \(contentRange), Content-Length \(part.expectedLength ?? -1)")
    var bytes = Data()
    for try await chunk in part.chunks { bytes.append(chunk) }
    let same = bytes == file.contents.subdata(in: 1000..<1100)
    console.print("  its \(bytes.count) bytes are the file's bytes 1000 to 1099: \(same)")
    console.print()
    console.print("Answers that are not the one asked for are errors, each saying why:")
    let wrong: [(String, URL, Int?)] = [
      ("a part that runs past the end", url, file.size - 50),
      ("a part past the end", url, 2_000_000),
      ("a file that is not there", server.url("/files/nothing.bin"), nil),
      ("a route that ignores Range", server.url("/status"), 0),
    ]
    for (title, url, offset) in wrong {
      do {
        _ = try await startDownload(url, offset: offset, length: 100)
        console.print("  \(title): no error")
      } catch {
        console.print("  \(title): \(error)")
      }
    }
  }
}
