// 5.1 Four ways to make three calls. Read with docs/Chapter05-TaskGroups.md#51-four-ways-to-make-three-calls
import LessonSupport
import VirtualTime

// snippet.one-after-another
/// Each call starts when the one before has answered: the time is the sum of the three.
func callsOneAfterAnother(clock: some Clock<Duration>) async throws -> [String] {
  var answers: [String] = []
  for call in Call.allCases {
    answers.append(try await testFunc(call, clock: clock))
  }
  return answers
}
// snippet.end

// snippet.unstructured
/// Three unstructured tasks: they run at once, but nothing ties them to this function.
///
/// Each handle must be awaited (or cancelled) by hand, and the answers come in the order of
/// those awaits. `executorPreference` keeps them on the lesson's timeline, which `Task {}` does
/// not inherit.
func callsInUnstructuredTasks(timeline: VirtualTimeline) async throws -> [String] {
  let first = Task(name: "first", executorPreference: timeline) {
    try await testFunc(.first, clock: timeline)
  }
  let second = Task(name: "second", executorPreference: timeline) {
    try await testFunc(.second, clock: timeline)
  }
  let third = Task(name: "third", executorPreference: timeline) {
    try await testFunc(.third, clock: timeline)
  }
  return [try await first.value, try await second.value, try await third.value]
}
// snippet.end

// snippet.async-let
/// Three `async let` child tasks, one per variable, started at once and awaited in order.
///
/// A fixed number of children, each with its own type if need be.
func callsWithAsyncLet(clock: some Clock<Duration>) async throws -> [String] {
  async let first = testFunc(.first, clock: clock)
  async let second = testFunc(.second, clock: clock)
  async let third = testFunc(.third, clock: clock)
  return try await [first, second, third]
}
// snippet.end

// snippet.group
/// A task group: any number of children of one type; `for try await` takes their answers in
/// the order they finish, so `received` sees the quickest first.
func callsInAGroup(
  clock: some Clock<Duration>,
  received: (String) -> Void
) async throws -> [String] {
  try await withThrowingTaskGroup(of: String.self) { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        try await testFunc(call, clock: clock)
      }
    }
    var answers: [String] = []
    for try await answer in group {
      received(answer)
      answers.append(answer)
    }
    return answers
  }
}
// snippet.end

func runFourWays(_ context: LessonContext) async throws {
  let console = context.console
  console.print("The seed's three calls take 3 s (first), 1 s (second) and 2 s (third).")
  console.print("Each way runs on a virtual timeline of its own, from 0 s (see the docs).")
  // Runs one way on a fresh timeline and prints its answers and the time it took.
  func show(
    _ title: String,
    _ way: @escaping @Sendable (VirtualTimeline) async throws -> [String]
  ) async throws {
    let (answers, time) = try await VirtualTimeline.run(pace: context.pace) { timeline in
      (try await way(timeline), timeline.time)
    }
    console.print("\(title): \(answers.joined(separator: ", ")), in \(time)")
  }
  try await show("One after another") { try await callsOneAfterAnother(clock: $0) }
  try await show("Three unstructured tasks") { try await callsInUnstructuredTasks(timeline: $0) }
  try await show("async let") { try await callsWithAsyncLet(clock: $0) }
  console.print("A task group, each answer as it arrives:")
  try await show("A task group") { timeline in
    try await callsInAGroup(clock: timeline) { answer in
      console.print("  at \(timeline.time): \(answer)")
    }
  }
  console.print("Concurrent: the longest call (3 s). One after another: the sum (6 s).")
  console.print("Only the group hands out answers as they finish; the others in the order asked.")
}
