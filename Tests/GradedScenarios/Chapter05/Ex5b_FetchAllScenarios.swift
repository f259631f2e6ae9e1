import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

// Exercise 5b graded by its statement: generated ids (0 to 64 in no sorted order, some given twice
// or more, a few calls of 65 to 400 ids with a limit above 64, and crowds up to 10,001), limits
// from 1 to Int.max, fetches of 1 to 5 virtual seconds that succeed or throw (JobFailed, a
// CancellationError, a URLError, a POSIXError, a CocoaError or a DecodingError of their own; 12 to
// 25 in a row), several ending at the same moment, calls made one to three calls deep inside
// another call's fetch, a cancel of the call before it is made or while it runs, and fetches that
// answer it with a CancellationError, an error of their own or not at all (those started after it
// too, in calls run again for that), on a virtual timeline.

/// One call of `fetchAll`, as the grade generates it.
struct FetchAllScenario: GradedScenario, Equatable {
  struct Fetch: Equatable, Sendable {
    var seconds: Int
    /// The error it throws when its time is up, if it fails.
    var fails: OwnError?
    /// How it answers a cancel of the call while it runs. (A fetch that starts after the cancel
    /// throws CancellationError at once, whatever this says, unless the scenario's
    /// `lateFetchesIgnoreTheCancel` says otherwise.)
    var answer: AnswersCancel = .cancellationError
  }

  /// The ids, each with its fetch: how long it takes and whether it throws.
  var ids: [String]
  var fetches: [Fetch]
  var limit: Int
  /// When the caller's task is cancelled, in milliseconds: half a second past a whole one, so
  /// that no fetch ends at that moment.
  var cancelAt: Int?
  /// Whether a fetch that starts after the cancel ignores it too: it runs its time and ends as
  /// it would have (its value or its failure), in flight all the while.
  var lateFetchesIgnoreTheCancel = false
  /// How many calls deep the call is made: inside the one fetch of `fetchAll(["outer"],
  /// atMost: 1)`, itself inside another such call's fetch, and so on (0: made at the top).
  var nested = 0
  /// When the call starts, in milliseconds (a quarter of a second past a whole one, when not 0);
  /// its outcome counts every time from its start, as if it had started at 0.
  var startsAt = 0

  var size: Int { ids.count + (cancelAt == nil ? 0 : 1) }

  /// "x14 2 s then throws JobFailed(x14), ignores a cancel": one fetch as the description says it.
  private func fetchText(_ index: Int) -> String {
    let (id, fetch) = (ids[index], fetches[index])
    var text = "\(id) \(fetch.seconds) s"
    if let fails = fetch.fails { text += " then throws \(fails.spelled(of: id))" }
    if !fetch.answer.spelled.isEmpty { text += ", " + fetch.answer.spelled }
    return text
  }

  var description: String {
    let limitText = limit == .max ? "Int.max" : "\(limit)"
    var each = ids.indices.map(fetchText)
    var idsText = "[" + ids.joined(separator: ", ") + "]"
    if ids.count > 12 {
      // Many ids: the plain fetches counted by their time, the others one by one.
      let plain = ids.indices.filter {
        fetches[$0].fails == nil && fetches[$0].answer == .cancellationError
      }
      let counts = Dictionary(grouping: plain) { fetches[$0].seconds }
      each =
        counts.keys.sorted().map { "\(counts[$0]?.count ?? 0) of \($0) s" }
        + abbreviated(ids.indices.filter { !plain.contains($0) }.map(fetchText))
      idsText = "\(ids.count) ids [" + abbreviated(ids).joined(separator: ", ") + "]"
    }
    var text = "fetchAll(\(idsText), atMost: \(limitText)), fetches: "
    text += each.isEmpty ? "none" : each.joined(separator: ", ")
    if cancelAt == 0 {
      text += "; the caller's task is cancelled before it calls fetchAll"
    } else if let cancelAt {
      text += "; the caller's task is cancelled at \(timelineTime(cancelAt))"
    }
    if cancelAt != nil, lateFetchesIgnoreTheCancel {
      text += "; a fetch started after the cancel ignores it too, and runs its time"
    }
    if nested == 1 {
      text += "; called inside a fetch of another call, fetchAll([outer], atMost: 1)"
    } else if nested > 1 {
      text +=
        "; called \(nested) calls deep, each inside the one fetch of "
        + "fetchAll([outer], atMost: 1)"
    }
    if startsAt > 0 {
      text += "; the call starts at \(timelineTime(startsAt)), and its times count from then"
    }
    return text
  }

