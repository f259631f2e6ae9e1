// Exercise 6a's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

/// One run of `scenario` on the answer's `ChunkAccumulator`.
private func accumulatorLife(_ scenario: AccumulatorScenario) throws -> AccumulatorOutcome {
  let measured = scenario.isLarge && MemoryInUse.isMeasured
  let before = measured ? MemoryInUse.now() ?? 0 : 0
  var accumulator: ChunkAccumulator
  do {
    accumulator = try ChunkAccumulator(name: scenario.name, size: scenario.declared)
  } catch let error as InvalidSize {
    return AccumulatorOutcome(log: ["init threw InvalidSize(size: \(error.size))"])
  } catch let error as NotImplemented {
    throw error
  } catch {
    return AccumulatorOutcome(log: ["init threw \(type(of: error)): \(error)"])
  }
  let afterInit = measured ? MemoryInUse.now() ?? 0 : 0
  let allocated = afterInit - before
  var log = [
    "batchSize \(accumulator.batchSize)", "progress \(accumulator.progress)",
    "data of \(accumulator.data.count) bytes", "description \"\(accumulator.description)\"",
  ]
  if measured {
    log.append(
      allocated >= scenario.declared - scenario.slack
        ? "storage for the size allocated by init"
        : "init allocated only \(max(allocated, 0)) bytes for a size of \(scenario.declared)"
    )
  }
  var count = 0
  /// Appends the chunk of `number` bytes after `count`, and says what `append` returned. The
  /// chunk is made here and gone when this returns: the memory measured after is the answer's.
  func append(
    _ number: Int,
    to accumulator: inout ChunkAccumulator,
    from count: Int,
    copy: Bool = false
  ) -> String {
    let due = accumulator.append(
      chunk(after: count, of: number, byACopy: copy, slice: scenario.slices)
    )
    return appendEntry(number, to: count + number, due)
  }
  /// Whether `data` is bytes 1 to `count` the original appended, then `own` of a copy's.
  func holds(_ data: Data, _ count: Int, own: Int = 0) -> Bool {
    data.count == count + own
      && data.elementsEqual((1..<count + own + 1).lazy.map { appended($0, byACopy: $0 > count) })
  }
  for step in scenario.steps {
    switch step {
    case .append(let number):
      let beforeAppend = measured ? MemoryInUse.now() ?? 0 : 0
      log.append(append(number, to: &accumulator, from: count))
      if measured, count + number <= scenario.declared {
        // Within the size, an append writes into the storage init allocated: after a finish too.
        let more = (MemoryInUse.now() ?? 0) - beforeAppend
        log.append(
          more < scenario.declared / 2
            ? "no more memory allocated by this append"
            : "\(more) more bytes of memory allocated by this append"
        )
      }
      count += number
      if measured, count == scenario.declared {
        let more = (MemoryInUse.now() ?? 0) - afterInit
        log.append(
          more < scenario.declared / 2
            ? "no more memory allocated to append the size's bytes"
            : "\(more) more bytes of memory allocated to append the size's bytes"
        )
      }
      let data = accumulator.data
      log += [
        "progress \(accumulator.progress)",
        holds(data, count)
          ? "data: the \(bytes(count)) appended"
          : "data: " + unlike(data, count, "the \(count) appended"),
        "description \"\(accumulator.description)\"",
      ]
    case .finish:
      log.append("finish() \(accumulator.finish())")
    case .copy(let number, let originalFirst):
      var copy = accumulator
      /// The finish, append, finish of one of the two.
      func goOn(_ side: String, _ accumulator: inout ChunkAccumulator, copy: Bool) -> [String] {
        [
          "\(side) finish() \(accumulator.finish())",
          "\(side) " + append(number, to: &accumulator, from: count, copy: copy),
          "\(side) finish() \(accumulator.finish())",
        ]
      }
      if originalFirst {
        log += goOn("the original's", &accumulator, copy: false)
        log += goOn("the copy's", &copy, copy: true)
      } else {
        log += goOn("the copy's", &copy, copy: true)
        log += goOn("the original's", &accumulator, copy: false)
      }
      let copyData = copy.data
      log += [
        holds(copyData, count, own: number)
          ? "the copy's data: the \(count) bytes before the copy and its own \(number)"
          : "the copy's data: "
            + unlike(copyData, count + number, "the \(count) before the copy and its own \(number)"),
        "the copy's progress \(copy.progress)", "the copy's description \"\(copy.description)\"",
      ]
      count += number
      let data = accumulator.data
      log.append(
        holds(data, count)
          ? "the original's data: its own \(bytes(count))"
          : "the original's data: " + unlike(data, count, "its own \(count)")
      )
    case .keepData(let number):
      // A `data` that shares the storage makes the appends after it copy, or grow, the storage.
      let kept = accumulator.data
      let beforeAppend = measured ? MemoryInUse.now() ?? 0 : 0
      log.append(append(number, to: &accumulator, from: count))
      if measured, count + number <= scenario.declared {
        let more = (MemoryInUse.now() ?? 0) - beforeAppend
        log.append(
          more < scenario.declared / 2
            ? "no more memory allocated to append while a data is kept"
            : "\(more) more bytes of memory allocated to append while a data is kept"
        )
      }
      log.append(
        holds(kept, count)
          ? "the data kept: the \(bytes(count)) appended before"
          : "the data kept: " + unlike(kept, count, "the \(count) appended before")
      )
      count += number
    case .replaceAfterData:
      // The old accumulator is gone once replaced: a data that pointed into its storage would
      // read freed memory.
      let kept = accumulator.data
      accumulator = try ChunkAccumulator(name: scenario.name, size: scenario.declared)
      // Memory the old one freed is handed out again, and written: a data that still pointed
      // into it would read these bytes.
      let reuse = (0..<8).map { _ in [UInt8](repeating: 0xAB, count: count + 32) }
      defer { withExtendedLifetime(reuse) {} }
      log.append(
        holds(kept, count)
          ? "the data read before the accumulator was replaced: the \(bytes(count))"
          : "the data read before the accumulator was replaced: "
            + unlike(kept, count, "the \(count) appended")
      )
      count = 0
    }
  }
  return AccumulatorOutcome(log: log)
}

/// "15 bytes, not the 15 appended: other bytes in their place", or "3 bytes, not the 15 appended".
private func unlike(_ data: Data, _ count: Int, _ expected: String) -> String {
  "\(bytes(data.count)), not \(expected)"
    + (data.count == count ? ": other bytes in their place" : "")
}

/// Runs `scenario` on the answer's `ChunkAccumulator`.
///
/// The memory in use is the whole process's, and another thread may allocate or free some at the
/// same moment: a life whose memory is measured runs up to three times, and the first run that
/// finds the storage allocated by `init` alone stands.
func accumulatorAnswer(_ scenario: AccumulatorScenario) throws -> AccumulatorOutcome {
  var outcome = try accumulatorLife(scenario)
  for _ in 1..<3 where scenario.isLarge && outcome.log.contains(where: isMemoryComplaint) {
    outcome = try accumulatorLife(scenario)
  }
  return outcome
}
