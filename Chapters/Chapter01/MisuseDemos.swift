// The demos that misbehave on purpose. Each runs as `Chapter01 --demo NAME` in a child process
// started by 1.2, 1.3 or 1.4, because it crashes or leaves a task suspended forever.
import LessonSupport
import Foundation

let misuseDemos: [String: @Sendable (LessonContext) async throws -> Void] = [
  "seed-second-pick": { try await demoSeedSecondPick($0) },
  "leaked-classification": { try await demoLeakedClassification($0) },
  "unsafe-leak": { try await demoUnsafeLeak($0) },
  "sensor-double-resume": { try await demoSensorDoubleResume($0) },
]

/// The seed's picker service, picked from twice: a leak, then a fatal double resume.
@MainActor
func demoSeedSecondPick(_ context: LessonContext) async throws {
  let picker = ImagePicker(
    script: [.pick(Image(name: "dog.jpg")), .pick(Image(name: "cat.jpg"))],
    clock: context.clock,
    console: context.console
  )
  let service = SeedImagePickerService()
  let first = await service.pickImage(from: picker)
  context.console.print("pick 1 returned \(first.map(\.description) ?? "nil")")
  _ = await service.pickImage(from: picker)
  context.console.print("pick 2 returned (never printed: the process crashes first)")
}

/// The resume-on-success wrapper given an unreadable image: the continuation leaks.
func demoLeakedClassification(_ context: LessonContext) async throws {
  let classifier = ImageClassifierService(clock: context.clock)
  reportStillSuspended(after: classifier.scheduler, console: context.console)
  _ = try await classifier.classifyImageResumingOnSuccess(Image(name: "blank.jpg"))
}

/// The same leak with an unsafe continuation: no runtime message at all.
func demoUnsafeLeak(_ context: LessonContext) async throws {
  let classifier = ImageClassifierService(clock: context.clock)
  reportStillSuspended(after: classifier.scheduler, console: context.console)
  _ = try await withUnsafeThrowingContinuation {
    (continuation: UnsafeContinuation<Classification, any Error>) in
    classifier.classifyImage(Image(name: "blank.jpg")) { result in
      if case .success(let classification) = result {
        continuation.resume(returning: classification)
      }
    }
  }
}

/// The leak demos' caller waits forever, so a watcher ends the process once the classifier's
/// only callback has run and been released (which is when a checked continuation reports).
private func reportStillSuspended(after scheduler: CallbackScheduler, console: Console) {
  Task.detached {
    await scheduler.waitUntilDelivered(count: 1)
    console.print("the classifier called back with .failure; the caller is still suspended")
    exit(0)
  }
}

/// The naive wrapper around a sensor that calls back twice: a fatal double resume.
func demoSensorDoubleResume(_ context: LessonContext) async throws {
  let sensor = TemperatureSensor(clock: context.clock, concurrentDuplicates: false)
  context.console.print("asking the sensor for one reading")
  // Nothing is printed after this await: the second callback crashes the process while the
  // first resume is still handing 21.5 back, so any later line would race with the crash.
  _ = try await sensor.readTemperatureNaively()
  await sensor.scheduler.waitUntilIdle()
}
