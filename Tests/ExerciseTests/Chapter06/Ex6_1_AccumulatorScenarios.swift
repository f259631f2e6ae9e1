import ExerciseSupport
import Foundation

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

// Exercise 6.1 graded by its statement: generated sizes (Int.min to a few megabytes, every edge
// of a batch), names, and runs of appends of any length, checks in any order (before any byte,
// twice in a row, after bytes past the size) and copies that go on each with bytes of their own;
// for sizes of 4 KB and more (up to past a gigabyte), the memory the process has in use shows
// when the storage is allocated.

/// One accumulator's life, as the grade generates it.
struct AccumulatorScenario: GradedScenario {
  enum Step: Equatable, Sendable {
    /// `append` this many bytes, one by one.
    case append(Int)
    case check
    /// A copy is taken and appends this many bytes; then the original appends as many others.
    case copy(Int)
    /// `data` is read and kept while the accumulator appends this many bytes.
    case keepData(Int)
  }

  var name: String
  /// The size given to `init`.
  var declared: Int
  var steps: [Step]

  /// Large enough for the memory in use to show the storage (the grade measures it).
  var isLarge: Bool { declared >= 4_096 }

  /// How far below the size the memory `init` allocates may be measured: another thread may free
  /// some at the same moment.
  var slack: Int { min(declared / 16, 1 << 18) }

  var size: Int {
    // The sizes of 64 MB and more last: the slowest, and the 130 KB life tells more.
    steps.count * 2 + (declared > 200 ? 5 : 0) + (isLarge ? 20 : 0) + (declared > 1 << 24 ? 20 : 0)
  }

  var description: String {
    var text = "var accumulator = try ByteAccumulator(name: \"\(name)\", size: \(declared))"
    for step in steps {
      switch step {
      case .append(let count): text += "; \(count) × append"
      case .check: text += "; checkCompleted()"
      case .copy(let count):
        text += "; a copy appends \(count) byte\(count == 1 ? "" : "s"), then the original as many"
      case .keepData(let count): text += "; let kept = accumulator.data; \(count) × append"
      }
    }
    return text
  }

  var smaller: [AccumulatorScenario] {
    var candidates: [AccumulatorScenario] = []
    for shorter in steps.eachWithOneLeftOut {
      var copy = self
      copy.steps = shorter
      candidates.append(copy)
    }
    for (index, step) in steps.enumerated() {
      switch step {
      case .append(let count) where count > 1:
        var copy = self
        copy.steps[index] = .append(count / 2)
        candidates.append(copy)
        copy.steps[index] = .append(count - 1)
        candidates.append(copy)
      case .copy(let count) where count > 1:
        var copy = self
        copy.steps[index] = .copy(count - 1)
        candidates.append(copy)
      case .keepData(let count) where count > 1:
        var copy = self
        copy.steps[index] = .keepData(count - 1)
        candidates.append(copy)
      default: break
      }
    }
    if declared > 0, !isLarge {
      var copy = self
      copy.declared = declared / 2
      candidates.append(copy)
      copy.declared = declared - 1
      candidates.append(copy)
    }
    if name != "f" {
      var copy = self
      copy.name = "f"
      candidates.append(copy)
    }
    return candidates
  }
}

extension AccumulatorScenario: Equatable {}

/// What the accumulator showed after each step, in order.
struct AccumulatorOutcome: Equatable, CustomStringConvertible {
  var log: [String]

  var description: String { log.joined(separator: ", ") }
}

/// The bytes the process's allocator has handed out and not taken back.
///
/// From glibc's malloc_info (Linux, where the grade is tested). Not measured elsewhere, or where
/// an allocator of its own (the thread sanitizer's) hands out the memory: a probe of 1 MB finds
/// that out.
enum MemoryInUse {
  static let isMeasured: Bool = {
    guard let before = now() else { return false }
    let probe = [UInt8](repeating: 1, count: 1 << 20)
    guard let after = now() else { return false }
    return withExtendedLifetime(probe) { after - before >= 1 << 19 }
  }()

