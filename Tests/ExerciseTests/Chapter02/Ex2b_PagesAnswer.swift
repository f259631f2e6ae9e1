// Exercise 2b's scenarios run on the answer: the part of them that calls it (the
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

/// Runs `scenario` on the answer's `pages(from:)`.
func pagedAnswer(_ scenario: PagedScenario) async throws -> PagedOutcome {
  var sources = scenario.books.map(BookSource.init)
  let probes = sources.map { WeakSource(source: $0) }
  var consumers: [StepConsumer<[String]>] = []
  for (index, reader) in scenario.readers.enumerated() {
    let source = sources[reader.book]
    let stream =
      scenario.madeInACancelledTask
      ? await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return pages(from: source)
      }.value
      : pages(from: source)
    consumers.append(
      StepConsumer(reader: index, steps: scenario.steps(of: reader).count, stream: stream)
    )
  }
  var outcomes = Array(repeating: PagedReaderOutcome(), count: consumers.count)
  var notImplemented: NotImplemented?
  for (reader, step) in scenario.schedule {
    let consumer = consumers[reader]
    let source = sources[scenario.readers[reader].book]
    let result: Result<[String]?, any Error>
    switch step {
    case .next:
      result = await consumer.startNext().wait()
    case .cancelWhileFetching:
      // Until the fetch is held, or the next() returned without one.
      let (reached, wentOn) = (OneShotSignal<Void>(), OneShotSignal<Bool>())
      let page = consumer.nextNumber
      source.hold(reader, page, reached: reached, wentOn: wentOn)
      let reply = consumer.startNext()
      Task {
        _ = await reply.wait()
        reached.fire(())
      }
      await reached.wait()
      let held = source.isHolding
      consumer.task.cancel()
      source.release()
      result = await reply.wait()
      // The fetch runs in the consumer's task, so the cancel reaches it.
      if held, await wentOn.wait() == false { outcomes[reader].fetchesNotCancelled.append(page) }
    case .cancel:
      consumer.task.cancel()
      continue
    case .leave:
      await consumer.leave()
      continue
    }
    let book = scenario.books[scenario.readers[reader].book]
    let number = outcomes[reader].got.count + 1
    switch result {
    case .success(let page?):
      let all = 1...book.pages.count + 1 + book.afterTheEmpty.count
      let matching =
        page.isEmpty
        ? nil : book.page(number) == page ? number : all.first { book.page($0) == page }
      let got: PagedReaderOutcome.Got = matching.map { .page($0) } ?? .names(page)
      outcomes[reader].got.append(
        step == .cancelWhileFetching && got == .page(number) ? .pageOrCancellation(number) : got
      )
    case .success(nil):
      outcomes[reader].got.append(step == .cancelWhileFetching ? .pageOrCancellation(number) : .end)
    case .failure(let error as NotImplemented):
      notImplemented = error
      outcomes[reader].got.append(.thrown("NotImplemented"))
    case .failure(is CancellationError) where step == .cancelWhileFetching:
      outcomes[reader].got.append(.pageOrCancellation(number))
    case .failure(let error as PageFetchFailed):
      outcomes[reader].got.append(.thrown(error.page == number ? "PageFetchFailed" : "\(error)"))
    case .failure(let error):
      outcomes[reader].got.append(
        .thrown(
          spelledCarriedError(error) ?? PlatformError(error).map { "\($0)" }
            ?? "\(type(of: error))"
        )
      )
    }
  }
  if let notImplemented { throw notImplemented }
  for (index, reader) in scenario.readers.enumerated() {
    outcomes[index].fetched = sources[reader.book].fetched(by: index)
    outcomes[index].fetchedInAnotherTask = sources[reader.book].fetchedInAnotherTask(by: index)
  }
  withExtendedLifetime(consumers) {}
  let names = ["A", "B", "C"]
  let unasked = sources.indices.flatMap { index in
    sources[index].fetchedUnasked.map { "page \($0) of \(names[index])" }
  }
  sources = []
  return PagedOutcome(
    readers: outcomes,
    unasked: unasked,
    sourcesKept: probes.indices.filter { probes[$0].source != nil }.map { names[$0] }
  )
}
