// Exercise 2c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport

#if SOLUTIONS
import Solutions
#else
import Chapter02Exercises
#endif

/// One stream made by the answer: its continuation, a log, and its consumer.
private struct LatestStream {
  let continuation: AsyncThrowingStream<Double, any Error>.Continuation
  let log = Locked<[String]>([])
  let consumer: StepConsumer<Double>

  init(
    reads: Int,
    made: (
      stream: AsyncThrowingStream<Double, any Error>,
      continuation: AsyncThrowingStream<Double, any Error>.Continuation
    )
  ) {
    let (stream, continuation) = made
    self.continuation = continuation
    consumer = StepConsumer(reader: 0, steps: reads, stream: stream)
    continuation.onTermination = { [log] reason in
      let spelled =
        switch reason {
        case .cancelled: ".cancelled"
        case .finished(nil): ".finished(nil)"
        case .finished(let error as LatestFailure): ".finished(LatestFailure(\(error.stream)))"
        case .finished(let error?): ".finished(\(error))"
        @unknown default: "\(reason)"
        }
      log.withLock { $0.append("onTermination(\(spelled))") }
    }
  }

  /// Logs what the consumer's next() gave; false when it gave no value: its loop has ended.
  @discardableResult
  func log(_ read: OneShotSignal<Result<Double?, any Error>>) async throws -> Bool {
    let entry =
      switch await read.wait() {
      case .success(let value?): "read \(spelledValue(value))"
      case .success(nil): "read: the end"
      case .failure(let error as NotImplemented): throw error
      case .failure(let error as LatestFailure): "read: LatestFailure(\(error.stream)) thrown"
      case .failure(let error): "read: \(error) thrown"
      }
    log.withLock { $0.append(entry) }
    return entry.hasPrefix("read ")
  }
}

/// Runs `scenario` on the answer's `makeLatestValueStream()`.
func latestAnswer(_ scenario: LatestScenario) async throws -> LatestOutcome {
  // A stub's NotImplemented ends the run here, before any step.
  let (probe, finished) = makeLatestValueStream()
  finished.finish()
  for try await _ in probe {}

  var streams: [LatestStream] = []
  for _ in 0..<scenario.streams {
    let made =
      scenario.madeInACancelledTask
      ? await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return makeLatestValueStream()
      }.value
      : makeLatestValueStream()
    streams.append(LatestStream(reads: scenario.steps.count + 8, made: made))
  }
  var gone = Array(repeating: false, count: scenario.streams)
  for (index, step) in scenario.steps {
    let stream = streams[index]
    switch step {
    case .yield(let values): values.forEach { stream.continuation.yield($0) }
    case .read: gone[index] = try await !stream.log(stream.consumer.startNext())
    case .yieldWhileWaiting(let value):
      let read = stream.consumer.startNext()
      stream.continuation.yield(value)
      gone[index] = try await !stream.log(read)
    case .finish(let fails):
      stream.continuation.finish(throwing: fails ? LatestFailure(stream: index + 1) : nil)
    case .leave:
      await stream.consumer.leave()
      gone[index] = true
    case .cancelWhileWaiting:
      let read = stream.consumer.startNext()
      stream.consumer.task.cancel()
      try await stream.log(read)
      gone[index] = true
    case .cancelWhileAway: stream.consumer.task.cancel()
    case .yieldAfterTheConsumerLeft(let value):
      let result =
        switch stream.continuation.yield(value) {
        case .terminated: ".terminated"
        case .enqueued: ".enqueued"
        case .dropped: ".dropped"
        @unknown default: "something else"
        }
      stream.log.withLock { $0.append("yield(\(spelledValue(value))) returned \(result)") }
    }
  }
  // What is left: a consumer still there reads on, its task cancelled first so that a stream
  // left open ends too (its onTermination then says so).
  for (index, stream) in streams.enumerated() where !gone[index] {
    stream.consumer.task.cancel()
    for _ in 0..<8 where !gone[index] {
      gone[index] = try await !stream.log(stream.consumer.startNext())
    }
  }
  for stream in streams { await stream.consumer.leave() }
  return LatestOutcome(logs: streams.map { $0.log.withLock { $0 } })
}
