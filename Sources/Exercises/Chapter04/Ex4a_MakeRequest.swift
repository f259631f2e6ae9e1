import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 4a: a request built from its endpoint (section 4.2).
///
/// Build the URL from the endpoint's scheme, host (as given: upper case kept, an empty one too,
/// letters beyond ASCII as URLComponents writes them), port (nil: the scheme's own, left out; a
/// port given goes in), path and query items (every one, in order, escaped as URLComponents' own
/// `path` and `queryItems` escape them, a "%" too, even one that looks like an escape: the path
/// "/a%20b" is text, sent as "/a%2520b"; no "?" when there are none). Throw an `EndpointError`,
/// never crash, when the scheme is not exactly "http" or "https" ("HTTP" is not), when the port is
/// outside 0...65535, or when the parts make no URL (a path without its leading "/", a host with a
/// space). Set the HTTP method; send a non-empty token, even one of spaces, as `Authorization:
/// Bearer TOKEN` (no header without one); send a body (an empty one too, and one of any size) byte
/// for byte, whatever the method, with `Content-Type: application/json`; set nothing else: no other
/// header, and every other setting (timeout, cache policy, cookies...) as a new `URLRequest` has
/// it.
/// Graded on 1,234 generated endpoints too: the page's exercise section lists what they try. Left
/// free: a token with a line break, which no header value may hold.
/// Read docs/Chapter04-Networking.md#exercise-4a-a-request-built-from-its-endpoint
public func makeRequest(for endpoint: Endpoint) throws -> URLRequest {
  // TODO(4a): the request, as the statement above says.
  throw NotImplemented("4a")
}
