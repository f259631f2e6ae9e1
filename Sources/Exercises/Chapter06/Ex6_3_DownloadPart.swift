import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 6.3: a part, and nothing else (section 6.2).
///
/// Download the `length` bytes of `url` from `offset` with one ranged request
/// (`Range: bytes=offset-last`, where last is the part's last byte) sent with `session`, and
/// return them. Anything but the part asked for is a `PartError`: `.status(code)` unless the
/// status is 206; `.contentRange(expected:received:)` unless Content-Range starts with exactly
/// "bytes offset-last/" (expected is that string; received the header, nil if none).
/// Read docs/Chapter06-ByteAccumulation.md#exercise-63-a-part-and-nothing-else
public func downloadPart(
  of url: URL,
  offset: Int,
  length: Int,
  session: URLSession = .shared
) async throws -> Data {
  // TODO(6.3): the Range header; data(for:); check the status, then the Content-Range.
  throw NotImplemented("6.3")
}
