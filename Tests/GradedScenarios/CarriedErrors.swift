// Errors a collaborator may throw as they are, beside `PlatformError`'s: an NSError of the
// collaborator's own domain that carries an underlying error (NSUnderlyingErrorKey), and platform
// codes `PlatformError` does not name (a locked file, a read-only volume). 2a's sources, 2b's pages
// and 3a's make throw them; the statement gives the error thrown, not the one it carries.
import Foundation

/// An error a collaborator throws, as the messages name it.
indirect enum CarriedError: Equatable, Sendable, CustomStringConvertible {
  case platform(PlatformError)
  case cancellation
  /// An NSError of `CarriedError.domain`, with this code, carrying `underlying`.
  case carrying(code: Int, underlying: CarriedError)

  /// The collaborator's own error domain.
  static let domain = "SourceErrorDomain"

  var error: any Error {
    switch self {
    case .platform(let error): error.error
    case .cancellation: CancellationError()
    case .carrying(let code, let underlying):
      NSError(
        domain: Self.domain,
        code: code,
        userInfo: [NSUnderlyingErrorKey: underlying.error]
      )
    }
  }

  /// The error `error` is, if it is one of these.
  init?(_ error: any Error) {
    if error is CancellationError {
      self = .cancellation
      return
    }
    let bridged = error as NSError
    if bridged.domain == Self.domain,
      let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error,
      let carried = CarriedError(underlying)
    {
      self = .carrying(code: bridged.code, underlying: carried)
      return
    }
    guard let platform = PlatformError(error) else { return nil }
    self = .platform(platform)
  }

  var description: String {
    switch self {
    case .platform(.cocoa(.fileLocking)): "CocoaError(.fileLocking)"
    case .platform(.cocoa(.fileWriteVolumeReadOnly)): "CocoaError(.fileWriteVolumeReadOnly)"
    case .platform(let error): "\(error)"
    case .cancellation: "CancellationError()"
    case .carrying(let code, let underlying):
      "NSError(domain: \"\(Self.domain)\", code: \(code), userInfo: [NSUnderlyingErrorKey: "
        + "\(underlying)])"
    }
  }

  /// Whether the messages need this type's names: an error that carries another, or a code
  /// `PlatformError` does not name.
  var isOdd: Bool {
    switch self {
    case .carrying, .platform(.cocoa(.fileLocking)), .platform(.cocoa(.fileWriteVolumeReadOnly)):
      true
    default: false
    }
  }
}

/// "NSError(domain: ..., userInfo: [NSUnderlyingErrorKey: URLError(.cancelled)])": `error` as the
/// messages name it, if it is an error that carries another or a code only `CarriedError` names.
func spelledCarriedError(_ error: any Error) -> String? {
  guard let carried = CarriedError(error), carried.isOdd else { return nil }
  return carried.description
}

/// The errors the grade throws from a collaborator besides the platform's: each carrying an
/// underlying error (one that says "cancelled", a CancellationError, one that carries another in
/// turn), and the codes of a locked file and a read-only volume thrown as they are.
let everyCarriedError: [CarriedError] = [
  .carrying(code: 7, underlying: .platform(.posix(.ECONNRESET))),
  .carrying(code: 1, underlying: .platform(.posix(.ECANCELED))),
  .carrying(code: 2, underlying: .platform(.url(.cancelled))),
  .carrying(code: 3, underlying: .platform(.url(.timedOut))),
  .carrying(code: 4, underlying: .cancellation),
  .carrying(code: 5, underlying: .platform(.cocoa(.fileLocking))),
  .carrying(code: 6, underlying: .carrying(code: 8, underlying: .platform(.posix(.ECONNRESET)))),
  .platform(.cocoa(.fileLocking)),
  .platform(.cocoa(.fileWriteVolumeReadOnly)),
  .carrying(code: 9, underlying: .platform(.cocoa(.userCancelled))),
]
