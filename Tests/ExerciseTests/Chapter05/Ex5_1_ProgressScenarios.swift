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

// Exercise 5.1 graded by its statement: generated jobs (0 to 300, of 1 to 5 virtual seconds, many
// ending at the same moment), a job that throws, and consumers that read every fraction, leave
// after any number, or whose task is cancelled at any moment, on a virtual timeline.

/// One stream of `progressUpdates`, as the grade generates it.
struct ProgressScenario: GradedScenario {
  enum Consumer: Equatable, Sendable {
    case readsAll
    /// Leaves its loop after this many fractions, and lets the stream go.
    case leavesAfter(Int)
    /// Its task is cancelled at this many milliseconds, a quarter of a second past a whole one
    /// (no job ends or throws then).
    case cancelledAt(Int)
  }

  /// How long each job takes, in whole seconds.
  var seconds: [Int]
  /// The job that throws, and when (half a second past a whole one, so nothing else ends then).
  var failing: (index: Int, at: Int)?
  var consumer: Consumer

  var size: Int { seconds.count + (failing == nil ? 0 : 1) + (consumer == .readsAll ? 0 : 1) }

  var description: String {
    var jobs = seconds.enumerated().map { index, seconds in
      index == failing?.index
        ? "job \(index) throws at \(timelineTime(failing?.at ?? 0))" : "job \(index) \(seconds) s"
    }
    if jobs.count > 12 {
      let counts = Dictionary(grouping: seconds.indices.filter { $0 != failing?.index }) {
        seconds[$0]
      }
      jobs = counts.keys.sorted().map { "\(counts[$0]?.count ?? 0) jobs of \($0) s" }
      if let failing { jobs.append("job \(failing.index) throws at \(timelineTime(failing.at))") }
    }
    var text = "progressUpdates of \(seconds.count) job\(seconds.count == 1 ? "" : "s")"
    text += jobs.isEmpty ? "" : " (" + jobs.joined(separator: ", ") + ")"
    switch consumer {
    case .readsAll: text += "; the consumer reads every fraction"
    case .leavesAfter(let count):
      text += "; the consumer leaves its loop after \(count) fraction\(count == 1 ? "" : "s")"
    case .cancelledAt(let time):
      text += "; the consumer's task is cancelled at \(timelineTime(time))"
    }
    return text
  }

  var smaller: [ProgressScenario] {
    var candidates: [ProgressScenario] = []
    for index in seconds.indices {
      var copy = self
      copy.seconds.remove(at: index)
      if let failing {
        if failing.index == index { copy.failing = nil }
        if failing.index > index { copy.failing = (failing.index - 1, failing.at) }
      }
      if case .leavesAfter(let count) = consumer {
        copy.consumer = .leavesAfter(min(count, copy.seconds.count))
      }
      candidates.append(copy)
    }
    if failing != nil {
      var copy = self
      copy.failing = nil
      candidates.append(copy)
    }
    if consumer != .readsAll {
      var copy = self
      copy.consumer = .readsAll
      candidates.append(copy)
    }
    if case .leavesAfter(let count) = consumer, count > 1 {
      var copy = self
      copy.consumer = .leavesAfter(count - 1)
      candidates.append(copy)
    }
    return candidates.filter(\.isPossible)
  }

  /// A consumer that leaves does so after a fraction it can get.
  var isPossible: Bool {
    if case .leavesAfter(let count) = consumer { return count >= 1 && count <= seconds.count }
    return true
  }
}

extension ProgressScenario: Equatable {
  static func == (left: ProgressScenario, right: ProgressScenario) -> Bool {
    left.seconds == right.seconds && left.failing?.index == right.failing?.index
      && left.failing?.at == right.failing?.at && left.consumer == right.consumer
  }
}

/// The fractions with their times, how the consumer's loop ended, and how each job ended.
struct ProgressOutcome: Equatable, CustomStringConvertible {
  var fractions: [String]
  var end: String
  var jobs: [String]

  var description: String {
    let shown =
      fractions.count > 12 ? fractions.prefix(6) + ["..."] + fractions.suffix(3) : fractions[...]
    let jobsText =
      jobs.count > 12 ? "\(jobs.count) jobs: " + summary(jobs) : jobs.joined(separator: ", ")
    return "fractions "
      + (fractions.isEmpty ? "none" : "\(fractions.count): " + shown.joined(separator: ", "))
      + ", \(end); " + jobsText
  }

  /// "12 ended at 1 s, 3 cancelled at 2.5 s": the fates of many jobs, counted.
  private func summary(_ jobs: [String]) -> String {
    let fates = jobs.map { $0.split(separator: " ", maxSplits: 2).dropFirst(2).joined() }
    let counts = Dictionary(grouping: fates) { $0 }
    return counts.keys.sorted().map { "\(counts[$0]?.count ?? 0) \($0)" }.joined(separator: ", ")
  }
}

/// "2/3 at 2 s": a fraction as k of n, when it is one.
private func spelledFraction(_ fraction: Double, of count: Int) -> String {
  let done = (fraction * Double(count)).rounded()
  return Double(done) / Double(count) == fraction ? "\(Int(done))/\(count)" : "\(fraction)"
}

