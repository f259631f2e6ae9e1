import ExerciseSupport
import Foundation

/// Exercise 5.3: a file in ranged parts (section 5.6).
///
/// Split the bytes 0 to `size - 1` into `parts` ranges in order, whose lengths differ by at most
/// one byte (`size` is at least `parts`). Fetch every range at once, each in a child task, and join
/// the pieces in range order, whatever order they arrive in. A piece whose length is not its
/// range's is an error: throw `WrongPartLength`. The first error (a fetch's, whatever it throws, a
/// CancellationError of its own too, or that one) is thrown at once, and no other fetch is left
/// running. A cancelled call throws the error a fetch answers the cancel with (a CancellationError,
/// or its own); if every fetch still running ignores the cancel and brings its piece, it returns
/// the file or throws CancellationError. A piece may be a slice of a larger `Data`, whose indices
/// start at its `startIndex`, not at 0.
/// Graded on 604 generated downloads too (1 to 40 parts, a few of 65 to 300, two crowds of 301 to
/// 4,000 parts of a byte; up to 5,000 bytes, and 2^25 + 1; parts arriving in any order; slices
/// whose indices start at neither 0 nor their range's offset; one part that fails, with JobFailed,
/// a CancellationError or a URLError of its own, of every code in turn, or a POSIXError of every
/// code in turn, or a CocoaError or DecodingError, or comes empty, short or long; a cancel of the
/// caller at any moment, before the call too, which the fetches answer with a CancellationError, an
/// error of their own, or not at all); two downloads at once, each of a file of its own. Left free:
/// which parts get the extra bytes, and the order the fetches are called in; which error a
/// cancelled call throws when several fetches answer the cancel at once; whether it returns the
/// file or throws CancellationError when every piece still comes; and, when a fetch ignores the
/// cancel that follows an error, whether the error is thrown at once or once that fetch has ended.
/// Read docs/Chapter05-TaskGroups.md#exercise-53-a-file-in-ranged-parts
public func downloadInParts(
  size: Int,
  parts: Int,
  fetch: @escaping @Sendable (ClosedRange<Int>) async throws -> Data
) async throws -> Data {
  // TODO(5.3): the download, as the statement above says.
  throw NotImplemented("5.3")
}
