import ExerciseSupport
import Foundation

/// Exercise 5c: a file in ranged parts, written in order (section 5.6).
///
/// Split the bytes 0 to `size - 1` into `parts` ranges in order, whose lengths differ by at most
/// one byte (`size` is at least `parts`). Fetch every range at once, each in a child task, and hand
/// the pieces to `write` in range order, each once, whatever order they arrive in: a piece as soon
/// as it and every piece before it have come and the write before it has returned. `write` is not
/// Sendable: call it from the group's own loop (the caller's isolation, which `isolation` keeps),
/// one piece at a time. A piece whose length is not its range's is an error: throw
/// `WrongPartLength`. The loop takes what the fetches give in the order they end: a piece, then
/// each write it makes possible; or an error (a fetch's, whatever it throws, a CancellationError of
/// its own too, or that one), which ends the call when the loop comes to it: thrown, with no write
/// after it, and every other fetch cancelled. An error `write` throws ends the call the same way. A
/// cancelled call starts no write after the cancel and throws CancellationError or the error a
/// fetch answers the cancel with (or, cancelled during a write that throws, that write's error). No
/// rule of time of your own: a part takes as long as it takes. Calls may run at once: each does
/// what it would alone. A piece may be a slice of a larger `Data`, whose indices start at its
/// `startIndex`, not at 0.
/// Graded on 629 generated downloads too: the page's exercise section lists what they try. Left
/// free: which parts get the extra bytes, and the order the fetches are called in; when a cancelled
/// call throws (from the moment its loop is first free after the cancel to the moment it would
/// start a write), and which of those errors; whether a call cancelled during its last write
/// returns or throws; and, when a fetch ignores the cancel that follows an error, whether the error
/// is thrown at once or once that fetch has ended.
/// Read docs/Chapter05-TaskGroups.md#exercise-5c-a-file-in-ranged-parts-written-in-order
public func downloadInParts(
  isolation: isolated (any Actor)? = #isolation,
  size: Int,
  parts: Int,
  fetch: @escaping @Sendable (ClosedRange<Int>) async throws -> Data,
  write: (Data) async throws -> Void
) async throws {
  // TODO(5c): the download, as the statement above says.
  throw NotImplemented("5c")
}
