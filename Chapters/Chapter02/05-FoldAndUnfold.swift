// 2.5 Fold and unfold.
// Read with docs/Chapter02-UnfoldingVsPush.md#25-fold-and-unfold
import LessonSupport

func runFoldAndUnfold(_ context: LessonContext) async throws {
  let console = context.console
  // A fold consumes a sequence into one value; an unfold grows a sequence from one seed value.
  let folded = [1, 2, 4, 8].reduce(0, +)
  console.print("fold:   [1, 2, 4, 8].reduce(0, +) -> \(folded)")
  let unfolded = Array(sequence(first: 1) { $0 < 64 ? $0 * 2 : nil })
  console.print(
    "unfold: sequence(first: 1) { $0 < 64 ? $0 * 2 : nil } -> \(commaSeparated(unfolded))"
  )

  console.print("The async unfold, AsyncStream(unfolding:), calls its closure once per pull:")
  // snippet.async-unfold
  let doubling = DoublingState()
  let powers = AsyncStream(unfolding: { await doubling.next(upTo: 64) })  // nil ends it
  var pulled: [Int] = []
  for await power in powers {
    pulled.append(power)
    if power == 4 { break }  // the consumer stops asking, so the closure is not called again
  }
  let calls = await doubling.calls
  let rest = AsyncStream(unfolding: { await doubling.next(upTo: 64) })
  let sumOfTheRest = await rest.reduce(0, +)  // the async fold pulls until nil
  // snippet.end
  console.print(
    """
      a loop that stops at 4 pulls \(commaSeparated(pulled)); the closure ran \(calls) times
      a new stream over the same state, folded with reduce(0, +): \(sumOfTheRest) (8 + ... + 64)
    Hence the name: unfolding grows a stream one element per pull, from the state the closure
    keeps, until it returns nil. Push gives values when the producer has them; pull, when the
    consumer asks.
    """
  )
}

/// The state an unfolding closure carries from one call to the next.
private actor DoublingState {
  private var current: Int?
  /// How often a closure asked for the next value.
  private(set) var calls = 0

  func next(upTo limit: Int) -> Int? {
    calls += 1
    let value = current.map { $0 * 2 } ?? 1
    guard value <= limit else { return nil }
    current = value
    return value
  }
}
