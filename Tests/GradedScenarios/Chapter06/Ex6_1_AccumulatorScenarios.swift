import ExerciseSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Exercise 6.1 graded by its statement: generated sizes (Int.min to a few megabytes, every edge of
// a batch, a batch of 65,536 bytes), names (paths with slashes and a URL too), and runs of appends
// of any length, checks in any order (before any byte, twice in a row, after bytes past the size)
// and copies that go on each with bytes of their own; for sizes of 4 KB and more (up to past a
// gigabyte), the memory the process has in use shows when the storage is allocated.

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
func appended(_ number: Int, byACopy: Bool = false) -> UInt8 {
  UInt8(truncatingIfNeeded: byACopy ? number &* 7 &+ 3 : number % 251)
}

/// "isBatchCompleted stays false", "isBatchCompleted true from byte 12": over a run of appends.
func batchEntry(atStart: Bool, changes: [(byte: Int, value: Bool)]) -> String {
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

/// Whether `entry` says that the storage was not allocated by `init` alone.
func isMemoryComplaint(_ entry: String) -> Bool {
  entry.hasPrefix("init allocated only")
    || entry.hasSuffix("more bytes of memory allocated to append the size's bytes")
    || entry.hasSuffix("more bytes of memory allocated to append while a data is kept")
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
  // Names of other shapes: paths with slashes, a URL, a Windows path, a name with two dots.
  let paths = [
    "files/a.bin", "/tmp/parts/b.bin", "dir/", "C:\\data\\c.bin",
    "https://stub.invalid/files/d.bin?v=2", "e.tar.gz",
  ]
  for name in paths {
    scenarios.append(
      AccumulatorScenario(name: name, declared: 100, steps: [.check, .append(5), .check])
    )
  }
  // Past 2^16: a batch of 65,536 bytes and more, and over 65,536 bytes past the size.
  let batchPast16Bits = 20 * (1 << 16) + 7
  scenarios += [
    AccumulatorScenario(
      name: "large.bin",
      declared: batchPast16Bits,
      steps: [.append((1 << 16) - 1), .append(3), .check, .append(1 << 16), .check]
    ),
    AccumulatorScenario(name: "f", declared: 0, steps: [.append((1 << 16) + 2), .check]),
    AccumulatorScenario(
      name: "f",
      declared: 3,
      steps: [.check, .append(3 + (1 << 16) + 5), .check]
    ),
  ]
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
