import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 6c: a part, and nothing else (reference solution).
///
/// Read docs/Chapter06-ByteAccumulation.md#exercise-6c-a-part-and-nothing-else
public func downloadPart(
  of url: URL,
  offset: Int,
  length: Int,
  session: URLSession = .shared
) async throws -> Data {
  // A closed range: 100 bytes from 1000 end at 1099. Subtracting first keeps a part that ends
  // at Int.max from overflowing.
  let last = offset + (length - 1)
  var request = URLRequest(url: url)
  request.setValue("bytes=\(offset)-\(last)", forHTTPHeaderField: "Range")
  let (data, response) = try await session.data(for: request)
  let status = (response as? HTTPURLResponse)?.statusCode ?? 0
  // 200 would be the whole file: a server that ignored Range.
  guard status == 206 else { throw PartError.status(status) }
  let expected = "bytes \(offset)-\(last)/"
  let received = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Range")
  // A shortened range (a part past the end) still answers 206: only this check sees it.
  guard received?.hasPrefix(expected) == true else {
    throw PartError.contentRange(expected: expected, received: received)
  }
  return data
}
