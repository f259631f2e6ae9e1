// Chapter-wide helper of 2.7 and its tests: a view follows the counter from 0 to 3, and the
// user makes each change only after the view has shown the current value.

/// What a view received while following the counter.
struct FollowResult: Equatable {
  /// The values in the order received, each run of repeats counted once.
  var values: [Int] = []
  /// Every delivery, repeats included.
  var deliveries = 0

  /// "values 0, 1, 2, 3 in 4 deliveries".
  var summary: String {
    "values \(commaSeparated(values)) in \(deliveries) deliveries"
  }
}

/// Follows a fresh counter through `view` until it delivers 3, changing the counter on the way.
///
/// The user changes the counter each time the view has received the current value `copies`
/// times, so the outcome never depends on timing.
@MainActor
func followOneChangeAtATime<Values: AsyncSequence<Int, Never>>(
  _ view: @MainActor (ObservedCounter) -> Values,
  changeAfter copies: Int
) async -> FollowResult {
  let counter = ObservedCounter()
  var result = FollowResult()
  var copiesOfCurrent = 0
  for await value in view(counter) {
    result.deliveries += 1
    if result.values.last != value { result.values.append(value) }
    if value == 3 { break }
    copiesOfCurrent += value == counter.value ? 1 : 0
    if copiesOfCurrent == copies {
      counter.value += 1
      copiesOfCurrent = 0
    }
  }
  return result
}
