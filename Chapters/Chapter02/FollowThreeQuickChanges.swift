// Chapter-wide helper of 2.8 and its tests: a view reads a stream while the user sets the
// counter to 1, 2 and 3 in one go.

/// Reads `stream` until it gives 3, while the user makes three quick changes.
///
/// When `copies` values have arrived (the first value, 0, that many times), the user sets the
/// counter to 1, 2 and 3 in one go, on the main actor.
@MainActor
func followThreeQuickChanges(
  _ stream: some AsyncSequence<Int, Never>,
  waitingFor copies: Int = 1,
  setCounter: (Int) -> Void
) async -> [Int] {
  var received: [Int] = []
  for await value in stream {
    received.append(value)
    if received.count == copies {
      for next in 1...3 { setCounter(next) }
    }
    if value == 3 { break }
  }
  return received
}
