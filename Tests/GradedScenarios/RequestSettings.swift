import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request's settings other than its URL, method, headers and body, by name: every one
/// corelibs Foundation's URLRequest has (Apple's has more, which no test here sets).
func requestSettings(_ request: URLRequest) -> [(name: String, value: String)] {
  [
    ("timeoutInterval", "\(request.timeoutInterval)"),
    ("cachePolicy", "\(request.cachePolicy.rawValue)"),
    ("httpShouldHandleCookies", "\(request.httpShouldHandleCookies)"),
    ("httpShouldUsePipelining", "\(pipelining(of: request))"),
    ("allowsCellularAccess", "\(request.allowsCellularAccess)"),
    ("networkServiceType", "\(request.networkServiceType.rawValue)"),
    ("mainDocumentURL", request.mainDocumentURL?.absoluteString ?? "none"),
    ("httpBodyStream", request.httpBodyStream == nil ? "none" : "a stream"),
  ]
}

/// Each setting of `request` that is not as in `expected`, as "cachePolicy 1 instead of 0".
func settingsChanged(in request: URLRequest, from expected: URLRequest) -> [String] {
  zip(requestSettings(request), requestSettings(expected)).compactMap { got, wanted in
    got.value == wanted.value ? nil : "\(got.name) \(got.value) instead of \(wanted.value)"
  }
}

/// A request's `httpShouldUsePipelining`: deprecated, but still a setting it carries.
///
/// Read through a protocol of the tests' own, the build stays free of deprecation warnings.
protocol PipeliningSetting {
  var httpShouldUsePipelining: Bool { get set }
}

extension URLRequest: PipeliningSetting {}

func pipelining(of request: some PipeliningSetting) -> Bool {
  request.httpShouldUsePipelining
}

func setPipelining(of request: inout some PipeliningSetting, to on: Bool) {
  request.httpShouldUsePipelining = on
}