  /// The scenario with only the ids at `kept`, in order.
  private func keeping(_ kept: [Int]) -> FetchAllScenario {
    var copy = self
    copy.ids = kept.map { ids[$0] }
    copy.fetches = kept.map { fetches[$0] }
    return copy
  }

  var smaller: [FetchAllScenario] {
    var candidates: [FetchAllScenario] = []
    var simpler: [FetchAllScenario] = []
    if cancelAt != nil {
      var copy = self
      copy.cancelAt = nil
      simpler.append(copy)
    }
    if limit == .max, !ids.isEmpty {
      var copy = self
      copy.limit = ids.count
      simpler.append(copy)
    }
    // A limit one smaller, up to 400 ids (a crowd's limit would shrink for minutes).
    if limit > 1, limit != .max, ids.count <= 400 {
      var copy = self
      copy.limit -= 1
      simpler.append(copy)
    }
    let plain = Fetch(seconds: 1, fails: nil)
    if ids.count > 12 {
      // Halves first, then every fetch made plain at once, so that a hundred ids shrink in a
      // few steps; one id at a time only after.
      candidates.append(keeping(Array(0..<(ids.count / 2))))
      candidates.append(keeping(Array((ids.count / 2)..<ids.count)))
      var copy = self
      copy.fetches = fetches.map { _ in plain }
      if copy != self { simpler.append(copy) }
      candidates += simpler
      simpler = []
      // Over 400 ids, only halves: each try runs them all again.
      guard ids.count <= 400 else { return candidates }
    }
    candidates += ids.indices.map { index in keeping(ids.indices.filter { $0 != index }) }
    candidates += simpler
    if ids.count <= 12 {
      for index in fetches.indices where fetches[index] != plain {
        var copy = self
        copy.fetches[index] = plain
        candidates.append(copy)
      }
    }
    return candidates
  }
}

/// What a generated fetch returns: a value that is itself an Error.
///
/// A link checker's answer may be a URLError; the statement makes it a value like any other, a
/// `.success`.
struct FetchedValue: Error, Equatable, CustomStringConvertible {
  let text: String
  var description: String { text }
}

/// An id as the generated calls give it: equal to any id of the same name, and printed as its
/// name, but knowing its place among the ids, so that the test tells two fetches of one id apart
/// however the answer orders them.
struct PlacedID: Hashable, Sendable, CustomStringConvertible {
  let name: String
  let place: Int

