// 5.5 At most N at a time. Read with docs/Chapter05-TaskGroups.md#55-at-most-n-at-a-time
import LessonSupport
import VirtualTime

// snippet.map-with-limit
/// Runs `transform` on every input with at most `limit` children in flight.
///
/// It starts `limit` children, then a new one each time one finishes. The outputs come back in
/// input order, whatever order the children finish in. The first error leaves the loop, and the
/// group cancels the children still running.
func mapWithLimit<Input: Sendable, Output: Sendable>(
  _ inputs: [Input],
  limit: Int,
  _ transform: @escaping @Sendable (Input) async throws -> Output
) async throws -> [Output] {
  precondition(limit > 0, "limit must be at least 1")
  return try await withThrowingTaskGroup(of: (index: Int, output: Output).self) { group in
    var outputs = [Output?](repeating: nil, count: inputs.count)
    var next = 0
    while next < min(limit, inputs.count) {
      let index = next
      group.addTask { (index, try await transform(inputs[index])) }
      next += 1
    }
    while let finished = try await group.next() {
      outputs[finished.index] = finished.output  // by index: completion order does not matter
      if next < inputs.count {
        let index = next
        group.addTask { (index, try await transform(inputs[index])) }
        next += 1
      }
    }
    return outputs.compactMap { $0 }
  }
}
// snippet.end

/// A job of the lesson: a name and how long it takes.
struct Job: Sendable {
  let name: String
  let duration: Duration

  static let six = [
    Job(name: "A", duration: .seconds(3)), Job(name: "B", duration: .seconds(1)),
    Job(name: "C", duration: .seconds(2)), Job(name: "D", duration: .seconds(2)),
    Job(name: "E", duration: .seconds(1)), Job(name: "F", duration: .seconds(3)),
  ]
}

/// What a job that fails throws.
struct JobError: Error, CustomStringConvertible {
  let job: String
  var description: String { "JobError(\(job))" }
}

/// When a job ran, in whole virtual seconds.
struct JobRun: Sendable {
  let job: Job
  let start: Int
  let end: Int
}

/// Runs `job` on the timeline: returns when it started and ended, or throws `JobError` at its
/// end if `failing` names it.
func runJob(
  _ job: Job,
  on timeline: VirtualTimeline,
  failing: String? = nil,
  console: Console
) async throws -> JobRun {
  let start = timeline.now.offset
  do {
    try await timeline.sleep(for: job.duration)
  } catch {
    console.print("  at \(timeline.time): \(job.name) was cancelled")
    throw error
  }
  if job.name == failing {
    console.print("  at \(timeline.time): \(job.name) threw \(JobError(job: job.name))")
    throw JobError(job: job.name)
  }
  return JobRun(
    job: job,
    start: Int(start / .seconds(1)),
    end: Int(timeline.now.offset / .seconds(1))
  )
}

/// The runs as a table with a bar per job, one character per second.
func printSchedule(_ runs: [JobRun], console: Console) {
  console.print("  job  takes  runs       |0    5")
  for run in runs {
    let bar =
      String(repeating: " ", count: run.start) + String(repeating: "#", count: run.end - run.start)
    let runs = "\(run.start) s - \(run.end) s"
    console.print("  \(run.job.name)    \(run.end - run.start) s    \(runs)  |\(bar)")
  }
}

func runBoundedConcurrency(_ context: LessonContext) async throws {
  let console = context.console
  let total = Job.six.reduce(Duration.zero) { $0 + $1.duration }
  console.print(
    "Six jobs of 3, 1, 2, 2, 1 and 3 s (\(Int(total / .seconds(1))) s one after another),"
  )
  console.print("through mapWithLimit(limit: 2):")
  let (runs, time) = try await VirtualTimeline.run(pace: context.pace) { timeline in
    let runs = try await mapWithLimit(Job.six, limit: 2) { job in
      try await runJob(job, on: timeline, console: console)
    }
    return (runs, timeline.time)
  }
  printSchedule(runs, console: console)
  console.print(
    "  in input order: \(runs.map(\.job.name).joined(separator: ", ")), all done at \(time)"
  )
  console.print(
    "Each new job starts the moment one ends: two are in flight until the jobs run out."
  )

  console.print()
  console.print("First error wins: C throws when it ends, at 3 s:")
  let failed = try await VirtualTimeline.run(pace: context.pace) { timeline in
    do {
      _ = try await mapWithLimit(Job.six, limit: 2) { job in
        try await runJob(job, on: timeline, failing: "C", console: console)
      }
      return "no error"
    } catch {
      return "\(error) reached the caller at \(timeline.time); no output came back"
    }
  }
  console.print("  \(failed)")
}
