// The seed's APIInterface, done properly: the request comes from the endpoint, the status is
// checked, and `T` is decoded as `T`, so no force cast is needed.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.api-client
/// One way to make any request and decode its answer.
protocol APIInterface: Sendable {
  func asyncRequest<T: Decodable>(
    endpoint: any EndpointProvider,
    responseModel: T.Type
  )
    async throws -> T
}

/// The chapter's `APIInterface`, over a `URLSession`.
struct APIClient: APIInterface {
  var session = uncachedSession

  func asyncRequest<T: Decodable>(
    endpoint: any EndpointProvider,
    responseModel: T.Type
  ) async throws -> T {
    let request = try endpoint.urlRequest()
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.dataWithSafeCancel(for: request)  // see 4.4
    } catch let error as URLError {
      throw APIError(transport: error)
    }
    guard let http = response as? HTTPURLResponse else {
      throw APIError.notHTTP
    }
    guard (200..<300).contains(http.statusCode) else {
      throw APIError.status(http.statusCode, serverSays: ServerError.message(in: data))
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw APIError.decoding(DecodingProblem(error), type: "\(T.self)")
    }
  }
}
// snippet.end

/// The chapter's session: no cache, so every request of a lesson reaches its server, which counts
/// them.
let uncachedSession: URLSession = {
  let configuration = URLSessionConfiguration.default
  configuration.urlCache = nil
  configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
  return URLSession(configuration: configuration)
}()

/// The `{"error": "..."}` body the fixture server (and many APIs) send with a failure.
struct ServerError: Decodable {
  let error: String

  static func message(in data: Data) -> String? {
    try? JSONDecoder().decode(ServerError.self, from: data).error
  }
}
