// The URLError codes the generated scenarios draw from (3a's failing makes, 3b's failing sends,
// 4b's transport errors, 4d's retries, Chapter05's failing jobs, fetches and parts, the failing
// reads and requests of 6b and 6c), and their names; and errors of the platform's own types
// that a collaborator may throw as they are (2a's sources, 2b's pages, 4d's operations).
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

/// An error of the platform's own type, thrown by a collaborator as it is: one that says
/// "cancelled" among them, which is an error like any other when nobody cancelled.
enum PlatformError: Equatable, Sendable, CustomStringConvertible {
  case url(URLError.Code)
  case posix(POSIXErrorCode)
  case cocoa(CocoaError.Code)
  /// `DecodingError.dataCorrupted`: a response that could not be read, an error like any other.
  case decoding

  init?(_ error: any Error) {
    switch error {
    case let error as URLError: self = .url(error.code)
    case let error as POSIXError: self = .posix(error.code)
    case let error as CocoaError: self = .cocoa(error.code)
    case is DecodingError: self = .decoding
    default: return nil
    }
  }

  var error: any Error {
    switch self {
    case .url(let code): URLError(code)
    case .posix(let code): POSIXError(code)
    case .cocoa(let code): CocoaError(code)
    case .decoding:
      DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not valid JSON."))
    }
  }

  var description: String {
    switch self {
    case .url(let code): spelledURLError(code)
    case .posix(let code):
      "POSIXError(.\(code))"
    case .cocoa(let code):
      "CocoaError("
        + (everyCocoaErrorCode.first { $0.code == code }.map { ".\($0.name)" }
          ?? "code \(code.rawValue)") + ")"
    case .decoding: "DecodingError.dataCorrupted"
    }
  }
}

/// POSIX codes a socket (a body's bytes, a request) may throw, ECANCELED among them: each an
/// error like any other.
let socketPOSIXCodes: [POSIXErrorCode] = [
  .ECONNABORTED, .ECONNRESET, .ECONNREFUSED, .ETIMEDOUT, .ENETDOWN, .ENETUNREACH, .EHOSTUNREACH,
  .ENOTCONN, .EPIPE, .ECANCELED, .EAGAIN, .EINTR,
]

/// Every POSIX code this platform has (131 on Linux), from its C library's numbers: a code's
/// name is its case's name.
let everyPOSIXErrorCode: [POSIXErrorCode] = (1...255).compactMap {
  POSIXErrorCode(rawValue: numericCast($0))
}

/// Every `CocoaError.Code` Foundation names on this platform, with its name.
let everyCocoaErrorCode: [(code: CocoaError.Code, name: String)] = [
  (.fileNoSuchFile, "fileNoSuchFile"), (.fileLocking, "fileLocking"),
  (.fileReadUnknown, "fileReadUnknown"), (.fileReadNoPermission, "fileReadNoPermission"),
  (.fileReadInvalidFileName, "fileReadInvalidFileName"),
  (.fileReadCorruptFile, "fileReadCorruptFile"), (.fileReadNoSuchFile, "fileReadNoSuchFile"),
  (.fileReadInapplicableStringEncoding, "fileReadInapplicableStringEncoding"),
  (.fileReadUnsupportedScheme, "fileReadUnsupportedScheme"),
  (.fileReadTooLarge, "fileReadTooLarge"),
  (.fileReadUnknownStringEncoding, "fileReadUnknownStringEncoding"),
  (.fileWriteUnknown, "fileWriteUnknown"), (.fileWriteNoPermission, "fileWriteNoPermission"),
  (.fileWriteInvalidFileName, "fileWriteInvalidFileName"),
  (.fileWriteFileExists, "fileWriteFileExists"),
  (.fileWriteInapplicableStringEncoding, "fileWriteInapplicableStringEncoding"),
  (.fileWriteUnsupportedScheme, "fileWriteUnsupportedScheme"),
  (.fileWriteOutOfSpace, "fileWriteOutOfSpace"),
  (.fileWriteVolumeReadOnly, "fileWriteVolumeReadOnly"),
  (.fileManagerUnmountUnknown, "fileManagerUnmountUnknown"),
  (.fileManagerUnmountBusy, "fileManagerUnmountBusy"), (.keyValueValidation, "keyValueValidation"),
  (.formatting, "formatting"), (.userCancelled, "userCancelled"),
  (.featureUnsupported, "featureUnsupported"), (.executableNotLoadable, "executableNotLoadable"),
  (.executableArchitectureMismatch, "executableArchitectureMismatch"),
  (.executableRuntimeMismatch, "executableRuntimeMismatch"), (.executableLoad, "executableLoad"),
  (.executableLink, "executableLink"), (.propertyListReadCorrupt, "propertyListReadCorrupt"),
  (.propertyListReadUnknownVersion, "propertyListReadUnknownVersion"),
  (.propertyListReadStream, "propertyListReadStream"),
  (.propertyListWriteStream, "propertyListWriteStream"),
  (.propertyListWriteInvalid, "propertyListWriteInvalid"),
  (.xpcConnectionInterrupted, "xpcConnectionInterrupted"),
  (.xpcConnectionInvalid, "xpcConnectionInvalid"),
  (.xpcConnectionReplyInvalid, "xpcConnectionReplyInvalid"),
  (.ubiquitousFileUnavailable, "ubiquitousFileUnavailable"),
  (.ubiquitousFileNotUploadedDueToQuota, "ubiquitousFileNotUploadedDueToQuota"),
  (.ubiquitousFileUbiquityServerNotAvailable, "ubiquitousFileUbiquityServerNotAvailable"),
  (.userActivityHandoffFailed, "userActivityHandoffFailed"),
  (.userActivityConnectionUnavailable, "userActivityConnectionUnavailable"),
  (.userActivityRemoteApplicationTimedOut, "userActivityRemoteApplicationTimedOut"),
  (.userActivityHandoffUserInfoTooLarge, "userActivityHandoffUserInfoTooLarge"),
  (.coderReadCorrupt, "coderReadCorrupt"), (.coderValueNotFound, "coderValueNotFound"),
  (.coderInvalidValue, "coderInvalidValue"),
]

extension SeededNumbers {
  /// A platform error: a URLError, POSIXError or CocoaError, those that say "cancelled" or "timed
  /// out" as likely as the others.
  mutating func platformError() -> PlatformError {
    switch Int.random(in: 0..<3, using: &self) {
    case 0:
      .url(chance(50) ? pick([.cancelled, .timedOut]) : pick(everyURLErrorCode).code)
    case 1: .posix(pick([.ECANCELED, .ETIMEDOUT, .ECONNRESET, .EAGAIN, .EINTR, .EPIPE]))
    default:
      .cocoa(pick([.userCancelled, .fileReadUnknown, .featureUnsupported, .fileNoSuchFile]))
    }
  }
}
