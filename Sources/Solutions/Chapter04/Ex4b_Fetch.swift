import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 4b: decode, or say why not (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-4b-decode-or-say-why-not
public func fetch<T: Decodable>(
  _ type: T.Type,
  with request: URLRequest,
  session: URLSession = .shared
) async throws -> T {
  let data: Data
  let response: URLResponse
  do {
    (data, response) = try await session.data(for: request)
  } catch let error as URLError {
    throw FetchError.transport(error.code)
  }
  // URLSession does not throw for a 404 or a 500: the status is ours to check, before decoding.
  let status = (response as? HTTPURLResponse)?.statusCode ?? 0
  guard (200..<300).contains(status) else {
    let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.error
    throw FetchError.status(status, message: message)
  }
  do {
    return try JSONDecoder().decode(T.self, from: data)
  } catch let error as DecodingError {
    throw FetchError.decoding(path: codingPath(of: error))
  }
}

/// A server's error body: a JSON object whose "error" is a string, whatever else it holds.
private struct ErrorBody: Decodable {
  let error: String
}

/// "[2].id": the array indices and keys from the top of the JSON to where decoding failed.
private func codingPath(of error: DecodingError) -> String {
  let keys: [any CodingKey]
  switch error {
  case .keyNotFound(let key, let context): keys = context.codingPath + [key]
  case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
    keys = context.codingPath
  @unknown default: keys = []
  }
  var path = ""
  for key in keys {
    // An array's element: JSONDecoder names its key "Index 2". A dictionary's key of digits ("7",
    // in a [String: User]) has an intValue too, but it is a key: "7.id", not "[7].id".
    if let index = key.intValue, key.stringValue == "Index \(index)" {
      path += "[\(index)]"
    } else {
      path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
    }
  }
  return path
}
