import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 6c: a part, and nothing else (section 6.2).
///
/// Download the `length` bytes of `url` from `offset` with one ranged request
/// (`Range: bytes=offset-last`, where last is the part's last byte) sent with `session`, and
/// with no other session, and return them. Any part is asked for: offset 0 or more, length 1 or
/// more, up to a part whose last byte is Int.max. Anything but the part asked for is a
/// `PartError`: `.status(code)` unless the status is 206 (`.status(0)` for a response that is
/// not an `HTTPURLResponse`, which has no status); `.contentRange(expected:received:)`
/// unless Content-Range (a header name in any case, as HTTP has it) starts with exactly
/// "bytes offset-last/" (expected is that string; received the header, nil if none). A request
/// that fails (a `URLError`) throws that error as it is. The body of the right part comes back
/// as it came: its length is not checked, the Content-Range says which bytes it holds.
/// Graded on 317 generated calls too: the page's exercise section lists what they try. Compared:
/// the requests the server sees (method, URL, Range, the session they came through) and what comes
/// back or is thrown (a URLError with the session's own userInfo). Left free: the request's other
/// headers; spaces before or after the Content-Range's value (an HTTP field value has none); what a
/// cancel does (no call is cancelled; section 4.4 shows what a cancelled `data(for:)` does on
/// Linux).
/// Read docs/Chapter06-ByteAccumulation.md#exercise-6c-a-part-and-nothing-else
public func downloadPart(
  of url: URL,
  offset: Int,
  length: Int,
  session: URLSession = .shared
) async throws -> Data {
  // TODO(6c): the request and its checks, as the statement above says.
  throw NotImplemented("6c")
}
