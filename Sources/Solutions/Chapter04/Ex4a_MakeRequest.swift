import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Exercise 4a: a request built from its endpoint (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-4a-a-request-built-from-its-endpoint
public func makeRequest(for endpoint: Endpoint) throws -> URLRequest {
  // URLComponents stops the program on a scheme such as "é" and on a negative port: check first.
  guard endpoint.scheme == "http" || endpoint.scheme == "https" else {
    throw EndpointError("'\(endpoint.scheme)' is not http or https")
  }
  if let port = endpoint.port, !(0...65535).contains(port) {
    throw EndpointError("port \(port) is not in 0...65535")
  }
  var components = URLComponents()
  components.scheme = endpoint.scheme
  components.host = endpoint.host
  components.port = endpoint.port
  components.path = endpoint.path
  components.queryItems = endpoint.queryItems.isEmpty ? nil : endpoint.queryItems
  guard let url = components.url else {
    throw EndpointError(
      "no URL from '\(endpoint.scheme)', '\(endpoint.host)' and '\(endpoint.path)'"
    )
  }
  var request = URLRequest(url: url)
  request.httpMethod = endpoint.method.rawValue
  if !endpoint.token.isEmpty {
    request.setValue("Bearer \(endpoint.token)", forHTTPHeaderField: "Authorization")
  }
  if let body = endpoint.body {
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
  }
  return request
}