/// The statement of exercise 5.1, as a program.
func progressModel(_ scenario: ProgressScenario) -> ProgressOutcome {
  let count = scenario.seconds.count
  let ends = scenario.seconds.enumerated().map { index, seconds in
    index == scenario.failing?.index ? (scenario.failing?.at ?? 0) : seconds * 1000
  }
  // The moment the run stops: the failure, the cancel, or the fraction the consumer leaves at.
  var stop = Int.max
  if let failing = scenario.failing { stop = failing.at }
  // A cancel after every job has ended finds the stream finished: it changes nothing.
  if case .cancelledAt(let time) = scenario.consumer, time < (ends.max() ?? 0) {
    stop = min(stop, time)
  }
  let finishing = scenario.seconds.indices.filter {
    $0 != scenario.failing?.index && ends[$0] < stop
  }
  .sorted { ends[$0] < ends[$1] }
  var fractions: [String] = []
  var end: String
  if case .leavesAfter(let leaves) = scenario.consumer, leaves <= finishing.count {
    stop = ends[finishing[leaves - 1]]
    fractions = (1...leaves).map { "\($0)/\(count) at \(timelineTime(ends[finishing[$0 - 1]]))" }
    end = "then the consumer left"
  } else {
    fractions = finishing.enumerated().map {
      "\($0.offset + 1)/\(count) at \(timelineTime(ends[$0.element]))"
    }
    if let failing = scenario.failing, failing.at == stop {
      end = "then JobFailed(job \(failing.index)) thrown at \(timelineTime(stop))"
    } else if stop != Int.max {
      end = "then the end (the consumer cancelled)"
    } else {
      end = "then the end at \(timelineTime(ends.max() ?? 0))"
    }
  }
  // Jobs that end at the moment the consumer leaves have ended before it reads that fraction.
  let jobs = scenario.seconds.indices.map { index -> String in
    if index == scenario.failing?.index, ends[index] == stop {
      return "job \(index) threw at \(timelineTime(stop))"
    }
    return ends[index] <= stop && index != scenario.failing?.index
      ? "job \(index) ended at \(timelineTime(ends[index]))"
      : "job \(index) cancelled at \(timelineTime(stop))"
  }
  return ProgressOutcome(fractions: fractions, end: end, jobs: jobs)
}

/// Runs `scenario` on the answer's `progressUpdates`, on a virtual timeline.
func progressAnswer(_ scenario: ProgressScenario) async throws -> ProgressOutcome {
  let count = scenario.seconds.count
  let fates = Locked<[Int: String]>([:])
  let (value, stuckAt) = try await onTimeline { timeline in
    let jobs = scenario.seconds.indices.map { index in
      { @Sendable in
        let failing = scenario.failing?.index == index
        let milliseconds = failing ? (scenario.failing?.at ?? 0) : scenario.seconds[index] * 1000
        let onTimeline = timeline.isCurrent
        do {
          try await timeline.sleep(for: .milliseconds(milliseconds))
        } catch {
          fates.withLock { $0[index] = "job \(index) cancelled at \(timeline.time)" }
          throw error
        }
        let off = onTimeline ? "" : " (off the timeline)"
        fates.withLock {
          $0[index] = "job \(index) \(failing ? "threw" : "ended") at \(timeline.time)\(off)"
        }
        if failing { throw JobFailed(name: "job \(index)") }
      }
    }
    let consumer = Task(executorPreference: timeline) { () -> (fractions: [String], end: String) in
      var fractions: [String] = []
      do {
        for try await fraction in progressUpdates(of: jobs, executor: timeline) {
          fractions.append("\(spelledFraction(fraction, of: count)) at \(timeline.time)")
          if case .leavesAfter(let leaves) = scenario.consumer, fractions.count == leaves {
            return (fractions, "then the consumer left")
          }
        }
        if case .cancelledAt = scenario.consumer, Task.isCancelled {
          return (fractions, "then the end (the consumer cancelled)")
        }
        return (fractions, "then the end at \(timeline.time)")
      } catch let error as NotImplemented {
        return (fractions, "NotImplemented: \(error)")
      } catch is CancellationError where Task.isCancelled {
        return (fractions, "then the end (the consumer cancelled)")  // free: nil or the error
      } catch {
        return (fractions, "then \(error) thrown at \(timeline.time)")
      }
    }
    if case .cancelledAt(let time) = scenario.consumer {
      Task(executorPreference: timeline) {
        try? await timeline.sleep(for: .milliseconds(time))
        consumer.cancel()
      }
    }
    return await consumer.value
  }
  if let end = value?.end, end.hasPrefix("NotImplemented") { throw NotImplemented("5.1") }
  let known = fates.withLock { $0 }
  return ProgressOutcome(
    fractions: value?.fractions ?? [],
    end: value?.end
      ?? "never ended: at \(stuckAt ?? "?") every task waited for what the timeline cannot see",
    jobs: scenario.seconds.indices.map { known[$0] ?? "job \($0) still running" }
  )
}

/// The streams exercise 5.1 is graded on: a fixed list, from a fixed seed.
func progressScenarios(count: Int, seed: UInt64) -> [ProgressScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [ProgressScenario] = []
  while scenarios.count < count {
    let jobs =
      numbers.chance(12)
      ? Int.random(in: 100...300, using: &numbers) : Int.random(in: 0...8, using: &numbers)
    let longest = numbers.pick([1, 2, 5])
    let seconds = (0..<jobs).map { _ in Int.random(in: 1...longest, using: &numbers) }
    var failing: (index: Int, at: Int)?
    if jobs > 0, numbers.chance(25) {
      failing = (
        Int.random(in: 0..<jobs, using: &numbers),
        Int.random(in: 0...longest, using: &numbers) * 1000 + 500
      )
    }
    let consumer: ProgressScenario.Consumer
    switch Int.random(in: 0..<10, using: &numbers) {
    case 0, 1: consumer = .leavesAfter(Int.random(in: 1...max(jobs, 1), using: &numbers))
    case 2: consumer = .cancelledAt(Int.random(in: 0...longest, using: &numbers) * 1000 + 250)
    default: consumer = .readsAll
    }
    let scenario = ProgressScenario(seconds: seconds, failing: failing, consumer: consumer)
    if scenario.isPossible { scenarios.append(scenario) }
  }
  return scenarios
}
