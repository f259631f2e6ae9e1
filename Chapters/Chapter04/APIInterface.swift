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

/// The chapter's `APIInterface`, over a `URLSession`, or a bundled file for an endpoint with a
/// `mockFile`.
struct APIClient: APIInterface {
  var session = uncachedSession

  func asyncRequest<T: Decodable>(
    endpoint: any EndpointProvider,
    responseModel: T.Type
  ) async throws -> T {
    let data: Data
    if let mockFile = endpoint.mockFile {
      data = try MockFile.contents(named: mockFile)  // answered by the file: nothing is sent
    } else {
      data = try await send(endpoint.urlRequest())
    }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw APIError.decoding(DecodingProblem(error), type: "\(T.self)")
    }
  }

  /// Sends `request`: the body of a 2xx answer, or an `APIError` that says why not.
  private func send(_ request: URLRequest) async throws -> Data {
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
    return data
  }
}

/// The JSON files in Chapters/Chapter04/MockFiles, a resource of the Chapter04 target
/// (Package.swift): SwiftPM copies the folder into a resource bundle beside the program, and
/// `Bundle.module` finds them there.
enum MockFile {
  static func contents(named name: String) throws -> Data {
    guard
      let url = Bundle.module.url(
        forResource: name,
        withExtension: "json",
        subdirectory: "MockFiles"
      )
    else {
      throw EndpointError(description: "no file MockFiles/\(name).json in the chapter's resources")
    }
    return try Data(contentsOf: url)
  }
}

/// The chapter's session: no URL cache, so every request of a lesson reaches its server, which
/// counts them, and a cancelled request stays clear of the fatal error a cache can bring on Linux
/// (docs/Chapter04-Networking.md, 4.4).
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
// snippet.end
