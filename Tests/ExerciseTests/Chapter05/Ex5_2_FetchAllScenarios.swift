import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// Exercise 5.2 graded by its statement: generated ids (0 to 40, in no sorted order), limits from
// 1 to Int.max, fetches of 1 to 5 virtual seconds that succeed or fail (several ending at the same
// moment), and a cancel of the call at any moment, on a virtual timeline.

/// One call of `fetchAll`, as the grade generates it.
struct FetchAllScenario: GradedScenario {
  struct Fetch: Equatable, Sendable {
    var seconds: Int
    var fails: Bool
  }

  /// The ids, each with its fetch: how long it takes and whether it throws.
  var ids: [String]
  var fetches: [Fetch]
  var limit: Int
  /// When the caller's task is cancelled, in milliseconds: half a second past a whole one, so
  /// that no fetch ends at that moment.
  var cancelAt: Int?

  var size: Int { ids.count + (cancelAt == nil ? 0 : 1) }

  var description: String {
    let limitText = limit == .max ? "Int.max" : "\(limit)"
    let each = zip(ids, fetches).map { id, fetch in
      "\(id) \(fetch.seconds) s" + (fetch.fails ? " then throws" : "")
    }
    var text = "fetchAll([\(ids.joined(separator: ", "))], atMost: \(limitText)), fetches: "
    text += each.isEmpty ? "none" : each.joined(separator: ", ")
    if let cancelAt { text += "; the caller's task is cancelled at \(timelineTime(cancelAt))" }
    return text
  }

  var smaller: [FetchAllScenario] {
    var candidates: [FetchAllScenario] = ids.indices.map { index in
      var copy = self
      copy.ids.remove(at: index)
      copy.fetches.remove(at: index)
      return copy
    }
    if cancelAt != nil {
      var copy = self
      copy.cancelAt = nil
      candidates.append(copy)
    }
    if limit > 1, limit != .max {
      var copy = self
      copy.limit -= 1
      candidates.append(copy)
    }
    for index in fetches.indices where fetches[index].seconds > 1 || fetches[index].fails {
      var copy = self
      copy.fetches[index] = Fetch(seconds: 1, fails: false)
      candidates.append(copy)
    }
    return candidates
  }
}

extension FetchAllScenario: Equatable {}

/// "3 s", "1.5 s": milliseconds of virtual time as the timeline prints them.
func timelineTime(_ milliseconds: Int) -> String {
  let seconds = Double(milliseconds) / 1000
  return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}

/// For each id, in order: when its fetch started and how it ended; its result; when the call
/// returned.
struct FetchAllOutcome: Equatable, CustomStringConvertible {
  var fetches: [String]
  var results: [String]
  var returned: String

  var description: String {
    "fetches: " + (fetches.isEmpty ? "none" : fetches.joined(separator: ", ")) + "; results ["
      + results.joined(separator: ", ") + "], returned at " + returned
  }
}

/// The statement of exercise 5.2, as a program: the fetches start in the order of the ids, at
/// most `limit` at once, a new one the moment one ends.
func fetchAllModel(_ scenario: FetchAllScenario) -> FetchAllOutcome {
  let count = scenario.ids.count
  var starts = [Int?](repeating: nil, count: count)
  var ends = [Int](repeating: 0, count: count)
  var next = 0
  var now = 0
  var inFlight: [Int] = []
  func start() {
    starts[next] = now
    ends[next] = now + scenario.fetches[next].seconds * 1000
    inFlight.append(next)
    next += 1
  }
  while next < count, inFlight.count < scenario.limit { start() }
  while let soonest = inFlight.map({ ends[$0] }).min() {
    if let cancelAt = scenario.cancelAt, cancelAt < soonest {
      now = cancelAt
      break
    }
    now = soonest
    let done = inFlight.filter { ends[$0] == soonest }
    inFlight.removeAll { ends[$0] == soonest }
    for _ in done where next < count { start() }
  }
  var fetches: [String] = []
  var results: [String] = []
  for (index, id) in scenario.ids.enumerated() {
    let fetch = scenario.fetches[index]
    guard let start = starts[index], scenario.cancelAt.map({ ends[index] < $0 }) ?? true else {
      // In flight at the cancel, or not yet started: cancelled, whether fetch is called or not.
      let from = starts[index].map { "started at \(timelineTime($0)), " } ?? ""
      fetches.append("\(id) \(from)cancelled")
      results.append("cancelled")
      continue
    }
    let end = timelineTime(ends[index])
    fetches.append(
      "\(id) started at \(timelineTime(start)), "
        + (fetch.fails ? "threw at \(end)" : "ended at \(end)")
    )
    results.append(fetch.fails ? "failed: \(id)" : "\(id)!")
  }
  return FetchAllOutcome(fetches: fetches, results: results, returned: timelineTime(now))
}

