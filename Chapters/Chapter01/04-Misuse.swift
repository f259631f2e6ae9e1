// 1.4 Checked vs unsafe, and callbacks that fire twice.
// Read with docs/Chapter01-Continuations.md#14-checked-vs-unsafe-and-callbacks-that-fire-twice
import LessonSupport

// Three wrappers of TemperatureSensor.readTemperature(completion:), which calls back twice.
extension TemperatureSensor {
  /// The straightforward wrapper, which crashes with this sensor.
  ///
  /// It is correct for an SDK that calls back once.
  func readTemperatureNaively() async throws -> Double {
    try await withCheckedThrowingContinuation(function: "readTemperature()") { continuation in
      readTemperature { result in
        continuation.resume(with: result)
      }
    }
  }

  /// The same wrapper with an unsafe continuation: nothing checks the second resume.
  func readTemperatureUnsafely() async throws -> Double {
    try await withUnsafeThrowingContinuation { continuation in
      readTemperature { result in
        continuation.resume(with: result)
      }
    }
  }

  // snippet.guarded-wrapper
  /// The guarded wrapper, safe however many times the sensor calls back, from any threads.
  func readTemperatureGuarded() async throws -> Double {
    try await withCheckedThrowingContinuation(function: "readTemperature()") { continuation in
      // The continuation waits in a locked box until the first callback takes it out.
      let pending = Locked<CheckedContinuation<Double, any Error>?>(continuation)
      readTemperature { result in
        // Decide under the lock: take it, and leave nil for any later callback.
        let taken = pending.withLock { $0.take() }
        guard let taken else {
          self.ignoredCallbacks.add(1, ordering: .relaxed)
          return
        }
        taken.resume(with: result)  // act after the lock: resume outside it
      }
    }
  }
  // snippet.end
}

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
      The same leak, and not a word: the caller just never continues (the chapter ends the child).

    """
  )

  console.print("TemperatureSensor calls its completion twice. The naive wrapper, in a child:")
  try await runDemoInChildProcess("sensor-double-resume", context: context)
  console.print("The same wrapper with withUnsafeThrowingContinuation, in a child:")
  try await runDemoInChildProcess(
    "unsafe-double-resume",
    context: context,
    showingHowItEnded: false,  // it changes from run to run
    timeout: .seconds(10)  // a safety net: undefined behaviour may hang too
  )
  console.print(
    """
      What follows the second resume is undefined behaviour. This child may go on as if
      nothing had happened, abort, or crash with a segmentation fault, and which one changes
      from run to run. Develop with checked continuations: they turn this into a clear
      message every time.

    """
  )

  console.print("The guarded wrapper keeps the continuation in a locked box; the first callback")
  console.print("takes it out. The two callbacks are two tasks due at the same moment, free to")
  console.print("run at once on two threads. 100 reads in a row:")
  let sensor = TemperatureSensor(clock: context.clock, concurrentDuplicates: true)
  var readings: [Double] = []
  for _ in 1...100 {
    readings.append(try await sensor.readTemperatureGuarded())
  }
  await sensor.scheduler.waitUntilIdle()  // every late callback has run by now
  let distinct = Set(readings).map { "\($0) °C" }.joined(separator: ", ")
  let ignored = sensor.ignoredCallbacks.load(ordering: .relaxed)
  console.print("  100 reads returned \(distinct); \(ignored) extra callbacks were ignored.")
  console.print("Decide under the lock (take the continuation), act after it (resume it).")
}

/// The same leak with an unsafe continuation: no runtime message at all.
func demoUnsafeLeak(_ context: LessonContext) async throws {
  let classifier = ImageClassifierService(clock: context.clock)
  try await callThatNeverReturns(after: classifier.scheduler, console: context.console) {
    _ = try await withUnsafeThrowingContinuation {
      (continuation: UnsafeContinuation<Classification, any Error>) in
      classifier.classifyImage(Image(name: "blank.jpg")) { result in
        if case .success(let classification) = result {
          continuation.resume(returning: classification)
        }
      }
    }
  }
}

/// The naive wrapper around a sensor that calls back twice: a fatal double resume.
func demoSensorDoubleResume(_ context: LessonContext) async throws {
  let sensor = TemperatureSensor(clock: context.clock, concurrentDuplicates: false)
  context.console.print("asking the sensor for one reading")
  // Nothing is printed after this await: the first resume has only scheduled the caller, which
  // then runs while the second callback crashes the process; a later line would race the crash.
  _ = try await sensor.readTemperatureNaively()
  await sensor.scheduler.waitUntilIdle()
}

/// The unsafe wrapper around the same sensor: a double resume that nothing checks.
func demoUnsafeDoubleResume(_ context: LessonContext) async throws {
  let sensor = TemperatureSensor(clock: context.clock, concurrentDuplicates: false)
  _ = try await sensor.readTemperatureUnsafely()
  await sensor.scheduler.waitUntilIdle()
}
