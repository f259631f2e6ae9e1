import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLProtocol {
  /// Answers the request being loaded, as a server would: `status`, `headers`, then `body`.
  func answer(_ url: URL, status: Int, headers: [String: String], body: Data) {
    guard
      let response = HTTPURLResponse(
        url: url,
        statusCode: status,
        httpVersion: "HTTP/1.1",
        headerFields: headers
      )
    else { return }
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: body)
    client?.urlProtocolDidFinishLoading(self)
  }
}