/// Runs `scenario` on the answer's `fetchAll`, on a virtual timeline.
func fetchAllAnswer(_ scenario: FetchAllScenario) async throws -> FetchAllOutcome {
  let seconds = Dictionary(uniqueKeysWithValues: zip(scenario.ids, scenario.fetches))
  let log = Locked<[String: (start: String, end: String)]>([:])
  let (value, stuckAt) = try await onTimeline { timeline in
    let call = Task(executorPreference: timeline) {
      await fetchAll(scenario.ids, atMost: scenario.limit) { id in
        let fetch = seconds[id] ?? FetchAllScenario.Fetch(seconds: 0, fails: false)
        let start = timeline.time
        log.withLock { $0[id] = (start, "still running") }
        do {
          try await timeline.sleep(for: .seconds(fetch.seconds))
        } catch {
          log.withLock { $0[id] = (start, "cancelled at \(timeline.time)") }
          throw error
        }
        log.withLock { $0[id] = (start, (fetch.fails ? "threw at " : "ended at ") + timeline.time) }
        if fetch.fails { throw JobFailed(name: id) }
        return "\(id)!"
      }
    }
    if let cancelAt = scenario.cancelAt {
      Task(executorPreference: timeline) {
        try? await timeline.sleep(for: .milliseconds(cancelAt))
        call.cancel()
      }
    }
    let results = await call.value
    return (results, timeline.time)
  }
  guard let (results, returned) = value else {
    return FetchAllOutcome(
      fetches: [],
      results: [],
      returned: "never: at \(stuckAt ?? "?") it waited for what the timeline cannot see"
    )
  }
  let cancelAt = scenario.cancelAt.map(timelineTime)
  let logged = log.withLock { $0 }
  let fetches = scenario.ids.map { id -> String in
    guard let (start, end) = logged[id] else {
      return cancelAt == nil ? "\(id) never started" : "\(id) cancelled"
    }
    // Started at the cancel or after it, a fetch is only a way to be cancelled.
    if end == "cancelled at \(cancelAt ?? "")" {
      return start == cancelAt ? "\(id) cancelled" : "\(id) started at \(start), cancelled"
    }
    return "\(id) started at \(start), \(end)"
  }
  let words = try results.map { result -> String in
    switch result {
    case .success(let value): return "\(value)"
    case .failure(let error as NotImplemented): throw error
    case .failure(let error as JobFailed): return "failed: \(error.name)"
    case .failure(is CancellationError) where cancelAt != nil: return "cancelled"
    case .failure(let error): return "failed: \(error)"
    }
  }
  return FetchAllOutcome(fetches: fetches, results: words, returned: returned)
}

/// The calls exercise 5.2 is graded on: a fixed list, from a fixed seed.
func fetchAllScenarios(count: Int, seed: UInt64) -> [FetchAllScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let total =
      numbers.chance(15)
      ? Int.random(in: 12...40, using: &numbers) : Int.random(in: 0...7, using: &numbers)
    // Names in no sorted order, none twice.
    let ids = (0..<total).map { "\(numbers.pick(["k", "b", "x", "a", "m"]))\($0 * 7 % 41)" }
    let fetches = ids.map { _ in
      FetchAllScenario.Fetch(
        seconds: Int.random(in: 1...5, using: &numbers),
        fails: numbers.chance(20)
      )
    }
    let limit = numbers.pick(
      [1, 1, 2, 3, 4, total, total + 1, total + 5, Int.max].map { max($0, 1) }
    )
    let cancelAt: Int? =
      numbers.chance(25) ? Int.random(in: 0...12, using: &numbers) * 1000 + 500 : nil
    return FetchAllScenario(ids: ids, fetches: fetches, limit: limit, cancelAt: cancelAt)
  }
}
