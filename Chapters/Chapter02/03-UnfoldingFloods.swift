// 2.3 Unfolding floods an endless source.
// Read with docs/Chapter02-UnfoldingVsPush.md#23-unfolding-floods-an-endless-source
import LessonSupport

/// What a view received while following the counter.
struct FollowResult: Equatable {
  /// The values in the order received, each run of repeats counted once.
  var values: [Int] = []
  /// Every delivery, repeats included.
  var deliveries = 0
}

/// Follows a fresh counter through `view` until it delivers 3, changing the counter on the way.
///
/// The user changes the counter each time the view has received the current value `copies`
/// times, so the outcome never depends on timing.
@MainActor
func follow<Values: AsyncSequence<Int, Never>>(
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

@MainActor
func runUnfoldingFloods(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    An @Observable counter goes from 0 to 3. Four views follow it, each through a different
    AsyncSequence; the user changes the counter once the view has shown the current value.

    """
  )
  let viewA = await follow(counterValues, changeAfter: 1)
  console.print("View A, Observations:                    \(describe(viewA)): one per change")

  // Seed 001's flood. The user waits for 100 copies of each value before changing it;
  // the wrapper would go on handing out copies for as long as anyone asks.
  let viewB = await follow(counterValuesUnfolding, changeAfter: 100)
  let atLeast = viewB.deliveries >= 100 * 3 ? "at least 100 per change" : "FEWER than expected"
  console.print("View B, unfolding, subscribing per pull: values \(list(viewB.values)), \(atLeast)")

  let viewB2 = await follow(counterValuesUnfoldingOneObservation, changeAfter: 1)
  console.print("View B2, unfolding over one observation: \(describe(viewB2)): one per change")

  let viewC = await follow(counterValuesPushed, changeAfter: 1)
  console.print("View C, push wrapper:                    \(describe(viewC)): one per change")
  console.print(
    """

    What floods is a new subscription on every pull, not unfolding itself. unfolding runs its
    closure on every next(); View B's closure starts a new observation each time, and a new
    observation answers at once with what is there. View B2's closure reads the next value of
    one long-lived observation, so it waits for a change. The push wrapper delivers what the
    producer produces, with no iterator to keep: once per change.
    """
  )
}

private func describe(_ result: FollowResult) -> String {
  "values \(list(result.values)) in \(result.deliveries) deliveries"
}
