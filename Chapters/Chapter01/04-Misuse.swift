// 1.4 Checked vs unsafe, and callbacks that fire twice.
// Read with docs/Chapter01-Continuations.md#14-checked-vs-unsafe-and-callbacks-that-fire-twice
import LessonSupport

func runMisuse(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    A checked continuation watches for misuse at run time; an unsafe one trusts you.
    The leaky wrapper of 1.3, with withUnsafeThrowingContinuation, in a child process:
    """
  )
  try await runDemoInChildProcess("unsafe-leak", context: context)
  console.print(
    """
      The same leak, and not a word: the caller just never continues. Develop with
      checked continuations; their cost is one small allocation per call.

    """
  )

  console.print("TemperatureSensor calls its completion twice. The naive wrapper, in a child:")
  try await runDemoInChildProcess("sensor-double-resume", context: context)
  console.print()

  console.print("The guarded wrapper lets only the first callback resume: an atomic flag decides.")
  console.print("Here both callbacks come at the same moment from two threads, 100 reads in a row:")
  let sensor = TemperatureSensor(clock: context.clock, concurrentDuplicates: true)
  var readings: [Double] = []
  for _ in 1...100 {
    readings.append(try await sensor.readTemperatureGuarded())
  }
  await sensor.scheduler.waitUntilIdle()  // every late callback has run by now
  let distinct = Set(readings).map { "\($0) °C" }.joined(separator: ", ")
  let ignored = sensor.ignoredCallbacks.load(ordering: .relaxed)
  console.print("  100 reads returned \(distinct); \(ignored) extra callbacks were ignored.")
  console.print("Decide once, atomically, who resumes; then resume, outside any lock.")
}
