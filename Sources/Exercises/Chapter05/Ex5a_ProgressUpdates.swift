import ExerciseSupport

/// Exercise 5a: progress from a group (section 5.4).
///
/// Run every job at once, however many, each as a child of a task group, in a driver task started
/// with `Task(executorPreference: executor)` (the tests pass a virtual timeline; nil means
/// anywhere), from the call on, however late the consumer first reads. Each time a job ends, yield
/// the fraction of the jobs done so far (1/3, 2/3, 1.0 for three), counted in the group's own loop;
/// the consumer must get every fraction, even when several jobs end at the same moment, and a slow
/// consumer holds nothing up. Finish after the last (no jobs: finish at once, with no fraction).
/// The first job that throws ends the stream with its error, whatever it throws (a
/// CancellationError of its own too: nobody cancelled the consumer), and no other job is left
/// running; not the error a job throws when cancelled after it, and no fraction after it, not even
/// for a job that ignores the cancel and ends later. When the consumer goes away, cancel the
/// driver, and with it every job (this stream's own: another stream's run on); a cancel of the task
/// that made the stream is not the consumer's going away. The jobs see the task-locals of the
/// caller (a driver made with `Task(executorPreference:)` passes them on; a detached one does not).
/// Streams may run at once, or one inside another's job: each gives what it would alone.
/// Graded on 588 generated streams too: the page's exercise section lists what they try. Left free:
/// whether a cancelled consumer's loop ends with a CancellationError or with no error; when jobs
/// ignore the cancel that follows an error, whether the error ends the stream at once or once those
/// jobs have ended; and whether a driver cancelled before it has run (the consumer let the stream
/// go at once) starts the jobs only to have them cancelled, or starts none.
/// Read docs/Chapter05-TaskGroups.md#exercise-5a-progress-from-a-group
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  // TODO(5a): the stream, as the statement above says.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("5a")) }
}
