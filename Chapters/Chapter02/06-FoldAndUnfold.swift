// 2.6 Fold and unfold.
// Read with docs/Chapter02-UnfoldingVsPush.md#26-fold-and-unfold
import LessonSupport

func runFoldAndUnfold(_ context: LessonContext) async throws {
  let console = context.console
  // A fold consumes a sequence into one value; an unfold grows a sequence from one seed value.
  let folded = [1, 2, 4, 8].reduce(0, +)
  console.print("fold:          [1, 2, 4, 8].reduce(0, +)                   -> \(folded)")

  let unfolded = Array(sequence(first: 1) { $0 < 64 ? $0 * 2 : nil })
  console.print("unfold:        sequence(first: 1) { $0 < 64 ? $0 * 2 : nil } -> \(list(unfolded))")

  // The async forms: AsyncStream(unfolding:) grows, reduce folds; nil ends the growing.
  let doubling = DoublingState()
  let powers = AsyncStream(unfolding: { await doubling.next(upTo: 64) })
  let sum = await powers.reduce(0, +)
  console.print("async unfold, then fold: AsyncStream(unfolding:) to 64, .reduce(0, +) -> \(sum)")
  console.print("Hence the name: unfolding grows a stream one element per call, until nil.")
}

/// The state an unfolding closure carries from one call to the next.
private actor DoublingState {
  private var current: Int?

  func next(upTo limit: Int) -> Int? {
    let value = current.map { $0 * 2 } ?? 1
    guard value <= limit else { return nil }
    current = value
    return value
  }
}
