import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 4b: decode, or say why not (section 4.3).
///
/// Send `request` with `session` (the one given) and decode the body as it comes as `T` with a
/// plain `JSONDecoder` (keys as `T` spells them), whatever the Content-Type says (text before or
/// after the JSON, such as a `)]}'` guard, makes it no JSON). Throw a `FetchError` for every
/// failure: `.status(code, message:)` for any status outside 200...299, whatever the body (a
/// response that is not HTTP has none: any `FetchError` for it), with the `"error"` string (the key
/// spelled so, in lower case) at the top level of the server's JSON body, whatever other keys it
/// holds (nil when there is none, when it is not a string, or when the body is not a JSON object:
/// JSON5, an object inside an array, or one with text before or after it is none);
/// `.decoding(path:)` when the body does not decode, with the path to the failing value ("[2].id",
/// "[1].email", "id", "users[2].id", "7.id": array indices in brackets, keys after dots but none
/// before the first, a key of digits too, as a dictionary's, the missing key included; "" when the
/// body is not JSON at all); `.transport(code)` when URLSession throws a `URLError`. Send the
/// request once, as given, each call its own (method, timeout, headers and every other setting:
/// none added, changed or left out), also for a URL asked for before or by another call at once. A
/// cancelled caller changes none of this: an answer the session still hands back is decoded or
/// refused as above; a request the cancel stops in flight is `.transport(.cancelled)`; never a
/// `CancellationError`.
/// Graded on 886 generated answers too: the page's exercise section lists what they try. Left free:
/// nothing.
/// Read docs/Chapter04-Networking.md#exercise-4b-decode-or-say-why-not
public func fetch<T: Decodable>(
  _ type: T.Type,
  with request: URLRequest,
  session: URLSession = .shared
) async throws -> T {
  // TODO(4b): the fetch, as the statement above says.
  throw NotImplemented("4b")
}
