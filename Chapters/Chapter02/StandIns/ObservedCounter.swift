// Stand-in for seed 001's counter: @Observable instead of @Published, read with `Observations`.
import Observation

/// The observable model; `Observations { counter.value }` stands in for `$counter.values`.
@MainActor
@Observable
final class ObservedCounter {
  var value = 0
}
