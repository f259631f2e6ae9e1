import LessonSupport
import ExerciseSupport
import Foundation

struct ScriptedFailure: Error, Equatable {}

/// A tick source that plays its ticks on a thread of its own, then finishes (or fails); with
/// `endless`, it ticks until stopped; with `quietAfterwards`, it neither ticks nor finishes
/// after its ticks, as a sensor that reports only on change.
final class ScriptedTickSource: TickSource, Sendable {
  private let ticks: [Int]
  private let failure: ScriptedFailure?
  private let endless: Bool
  private let quietAfterwards: Bool
  private let stopped = Locked(false)

  init(
    ticks: [Int] = [],
    failing failure: ScriptedFailure? = nil,
    endless: Bool = false,
    quietAfterwards: Bool = false
  ) {
    self.ticks = ticks
    self.failure = failure
    self.endless = endless
    self.quietAfterwards = quietAfterwards
  }

  var isStopped: Bool { stopped.withLock { $0 } }

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    Thread { [self] in
      if endless {
        var tick = 0
        while !isStopped {
          onTick(tick)
          tick += 1
        }
        return
      }
      for tick in ticks where !isStopped { onTick(tick) }
      if !isStopped && !quietAfterwards { onFinish(failure) }
    }.start()
  }

  func stop() {
    stopped.withLock { $0 = true }
  }
}

/// A source that delivers all its ticks and finishes inside `start`, before the consumer has
/// read any: every one must wait in the stream's buffer.
struct BurstTickSource: TickSource {
  let count: Int

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    for tick in 0..<count { onTick(tick) }
    onFinish(nil)
  }

  func stop() {}
}

/// The page the consumer's `next()` asks for, set by a test around each `next()`: a fetch made
/// in a task the answer started inherits the value of the `next()` that started it.
enum PageRequest {
  @TaskLocal static var number: Int?
}

/// A paged source with fixed pages (then empty ones), that records what was fetched.
final class ScriptedPagedSource: PagedSource, Sendable {
  private let pages: [[String]]
  private let failingPage: Int?
  private let fetched = Locked<[Int]>([])
  private let fetchedDuring = Locked<[(page: Int, request: Int?)]>([])

  init(pages: [[String]], failingPage: Int? = nil) {
    self.pages = pages
    self.failingPage = failingPage
  }

  var fetchedPages: [Int] { fetched.withLock { $0 } }

  /// Each fetch, with the `PageRequest.number` it was made under (nil outside any request).
  var fetchesWithRequests: [(page: Int, request: Int?)] { fetchedDuring.withLock { $0 } }

  func fetchPage(_ number: Int) async throws -> [String] {
    fetched.withLock { $0.append(number) }
    fetchedDuring.withLock { $0.append((number, PageRequest.number)) }
    if number == failingPage { throw ScriptedFailure() }
    return number >= 1 && number <= pages.count ? pages[number - 1] : []
  }
}
