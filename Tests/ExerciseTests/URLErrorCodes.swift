// The URLError codes the generated scenarios draw from (3.1's failing makes, 3.2's failing sends,
// 4.2's transport errors, 4.4's retries, Chapter05's failing jobs, fetches and parts, the failing
// reads and requests of 6.2 and 6.3), and their names.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every `URLError.Code` Foundation has on this platform, with its name.
// swift-format-ignore
let everyURLErrorCode: [(code: URLError.Code, name: String)] = [
  (.unknown, "unknown"), (.cancelled, "cancelled"), (.badURL, "badURL"), (.timedOut, "timedOut"),
  (.unsupportedURL, "unsupportedURL"), (.cannotFindHost, "cannotFindHost"),
  (.cannotConnectToHost, "cannotConnectToHost"), (.networkConnectionLost, "networkConnectionLost"),
  (.dnsLookupFailed, "dnsLookupFailed"), (.httpTooManyRedirects, "httpTooManyRedirects"),
  (.resourceUnavailable, "resourceUnavailable"), (.notConnectedToInternet, "notConnectedToInternet"),
  (.redirectToNonExistentLocation, "redirectToNonExistentLocation"),
  (.badServerResponse, "badServerResponse"), (.userCancelledAuthentication, "userCancelledAuthentication"),
  (.userAuthenticationRequired, "userAuthenticationRequired"), (.zeroByteResource, "zeroByteResource"),
  (.cannotDecodeRawData, "cannotDecodeRawData"), (.cannotDecodeContentData, "cannotDecodeContentData"),
  (.cannotParseResponse, "cannotParseResponse"), (.internationalRoamingOff, "internationalRoamingOff"),
  (.callIsActive, "callIsActive"), (.dataNotAllowed, "dataNotAllowed"),
  (.requestBodyStreamExhausted, "requestBodyStreamExhausted"),
  (.appTransportSecurityRequiresSecureConnection, "appTransportSecurityRequiresSecureConnection"),
  (.fileDoesNotExist, "fileDoesNotExist"), (.fileIsDirectory, "fileIsDirectory"),
  (.noPermissionsToReadFile, "noPermissionsToReadFile"), (.dataLengthExceedsMaximum, "dataLengthExceedsMaximum"),

  (.secureConnectionFailed, "secureConnectionFailed"), (.serverCertificateHasBadDate, "serverCertificateHasBadDate"),
  (.serverCertificateUntrusted, "serverCertificateUntrusted"),
  (.serverCertificateHasUnknownRoot, "serverCertificateHasUnknownRoot"),
  (.serverCertificateNotYetValid, "serverCertificateNotYetValid"),
  (.clientCertificateRejected, "clientCertificateRejected"), (.clientCertificateRequired, "clientCertificateRequired"),
  (.cannotLoadFromNetwork, "cannotLoadFromNetwork"), (.cannotCreateFile, "cannotCreateFile"),
  (.cannotOpenFile, "cannotOpenFile"), (.cannotCloseFile, "cannotCloseFile"),
  (.cannotWriteToFile, "cannotWriteToFile"), (.cannotRemoveFile, "cannotRemoveFile"),
  (.cannotMoveFile, "cannotMoveFile"), (.downloadDecodingFailedMidStream, "downloadDecodingFailedMidStream"),
  (.downloadDecodingFailedToComplete, "downloadDecodingFailedToComplete"),
  (.backgroundSessionRequiresSharedContainer, "backgroundSessionRequiresSharedContainer"),
  (.backgroundSessionInUseByAnotherProcess, "backgroundSessionInUseByAnotherProcess"),
  (.backgroundSessionWasDisconnected, "backgroundSessionWasDisconnected"),
]

/// "timedOut": a code's name, as `URLError.Code` spells it ("code -1234" for a code
/// `everyURLErrorCode` lacks).
func urlErrorCodeName(_ code: URLError.Code) -> String {
  everyURLErrorCode.first { $0.code == code }?.name ?? "code \(code.rawValue)"
}

/// The index of the next code of `everyURLErrorCode`, round and round: scenarios that draw their
/// codes this way try every one.
func nextURLErrorCode(_ next: inout Int) -> Int {
  defer { next = (next + 1) % everyURLErrorCode.count }
  return next
}

/// "URLError(.timedOut)": an error of `code` as the messages show it ("URLError(code -1234)" for
/// a code `everyURLErrorCode` lacks).
func spelledURLError(_ code: URLError.Code) -> String {
  let name = urlErrorCodeName(code)
  return "URLError(\(name.hasPrefix("code ") ? name : "." + name))"
}
