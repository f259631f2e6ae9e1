// Exercise 2a's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter02Exercises
#endif

/// Runs `scenario` on the answer's `ticks(from:)`.
func tickAnswer(_ scenario: TickScenario) async throws -> TickOutcome {
  let names = ["A", "B", "C"]
  var sources = scenario.streams.indices.map {
    ClockedTickSource(scenario.streams[$0].source, name: names[$0])
  }
  let probes = sources.map { WeakTickSource(source: $0) }
  let boxes = sources.map { StreamBox(ticks(from: $0)) }
  // A source not started by the time ticks(from:) returned gets no step from the test.
  let startedAtOnce = sources.map { $0.starts > 0 }
  var readers: [TickReader?] = Array(repeating: nil, count: sources.count)
  var results: [(got: [Int], ending: (any Error)?, source: String)?] = readers.map { _ in nil }
  func startReader(_ index: Int) {
    let consumer = scenario.streams[index].consumer
    readers[index] = TickReader(
      boxes[index],
      limit: { if case .leavesAfter(let count) = consumer { count } else { nil } }(),
      source: sources[index]
    )
  }
  /// The consumer of stream `index` leaves, once its source has given its ticks.
  func leave(_ index: Int) async {
    guard let reader = readers[index] else { return }
    if case .cancelledAfter = scenario.streams[index].consumer { reader.task.cancel() }
    results[index] = await reader.task.value
  }
  for (index, stream) in scenario.streams.enumerated() {
    if stream.consumer != .readsAfterTheEnd || stream.source.endsInStart { startReader(index) }
  }
  // Consumers that leave before any later tick.
  for (index, stream) in scenario.streams.enumerated() {
    if let count = stream.consumer.leavesAt, count <= stream.source.atStart.count {
      await leave(index)
    }
  }
  for event in scenario.events where startedAtOnce[event.stream] {
    let (source, plan) = (sources[event.stream], scenario.streams[event.stream])
    let deadline = plan.source.interval * event.step
    source.clock.advance(by: max(Duration.zero, deadline - source.clock.now.offset))
    await source.waitForStep(event.step)
    if event.step > plan.source.later.count {
      if plan.consumer == .readsAfterTheEnd { startReader(event.stream) }
    } else if plan.consumer.leavesAt == plan.source.atStart.count + event.step {
      await leave(event.stream)
    }
  }
  // A consumer that reads to the end has ended by now; one that has not is stopped here, and
  // an answer that stops its source then had left the stream open.
  let stopsBefore = sources.map(\.stops)
  for index in readers.indices where results[index] == nil {
    if readers[index] == nil { startReader(index) }
    guard let reader = readers[index] else { continue }
    reader.task.cancel()
    results[index] = await reader.task.value
  }
  var outcome = TickOutcome(streams: [])
  for (index, stream) in scenario.streams.enumerated() {
    guard let result = results[index] else { continue }
    if result.ending is NotImplemented, let error = result.ending { throw error }
    let source = sources[index]
    var got = TickOutcome.Stream(got: result.got, end: "then the end", starts: source.starts)
    // Left free: a consumer whose task is cancelled may get the tick its source gives inside
    // stop(), after the ones it was cancelled after.
    if case .cancelledAfter(let count) = stream.consumer, let tick = stream.source.ticksInStop,
      got.got.count == count + 1, got.got.last == tick
    {
      got.got.removeLast()
    }
    switch result.ending {
    case nil where stream.consumer.leavesAt != nil: got.end = "then it left"
    case is CancellationError where stream.consumer.leavesAt != nil: got.end = "then it left"
    case nil: break
    case let error as TickSourceFailed: got.end = "then TickSourceFailed(\(error.source)) thrown"
    case let error? where spelledCarriedError(error) != nil:
      got.end = "then \(spelledCarriedError(error) ?? "") thrown"
    case let error?: got.end = "then \(PlatformError(error).map { "\($0)" } ?? "\(error)") thrown"
    }
    if stream.consumer.leavesAt != nil {
      got.sourceAsItLeft = result.source
    } else if source.stops > stopsBefore[index], source.hasFinished, !stream.source.endsInStart {
      got.end =
        "and no end: the stream was still open after onFinish, until the test cancelled "
        + "the consumer's task"
    }
    outcome.streams.append(got)
  }
  for source in sources { await source.end() }
  sources = []
  outcome.kept = probes.enumerated().filter { $0.element.source != nil }.map {
    probes.count > 1 ? "source \(names[$0.offset])" : "the source"
  }
  return outcome
}