  static func now() -> Int? {
    #if canImport(Glibc)
    // malloc_info writes XML; its totals, after the last heap, give what is in use: the
    // arenas' memory less their free chunks, plus the chunks mapped on their own.
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return nil }
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let file = open_memstream(&buffer, &length) else { return nil }
    _ = unsafeBitCast(symbol, to: MallocInfo.self)(0, file)
    fclose(file)
    defer { free(buffer) }
    guard let buffer else { return nil }
    let text = String(cString: buffer)
    let totals = text.components(separatedBy: "</heap>").last ?? ""
    func size(_ tag: String) -> Int {
      guard let line = totals.range(of: tag),
        let start = totals[line.upperBound...].range(of: "size=\"")
      else { return 0 }
      return Int(totals[start.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    return size("<system type=\"current\"") + size("<total type=\"mmap\"")
      - size("<total type=\"fast\"") - size("<total type=\"rest\"")
    #else
    return nil
    #endif
  }
}

/// Byte `number` (1 for the first) an accumulator appends; a copy appends others.
private func appended(_ number: Int, byACopy: Bool = false) -> UInt8 {
  UInt8(truncatingIfNeeded: byACopy ? number &* 7 &+ 3 : number % 251)
}

/// "isBatchCompleted stays false", "isBatchCompleted true from byte 12": over a run of appends.
private func batchEntry(atStart: Bool, changes: [(byte: Int, value: Bool)]) -> String {
  guard !changes.isEmpty else { return "isBatchCompleted stays \(atStart)" }
  return changes.map { "isBatchCompleted \($0.value) from byte \($0.byte)" }.joined(
    separator: ", "
  )
}

/// The statement of exercise 6.1, as a program.
func accumulatorModel(_ scenario: AccumulatorScenario) -> AccumulatorOutcome {
  let size = scenario.declared
  guard size >= 0 else { return AccumulatorOutcome(log: ["init threw InvalidSize(size: \(size))"]) }
  let batchSize = max(size / 20, 1)
  var (count, inBatch, checked) = (0, 0, false)
  let formatter = ByteCountFormatter()
  func description(_ count: Int) -> String {
    "description \"[\(scenario.name)] \(formatter.string(fromByteCount: Int64(count)))\""
  }
  func progress(_ count: Int) -> String {
    "progress \(size > 0 ? Double(count) / Double(size) : 1)"
  }
  /// The entries of `number` appends, from `count` bytes with `inBatch` in the batch.
  func appends(_ number: Int, from count: Int, inBatch: Int) -> String {
    let full = inBatch >= batchSize
    let becomesFull = !full && inBatch + number >= batchSize
    return "\(number) × append (to byte \(count + number)): "
      + batchEntry(
        atStart: full,
        changes: becomesFull ? [(count + batchSize - inBatch, true)] : []
      )
  }
  var log = [
    "batchSize \(batchSize)", "isBatchCompleted \(false)", progress(0), "data of 0 bytes",
    description(0),
  ]
  if scenario.isLarge, MemoryInUse.isMeasured {
    log.append("storage for the size allocated by init")
  }
  for step in scenario.steps {
    switch step {
    case .append(let number):
      log.append(appends(number, from: count, inBatch: inBatch))
      (count, inBatch) = (count + number, inBatch + number)
      if scenario.isLarge, MemoryInUse.isMeasured, count == size {
        log.append("no more memory allocated to append the size's bytes")
      }
      log += [progress(count), "data: the \(count) byte\(count == 1 ? "" : "s") appended"]
      log.append(description(count))
    case .check:
      log.append("checkCompleted() \(checked && inBatch == 0)")
      (inBatch, checked) = (0, true)
    case .copy(let number):
      log.append("the copy's " + appends(number, from: count, inBatch: inBatch))
      log.append("the original's " + appends(number, from: count, inBatch: inBatch))
      log += [
        "the copy's data: the \(count) bytes before the copy and its own \(number)",
        "the original's data: its own \(count + number) bytes",
      ]
      (count, inBatch) = (count + number, inBatch + number)
    case .keepData(let number):
      log.append(appends(number, from: count, inBatch: inBatch))
      if scenario.isLarge, MemoryInUse.isMeasured, count + number <= size {
        log.append("no more memory allocated to append while a data is kept")
      }
      log.append("the data kept: the \(count) byte\(count == 1 ? "" : "s") appended before")
      (count, inBatch) = (count + number, inBatch + number)
    }
  }
  return AccumulatorOutcome(log: log)
}

/// Runs `scenario` on the answer's `ByteAccumulator`.
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

/// Whether `entry` says that the storage was not allocated by `init` alone.
private func isMemoryComplaint(_ entry: String) -> Bool {
  entry.hasPrefix("init allocated only")
    || entry.hasSuffix("more bytes of memory allocated to append the size's bytes")
    || entry.hasSuffix("more bytes of memory allocated to append while a data is kept")
}

/// One run of `scenario` on the answer's `ByteAccumulator`.
private func accumulatorLife(_ scenario: AccumulatorScenario) throws -> AccumulatorOutcome {
  let measured = scenario.isLarge && MemoryInUse.isMeasured
  let before = measured ? MemoryInUse.now() ?? 0 : 0
  var accumulator: ByteAccumulator
  do {
    accumulator = try ByteAccumulator(name: scenario.name, size: scenario.declared)
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
    "batchSize \(accumulator.batchSize)", "isBatchCompleted \(accumulator.isBatchCompleted)",
    "progress \(accumulator.progress)", "data of \(accumulator.data.count) bytes",
    "description \"\(accumulator.description)\"",
  ]
  if measured {
    log.append(
      allocated >= scenario.declared - scenario.slack
        ? "storage for the size allocated by init"
        : "init allocated only \(max(allocated, 0)) bytes for a size of \(scenario.declared)"
    )
  }
  var count = 0
  /// Appends `number` bytes to `accumulator`, and tells what isBatchCompleted did meanwhile.
  func appends(
    _ number: Int,
    to accumulator: inout ByteAccumulator,
    from count: Int,
    copy: Bool
  )
    -> String
  {
    let atStart = accumulator.isBatchCompleted
    var value = atStart
    var changes: [(byte: Int, value: Bool)] = []
    for byte in stride(from: count + 1, through: count + number, by: 1) {
      accumulator.append(appended(byte, byACopy: copy))
      if accumulator.isBatchCompleted != value {
        value.toggle()
        changes.append((byte, value))
      }
    }
    return "\(number) × append (to byte \(count + number)): "
      + batchEntry(atStart: atStart, changes: changes)
  }
  /// Whether `data` is bytes 1 to `count` the original appended, then `own` of a copy's.
  func holds(_ data: Data, _ count: Int, own: Int = 0) -> Bool {
    data.count == count + own
      && data.elementsEqual((1..<count + own + 1).map { appended($0, byACopy: $0 > count) })
  }
  for step in scenario.steps {
    switch step {
    case .append(let number):
      log.append(appends(number, to: &accumulator, from: count, copy: false))
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
          ? "data: the \(count) byte\(count == 1 ? "" : "s") appended"
          : "data: \(data.count) bytes, not the \(count) appended",
        "description \"\(accumulator.description)\"",
      ]
    case .check:
      log.append("checkCompleted() \(accumulator.checkCompleted())")
    case .copy(let number):
      var copy = accumulator
      log.append("the copy's " + appends(number, to: &copy, from: count, copy: true))
      log.append("the original's " + appends(number, to: &accumulator, from: count, copy: false))
      let copyData = copy.data
      log.append(
        holds(copyData, count, own: number)
          ? "the copy's data: the \(count) bytes before the copy and its own \(number)"
          : "the copy's data: \(copyData.count) bytes, not the \(count) before the copy and its "
            + "own \(number)"
      )
      count += number
      let data = accumulator.data
      log.append(
        holds(data, count)
          ? "the original's data: its own \(count) bytes"
          : "the original's data: \(data.count) bytes, not its own \(count)"
      )
    case .keepData(let number):
      // A `data` that shares the storage makes the next append copy all of it.
      let kept = accumulator.data
      let beforeAppends = measured ? MemoryInUse.now() ?? 0 : 0
      log.append(appends(number, to: &accumulator, from: count, copy: false))
      if measured, count + number <= scenario.declared {
        let more = (MemoryInUse.now() ?? 0) - beforeAppends
        log.append(
          more < scenario.declared / 2
            ? "no more memory allocated to append while a data is kept"
            : "\(more) more bytes of memory allocated to append while a data is kept"
        )
      }
      log.append(
        holds(kept, count)
          ? "the data kept: the \(count) byte\(count == 1 ? "" : "s") appended before"
          : "the data kept: \(kept.count) bytes, not the \(count) appended before"
      )
      count += number
    }
  }
  return AccumulatorOutcome(log: log)
}

/// The lives exercise 6.1 is graded on: a fixed list, from a fixed seed.
func accumulatorScenarios(count: Int, seed: UInt64) -> [AccumulatorScenario] {
  var numbers = SeededNumbers(seed: seed)
  let names = ["f", "small.bin", "", "a b.bin", "naïve.bin", "[x]"]
  var scenarios = (0..<count).map { _ in
    let declared =
      numbers.chance(8)
      ? numbers.pick([-1, Int.min, -Int.random(in: 2...Int.max, using: &numbers)])
      : numbers.chance(50)
        ? numbers.pick([0, 1, 2, 3, 19, 20, 21, 39, 40, 41, 59, 60, 61, 100])
        : Int.random(in: 1...(numbers.chance(85) ? 200 : 2_000), using: &numbers)
    let batch = max(declared / 20, 1)
    var steps: [AccumulatorScenario.Step] = []
    var appended = 0
    for _ in 0..<Int.random(in: 0...8, using: &numbers) {
      let room = max(max(declared, 0) - appended, 0)
      if numbers.chance(35) {
        steps.append(.check)
      } else if numbers.chance(12) {
        steps.append(.copy(Int.random(in: 1...(2 * batch + 1), using: &numbers)))
      } else {
        let number = numbers.pick([
          1, batch, batch - 1, batch + 1, room, room + 1, max(room, 1),
          Int.random(in: 1...(3 * batch + 2), using: &numbers),
        ])
        steps.append(.append(max(number, 1)))
      }
      if case .append(let number) = steps.last { appended += number }
      if case .copy(let number) = steps.last { appended += number }
    }
    return AccumulatorScenario(name: numbers.pick(names), declared: declared, steps: steps)
  }
  // Sizes from 4 KB to 130 KB, 60,000 bytes among them, all appended: the memory in use tells
  // when the storage is allocated, and that appending the size's bytes allocates nothing more.
  for declared in [60_000, Int.random(in: 4_096...1 << 17, using: &numbers), 1 << 17 + 4_321] {
    scenarios.append(
      AccumulatorScenario(
        name: "large.bin",
        declared: declared,
        steps: [.check, .append(declared / 3), .check, .append(declared - declared / 3), .check]
      )
    )
  }
  // A data read and kept while appends go on: they must go on in the storage init allocated.
  for declared in [1 << 20 + 4_321, 16 << 20 + 1] {
    scenarios.append(
      AccumulatorScenario(
        name: "large.bin",
        declared: declared,
        steps: [.append(1_000), .keepData(100), .check, .append(10)]
      )
    )
  }
  // Sizes of 64 MB, 256 MB and past a gigabyte: init allocates all of their storage too, not a
  // capped part of it. Their bytes are not all appended (too slow, byte by byte, in a debug
  // build): a few, then checks.
  let pastAGigabyte = Int.random(in: 1 << 30 + 1...1 << 30 + 1 << 24, using: &numbers)
  for declared in [64 << 20 + 12_345, 256 << 20 + 1, pastAGigabyte] {
    scenarios.append(
      AccumulatorScenario(
        name: "huge.bin",
        declared: declared,
        steps: [.check, .append(1_000), .check]
      )
    )
  }
  return scenarios
}

/// Lives 6.1 is graded on besides `accumulatorScenarios`', from a seed of their own.
///
/// Sizes past 2 GiB and 4 GiB, and one of up to 8 GiB, as likely to have any number of digits.
/// Their storage is zeroed pages nothing touches: the memory in use counts them, the machine's
/// does not.
func accumulatorScenariosOfHugeSizes(seed: UInt64) -> [AccumulatorScenario] {
  var numbers = SeededNumbers(seed: seed)
  let sizes = [
    Int(Int32.max) + Int.random(in: 2...1 << 20, using: &numbers),
    Int(UInt32.max) + Int.random(in: 2...1 << 20, using: &numbers),
    numbers.logUniform(1 << 30...1 << 33),
  ]
  return sizes.map {
    AccumulatorScenario(name: "huge.bin", declared: $0, steps: [.check, .append(1_000), .check])
  }
}

/// The failure message: the life, then the first place where the answer and the statement part.
func explainAccumulator(
  _ scenario: AccumulatorScenario,
  _ got: AccumulatorOutcome,
  _ expected: AccumulatorOutcome
) -> String {
  let same = zip(got.log, expected.log).prefix { $0 == $1 }.count
  let before =
    same == 0 ? "" : "after the same \(same) first observations (\(expected.log[same - 1])), "
  let yours = got.log.dropFirst(same).prefix(2).joined(separator: ", ")
  let statement = expected.log.dropFirst(same).prefix(2).joined(separator: ", ")
  return "\(scenario): \(before)your answer: \(yours.isEmpty ? "nothing more" : yours); the "
    + "statement gives: \(statement.isEmpty ? "nothing more" : statement)"
}