  var description: String { name }
  static func == (left: PlacedID, right: PlacedID) -> Bool { left.name == right.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension FetchAllScenario {
  /// What each fetch returns, in the order of the ids: "x3!" for an id's first place, "x3!2" for
  /// its second, and so on: an id given twice is two fetches, each with a result of its own.
  var values: [String] {
    var seen: [String: Int] = [:]
    return ids.map { id in
      seen[id, default: 0] += 1
      let count = seen[id] ?? 1
      return "\(id)!" + (count == 1 ? "" : "\(count)")
    }
  }
}

/// "3 s", "1.5 s": milliseconds of virtual time as the timeline prints them.
func timelineTime(_ milliseconds: Int) -> String {
  let seconds = Double(milliseconds) / 1000
  return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}

/// For each id, in order: when its fetch started and how it ended; its result; when the call
/// returned; the most fetches in flight at once.
struct FetchAllOutcome: Equatable, CustomStringConvertible {
  var fetches: [String]
  var results: [String]
  var returned: String
  var mostInFlight: Int

  var description: String {
    "fetches: " + (fetches.isEmpty ? "none" : abbreviated(fetches).joined(separator: ", "))
      + "; results [" + abbreviated(results).joined(separator: ", ") + "], returned at "
      + returned + "; at most \(mostInFlight) in flight at once"
  }
}

/// The usual message, and for many ids, where the fetches or the results first differ (the
/// lists are shortened).
func fetchAllDifference(
  _ scenario: FetchAllScenario,
  _ got: FetchAllOutcome,
  _ expected: FetchAllOutcome
) -> String {
  var text = theStatementGives(scenario, got, expected)
  guard scenario.ids.count > 12 else { return text }
  if let fetches = firstDifference(got.fetches, expected.fetches) {
    text += ". Fetches: " + fetches
  }
  if let results = firstDifference(got.results, expected.results) {
    text += ". Results: " + results
  }
  return text
}

/// The statement of exercise 5b, as a program: the fetches start in the order of the ids, at
/// most `limit` at once, a new one the moment one ends.
///
/// A cancel reaches the fetches in flight, which answer it as each does: a CancellationError or
/// an error of its own in its place, or, if it ignores the cancel, its value (or its failure) at
/// its time; the call returns once they have all ended.
func fetchAllModel(_ scenario: FetchAllScenario) -> FetchAllOutcome {
  let count = scenario.ids.count
  if scenario.cancelAt == 0 {
    // Cancelled before the call: each id given a CancellationError, or a fetch that throws one.
    return FetchAllOutcome(
      fetches: scenario.ids.map { "\($0) cancelled" },
      results: scenario.ids.map { _ in "cancelled" },
      returned: "0 s",
      mostInFlight: 0
    )
  }
  var starts = [Int?](repeating: nil, count: count)
  var ends = [Int](repeating: 0, count: count)
  var next = 0
  var now = 0
  var inFlight: [Int] = []
  var most = 0
  func start() {
    starts[next] = now
    ends[next] = now + scenario.fetches[next].seconds * 1000
    inFlight.append(next)
    next += 1
  }
  while next < count, inFlight.count < scenario.limit { start() }
  most = inFlight.count
  while let soonest = inFlight.map({ ends[$0] }).min() {
    if let cancelAt = scenario.cancelAt, cancelAt < soonest {
      now = cancelAt
      break
    }
    now = soonest
    let done = inFlight.filter { ends[$0] == soonest }
    inFlight.removeAll { ends[$0] == soonest }
    for _ in done where next < count { start() }
    most = max(most, inFlight.count)
  }
  var fetches: [String] = []
  var results: [String] = []
  let values = scenario.values
  for (index, id) in scenario.ids.enumerated() {
    let fetch = scenario.fetches[index]
    guard let start = starts[index] else {
      // Not started at the cancel: cancelled, whether fetch is called or not.
      fetches.append("\(id) cancelled")
      results.append("cancelled")
      continue
    }
    let from = "\(id) started at \(timelineTime(start)), "
    let inFlightAtTheCancel = scenario.cancelAt.map { ends[index] > $0 } ?? false
    if inFlightAtTheCancel, fetch.answer != .ignoresIt {
      fetches.append(from + "cancelled")
      results.append(
        fetch.answer == .itsOwnError
          ? "failed: " + OwnError.urlCancelled.spelled(of: id) : "cancelled"
      )
      continue
    }
    if inFlightAtTheCancel { now = max(now, ends[index]) }  // it ignored the cancel
    let end = timelineTime(ends[index])
    fetches.append(from + (fetch.fails == nil ? "ended at \(end)" : "threw at \(end)"))
    results.append(fetch.fails.map { "failed: " + $0.spelled(of: id) } ?? values[index])
  }
  return FetchAllOutcome(
    fetches: fetches,
    results: results,
    returned: timelineTime(now),
    mostInFlight: most
  )
}

/// What the test saw of one call's fetches.
struct FetchLog {
  /// For each place of the ids: when its fetch started (nil: after the cancel) and how it ended.
  var fetches: [Int: (start: Int?, end: String)] = [:]
  var inFlight = 0
  var most = 0
}

/// One call's outcome, from its results and what its fetches did.
func fetchAllOutcome(
  _ scenario: FetchAllScenario,
  _ results: [Result<FetchedValue, any Error>],
  returned: String,
  log logged: FetchLog
) throws -> FetchAllOutcome {
  let fetches = scenario.ids.enumerated().map { index, id -> String in
    guard let (start, end) = logged.fetches[index] else {
      return scenario.cancelAt == nil ? "\(id) never started" : "\(id) cancelled"
    }
    guard let start else { return "\(id) cancelled" }
    return "\(id) started at \(timelineTime(start)), \(end)"
  }
  let words = try zip(scenario.ids.indices, results).map { index, result -> String in
    switch result {
    case .success(let value): return "\(value)"
    case .failure(let error as NotImplemented): throw error
    case .failure(is CancellationError)
    where scenario.cancelAt != nil && logged.fetches[index].map({ $0.end == "cancelled" }) ?? true:
      return "cancelled"  // its fetch cancelled, or never called: free
    case .failure(let error): return "failed: " + spelledChapter05Error(error)
    }
  }
  return FetchAllOutcome(
    fetches: fetches,
    results: words,
    returned: returned,
    mostInFlight: logged.most
  )
}

/// The calls exercise 5b is graded on: a fixed list, from a fixed seed.
///
/// About one in thirty has 65 to 100 ids and a limit above 64.
func fetchAllScenarios(count: Int, seed: UInt64) -> [FetchAllScenario] {
  var numbers = SeededNumbers(seed: seed)
  var nextCode = 0  // the URLError codes a failure throws, each in turn
  let drawn = (0..<count).map { _ in
    let large = numbers.chance(3)
    // Now and then more than 100 ids, all in flight at once under a limit above them.
    let total =
      large
      ? Int.random(in: numbers.chance(30) ? 101...400 : 65...100, using: &numbers)
      : numbers.chance(15)
        ? Int.random(in: 12...64, using: &numbers) : Int.random(in: 0...7, using: &numbers)
    // Names in no sorted order, none twice so far (101 and 401 are primes, and more than the ids).
    let modulus = total < 101 ? 101 : 401
    var ids = (0..<total).map {
      "\(numbers.pick(["k", "b", "x", "a", "m"]))\($0 * 7 % modulus)"
    }
    // Now and then an id given again, at a later place: each place is a fetch of its own.
    if total > 1, numbers.chance(15) {
      for _ in 0..<Int.random(in: 1...max(total / 3, 1), using: &numbers) {
        let from = Int.random(in: 0..<total - 1, using: &numbers)
        ids[Int.random(in: from + 1..<total, using: &numbers)] = ids[from]
      }
    }
    // In two calls of five, some fetches answer a cancel otherwise than with CancellationError.
    let varied = numbers.chance(40)
    let fetches = ids.map { _ in
      FetchAllScenario.Fetch(
        seconds: Int.random(in: 1...5, using: &numbers),
        fails: numbers.chance(20)
          ? OwnError.drawn(from: &numbers, nextCode: &nextCode) : nil,
        answer: varied && numbers.chance(40)
          ? numbers.pick([.itsOwnError, .ignoresIt]) : .cancellationError
      )
    }
    let limits =
      large
      ? [65, total - 1, total, total + 5, Int.max]
      : [1, 1, 2, 3, 4, total, total + 1, total + 5, Int.max, Int.max - 1, 1 << 32]
    let limit = numbers.pick(limits.map { max($0, 1) })
    let cancelAt: Int? =
      numbers.chance(25) ? Int.random(in: 0...12, using: &numbers) * 1000 + 500 : nil
    return FetchAllScenario(ids: ids, fetches: fetches, limit: limit, cancelAt: cancelAt)
  }
  // Crowds of ids, far more than the others, under a limit that lets every fetch fly at once: a
  // cap on the fetches in flight shows here.
  var more = SeededNumbers(seed: seed &+ 1)
  let crowds = [1_025, more.logUniform(401...5_000), 10_001].map { total in
    FetchAllScenario(
      ids: (0..<total).map { "n\($0)" },
      fetches: Array(repeating: FetchAllScenario.Fetch(seconds: 1), count: total),
      limit: more.pick([total, Int.max]),
      cancelAt: nil
    )
  }
  // Failing fetches that throw an error of the platform's own type: the first calls of up to 40
  // ids with a failing fetch again, each with one of `chapter05PlatformErrors` in turn.
  let withFailures = drawn.filter { call in
    call.ids.count <= 40 && call.fetches.contains { $0.fails != nil }
  }
  let platformFailures = withEachPlatformError(withFailures) { scenario, error in
    for index in scenario.fetches.indices where scenario.fetches[index].fails != nil {
      scenario.fetches[index].fails = .platform(error)
    }
  }
  // Calls made inside a fetch of another call: the first thirty of up to 12 ids again, so made,
  // twenty one call deep, five two deep and five three deep.
  let small = drawn.filter { $0.ids.count <= 12 }
  let nested = small.prefix(30).enumerated().map { index, call in
    var scenario = call
    scenario.nested = index < 20 ? 1 : index < 25 ? 2 : 3
    return scenario
  }
  // Calls whose task is cancelled before they are made: the first twenty with ids, again.
  let cancelledBefore = small.filter { !$0.ids.isEmpty }.prefix(20).map { call in
    var scenario = call
    scenario.cancelAt = 0
    return scenario
  }
  return drawn + platformFailures + nested + cancelledBefore + failureStreaks()
    + onlyWhenGrading(crowds)
}

/// Calls where 11 to 25 fetches in a row fail (each a JobFailed or a URLError of its own), the
/// others not: an answer that stops after so many failures shows here.
private func failureStreaks() -> [FetchAllScenario] {
  [(14, 1), (20, 3), (27, Int.max)].enumerated().map { index, shape in
    let (total, limit) = shape
    let fetches = (0..<total).map { place in
      FetchAllScenario.Fetch(
        seconds: 1 + place % 2,
        fails: place == 0 || place == total - 1
          ? nil : index == 1 ? .url(place % everyURLErrorCode.count) : .jobFailed
      )
    }
    return FetchAllScenario(
      ids: (0..<total).map { "f\($0)" },
      fetches: fetches,
      limit: limit,
      cancelAt: nil
    )
  }
}

/// Pairs of calls where the first is cancelled while a fetch that ignores the cancel still runs,
/// and the second starts a quarter of a second after that cancel: a call nobody cancelled, started
/// while another winds down, fetches as it would alone.
func staggeredFetchAllPairs(
  _ scenarios: [FetchAllScenario]
) -> [(FetchAllScenario, FetchAllScenario)] {
  let small = scenarios.filter { $0.ids.count <= 12 && $0.nested == 0 && $0.startsAt == 0 }
  let cancelled = small.filter { call in
    call.cancelAt != nil && call.fetches.contains { $0.answer == .ignoresIt }
  }
  let plain = small.filter { $0.cancelAt == nil && !$0.ids.isEmpty }
  return zip(cancelled.prefix(10), plain.prefix(10)).map { first, drawn in
    var second = drawn
    second.startsAt = (first.cancelAt ?? 0) + 250
    return (first, second)
  }
}

/// The statement of exercise 5b, as a program, when the fetches started after the cancel ignore
/// it (`lateFetchesIgnoreTheCancel`): of the ids not yet started at the cancel, the first
/// `lateFetched` are fetched, in order, each the moment a fetch ends and never more than `limit` in
/// flight; the others get a CancellationError without a fetch. (The statement leaves free whether
/// those ids are fetched; not the limit.)
///
/// With `lateFetched` 0 it gives what `fetchAllModel` gives.
func fetchAllModel(_ scenario: FetchAllScenario, lateFetched: Int) -> FetchAllOutcome {
  let count = scenario.ids.count
  let cancelAt = scenario.cancelAt ?? .max
  var starts = [Int?](repeating: nil, count: count)
  var ends = [Int](repeating: 0, count: count)
  var endedByTheCancel = [Bool](repeating: false, count: count)
  var (next, now, most, late) = (0, 0, 0, 0)
  var cancelled = false
  var inFlight: [Int] = []
  // Every free slot taken by the next id, as long as there is one to start.
  func fill() {
    while next < count, inFlight.count < scenario.limit {
      if cancelled {
        guard late < lateFetched else { break }
        late += 1
      }
      starts[next] = now
      ends[next] = now + scenario.fetches[next].seconds * 1000
      inFlight.append(next)
      next += 1
    }
    most = max(most, inFlight.count)
  }
  fill()
  while let soonest = inFlight.map({ ends[$0] }).min() {
    if !cancelled, cancelAt < soonest {
      // The fetches in flight answer the cancel at once, but those that ignore it.
      (now, cancelled) = (cancelAt, true)
      for index in inFlight where scenario.fetches[index].answer != .ignoresIt {
        (ends[index], endedByTheCancel[index]) = (cancelAt, true)
      }
      inFlight.removeAll { endedByTheCancel[$0] }
    } else {
      now = soonest
      inFlight.removeAll { ends[$0] == soonest }
    }
    fill()
  }
  var fetches: [String] = []
  var results: [String] = []
  let values = scenario.values
  for (index, id) in scenario.ids.enumerated() {
    let fetch = scenario.fetches[index]
    guard let start = starts[index] else {
      fetches.append("\(id) cancelled")
      results.append("cancelled")
      continue
    }
    let from = "\(id) started at \(timelineTime(start)), "
    if endedByTheCancel[index] {
      fetches.append(from + "cancelled")
      results.append(
        fetch.answer == .itsOwnError
          ? "failed: " + OwnError.urlCancelled.spelled(of: id) : "cancelled"
      )
      continue
    }
    let end = timelineTime(ends[index])
    fetches.append(from + (fetch.fails == nil ? "ended at \(end)" : "threw at \(end)"))
    results.append(fetch.fails.map { "failed: " + $0.spelled(of: id) } ?? values[index])
  }
  return FetchAllOutcome(
    fetches: fetches,
    results: results,
    returned: timelineTime(now),
    mostInFlight: most
  )
}

/// How many ids are not yet started when `scenario`'s call is cancelled.
func idsNotStartedAtTheCancel(_ scenario: FetchAllScenario) -> Int {
  fetchAllModel(scenario, lateFetched: 0).fetches.filter { !$0.contains(" started at ") }.count
}

/// What a call whose late fetches ignore the cancel gives, as outcomes equal when they share one.
///
/// The model's outcomes are every one the statement allows (one for each number of ids fetched
/// after the cancel), the answer's the one it gave.
struct LateFetchesOutcome: Equatable, CustomStringConvertible {
  var outcomes: [FetchAllOutcome]

  static func == (first: LateFetchesOutcome, second: LateFetchesOutcome) -> Bool {
    first.outcomes.contains { second.outcomes.contains($0) }
  }

  var description: String {
    outcomes.map(\.description).joined(separator: "; or ")
  }
}

/// The statement of exercise 5b for a call whose late fetches ignore the cancel: one outcome
/// for each number of the ids not started at the cancel that are fetched after it.
func lateFetchesModel(_ scenario: FetchAllScenario) -> LateFetchesOutcome {
  LateFetchesOutcome(
    outcomes: (0...idsNotStartedAtTheCancel(scenario)).map {
      fetchAllModel(scenario, lateFetched: $0)
    }
  )
}

/// The message for a call whose late fetches ignore the cancel: what the answer did, and what
/// the statement gives when as many ids are fetched after the cancel as the answer fetched.
func lateFetchesDifference(
  _ scenario: FetchAllScenario,
  _ got: LateFetchesOutcome,
  _ expected: LateFetchesOutcome
) -> String {
  guard let answer = got.outcomes.first else { return theStatementGives(scenario, got, expected) }
  let alone = fetchAllModel(scenario, lateFetched: 0).fetches
  let notStarted = alone.indices.filter { !alone[$0].contains(" started at ") }
  let fetchedLate = notStarted.filter {
    $0 < answer.fetches.count && answer.fetches[$0].contains(" started at ")
  }.count
  let model = fetchAllModel(scenario, lateFetched: fetchedLate)
  return fetchAllDifference(scenario, answer, model)
}

/// Calls of exercise 5b cancelled while ids are still to start, whose fetches started after the
/// cancel ignore it: the calls `fetchAllScenarios` draws that are cancelled, each with a limit
/// drawn again below its number of ids, and those of them with an id not started at the cancel.
func lateFetchScenarios(count: Int, seed: UInt64) -> [FetchAllScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return fetchAllScenarios(count: count, seed: seed).compactMap { drawn in
    // Cancelled while it runs (not before it is made: then nothing has started to be late).
    guard let cancelAt = drawn.cancelAt, cancelAt > 0, drawn.ids.count >= 2 else { return nil }
    var scenario = drawn
    scenario.limit = numbers.logUniform(1...(drawn.ids.count - 1))
    scenario.lateFetchesIgnoreTheCancel = true
    return idsNotStartedAtTheCancel(scenario) > 0 ? scenario : nil
  }
}
