import ExerciseSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Exercise 6a graded by its statement: generated sizes (Int.min to a few megabytes, every edge of
// a batch, a batch of 65,536 bytes), names (paths with slashes and a URL too), and chunks of any
// length (empty, one byte, to the end of a batch, across one or many), as slices or not; finishes
// in any order (before any byte, twice in a row, after bytes past the size), whole bodies cut at
// random, and copies that go on each with chunks of their own; for sizes of 4 KB and more (up to
// 4 GiB), the memory the process has in use shows when the storage is allocated.

/// One accumulator's life, as the grade generates it.
struct AccumulatorScenario: GradedScenario {
  enum Step: Equatable, Sendable {
    /// `append` a chunk of this many bytes.
    case append(Int)
    case finish
    /// A copy is taken; each of the two, the original first or the copy first, calls finish(),
    /// appends a chunk of this many bytes (bytes of its own), and calls finish() again.
    case copy(Int, originalFirst: Bool)
    /// `data` is read and kept while the accumulator appends a chunk of this many bytes.
    case keepData(Int)
    /// `data` is read, then the accumulator is replaced by a new one for the same size and name
    /// (the old one is gone), and the data read is checked.
    case replaceAfterData
  }

  var name: String
  /// The size given to `init`.
  var declared: Int
  var steps: [Step]
  /// Whether each chunk is handed over as a slice of a larger `Data` (its first index not 0).
  var slices = false

  /// Large enough for the memory in use to show the storage (the grade measures it).
  var isLarge: Bool { declared >= 4_096 }

  /// How far below the size the memory `init` allocates may be measured: another thread may free
  /// some at the same moment.
  var slack: Int { min(declared / 16, 1 << 18) }

  var size: Int {
    // The sizes of 64 MB and more last: the slowest, and the 130 KB life tells more.
    steps.count * 2 + (slices ? 1 : 0) + (declared > 200 ? 5 : 0) + (isLarge ? 20 : 0)
      + (declared > 1 << 24 ? 20 : 0)
  }

  var description: String {
    var text = "var accumulator = try ChunkAccumulator(name: \"\(name)\", size: \(declared))"
    for step in steps {
      switch step {
      case .append(let count): text += "; append(a chunk of \(bytes(count)))"
      case .finish: text += "; finish()"
      case .copy(let count, let originalFirst):
        let (first, second) = originalFirst ? ("original", "copy") : ("copy", "original")
        text +=
          "; let copy = accumulator; the \(first), then the \(second): finish(), append(a chunk "
          + "of \(bytes(count)) of its own), finish()"
      case .keepData(let count):
        text += "; let kept = accumulator.data; append(a chunk of \(bytes(count)))"
      case .replaceAfterData:
        text +=
          "; let kept = accumulator.data; accumulator = try ChunkAccumulator(name: "
          + "\"\(name)\", size: \(declared))"
      }
    }
    return text + (slices ? " (each chunk a slice of a larger Data, its first index 3)" : "")
  }

  var smaller: [AccumulatorScenario] {
    // A life whose memory is measured is not shrunk: each try allocates megabytes, up to three
    // times, and its steps are few already.
    guard !isLarge else { return [] }
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
        // A byte less, but not for a large chunk: each try runs again, and there are many.
        if count <= 4_096 {
          copy.steps[index] = .append(count - 1)
          candidates.append(copy)
        }
      case .copy(let count, let originalFirst) where count > 1:
        var copy = self
        copy.steps[index] = .copy(count - 1, originalFirst: originalFirst)
        candidates.append(copy)
      case .keepData(let count) where count > 1:
        var copy = self
        copy.steps[index] = .keepData(count <= 4_096 ? count - 1 : count / 2)
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
    if slices {
      var copy = self
      copy.slices = false
      candidates.append(copy)
    }
    return candidates
  }
}

extension AccumulatorScenario: Equatable {}

/// "1 byte", "20 bytes".
func bytes(_ count: Int) -> String { "\(count) byte\(count == 1 ? "" : "s")" }

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

/// The chunk of bytes `count + 1` to `count + number`, as a scenario hands it over: a slice of a
/// larger `Data` (3 bytes before it, 1 after) when `slice` is true.
func chunk(after count: Int, of number: Int, byACopy: Bool = false, slice: Bool) -> Data {
  let bytes = (count + 1..<count + number + 1).lazy.map { appended($0, byACopy: byACopy) }
  guard slice else { return Data(bytes) }
  let larger = Data([0xEE, 0xEE, 0xEE] + Array(bytes) + [0xEE])
  return larger[3..<3 + number]
}

/// "append(a chunk of 5 bytes, to byte 12) true".
func appendEntry(_ number: Int, to count: Int, _ result: Bool) -> String {
  "append(a chunk of \(bytes(number)), to byte \(count)) \(result)"
}

/// The statement of exercise 6a, as a program.
func accumulatorModel(_ scenario: AccumulatorScenario) -> AccumulatorOutcome {
  let size = scenario.declared
  guard size >= 0 else { return AccumulatorOutcome(log: ["init threw InvalidSize(size: \(size))"]) }
  let batchSize = max(size / 20, 1)
  var count = 0
  var reportedAt: Int?
  let formatter = ByteCountFormatter()
  func description(_ count: Int) -> String {
    "description \"[\(scenario.name)] \(formatter.string(fromByteCount: Int64(count)))\""
  }
  func progress(_ count: Int) -> String {
    "progress \(size > 0 ? Double(count) / Double(size) : 1)"
  }
  /// Whether a chunk of `number` bytes after `count` reaches the end of a batch.
  func reachesABatchEnd(_ number: Int, after count: Int) -> Bool {
    (count + number) / batchSize > count / batchSize
  }
  var log = [
    "batchSize \(batchSize)", progress(0), "data of 0 bytes", description(0),
  ]
  if scenario.isLarge, MemoryInUse.isMeasured {
    log.append("storage for the size allocated by init")
  }
  for step in scenario.steps {
    switch step {
    case .append(let number):
      let due = reachesABatchEnd(number, after: count)
      log.append(appendEntry(number, to: count + number, due))
      count += number
      if due { reportedAt = count }
      if scenario.isLarge, MemoryInUse.isMeasured, count <= size {
        log.append("no more memory allocated by this append")
      }
      if scenario.isLarge, MemoryInUse.isMeasured, count == size {
        log.append("no more memory allocated to append the size's bytes")
      }
      log += [progress(count), "data: the \(bytes(count)) appended", description(count)]
    case .finish:
      log.append("finish() \(reportedAt != count)")
      reportedAt = count
    case .copy(let number, let originalFirst):
      // Each of the two goes on from the same state: the same answers, in its own name.
      let due = reachesABatchEnd(number, after: count)
      let sides =
        originalFirst ? ["the original's", "the copy's"] : ["the copy's", "the original's"]
      for side in sides {
        log += [
          "\(side) finish() \(reportedAt != count)",
          "\(side) " + appendEntry(number, to: count + number, due),
          "\(side) finish() \(!due)",
        ]
      }
      log += [
        "the copy's data: the \(count) bytes before the copy and its own \(number)",
        "the copy's " + progress(count + number), "the copy's " + description(count + number),
        "the original's data: its own \(bytes(count + number))",
      ]
      count += number
      reportedAt = count
    case .keepData(let number):
      let due = reachesABatchEnd(number, after: count)
      log.append(appendEntry(number, to: count + number, due))
      if scenario.isLarge, MemoryInUse.isMeasured, count + number <= size {
        log.append("no more memory allocated to append while a data is kept")
      }
      log.append("the data kept: the \(bytes(count)) appended before")
      count += number
      if due { reportedAt = count }
    case .replaceAfterData:
      log.append("the data read before the accumulator was replaced: the \(bytes(count))")
      (count, reportedAt) = (0, nil)
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

/// The lives exercise 6a is graded on: a fixed list, from a fixed seed.
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
    /// A chunk's length: empty, one byte, to the end of the batch or past it, across several.
    func chunkLength() -> Int {
      let room = max(max(declared, 0) - appended, 0)
      let toTheBatchEnd = batch - appended % batch
      return max(
        numbers.pick([
          0, 1, batch, batch - 1, batch + 1, toTheBatchEnd, toTheBatchEnd - 1, toTheBatchEnd + 1,
          room, room + 1, 3 * batch + 1, Int.random(in: 1...(3 * batch + 2), using: &numbers),
        ]),
        0
      )
    }
    if declared >= 0, numbers.chance(30) {
      // A whole body cut at random, then finished (twice, now and then).
      while appended < declared {
        let length =
          numbers.chance(50) ? chunkLength() : Int.random(in: 1...(2 * batch + 1), using: &numbers)
        steps.append(.append(length))
        appended += length
      }
      steps.append(.finish)
      if numbers.chance(30) { steps.append(.finish) }
    } else {
      for _ in 0..<Int.random(in: 0...8, using: &numbers) {
        if numbers.chance(30) {
          steps.append(.finish)
        } else if numbers.chance(12) {
          let length = max(chunkLength(), 1)
          steps.append(.copy(length, originalFirst: numbers.chance(50)))
          appended += length
        } else if numbers.chance(8) {
          let length = chunkLength()
          steps.append(.keepData(length))
          appended += length
        } else if numbers.chance(5) {
          steps.append(.replaceAfterData)
          appended = 0
        } else {
          let length = chunkLength()
          steps.append(.append(length))
          appended += length
        }
      }
    }
    return AccumulatorScenario(
      name: numbers.pick(names),
      declared: declared,
      steps: steps,
      slices: numbers.chance(30)
    )
  }
  // Sizes from 4 KB to 130 KB, 60,000 bytes among them, all appended: the memory in use tells
  // when the storage is allocated, and that appending the size's bytes allocates nothing more.
  for declared in [60_000, Int.random(in: 4_096...1 << 17, using: &numbers), 1 << 17 + 4_321] {
    scenarios.append(
      AccumulatorScenario(
        name: "large.bin",
        declared: declared,
        steps: [.append(declared / 3), .append(declared - declared / 3), .finish]
      )
    )
  }
  // A finish, then the rest of the size: the appends after a finish go on in the same storage.
  scenarios.append(
    AccumulatorScenario(
      name: "large.bin",
      declared: 1 << 20 + 4_321,
      steps: [.append(1_000), .finish, .append(1 << 20 + 3_321), .finish]
    )
  )
  // A data read and kept while appends go on: they must go on in the storage init allocated, up
  // to the size, and the data kept keeps its bytes.
  for declared in [1 << 20 + 4_321, 16 << 20 + 1] {
    scenarios.append(
      AccumulatorScenario(
        name: "large.bin",
        declared: declared,
        steps: [.append(1_000), .keepData(100), .finish, .append(10)]
      )
    )
  }
  // And one filled to its size while a data is kept (one of 16 MiB costs seconds to compare).
  scenarios.append(
    AccumulatorScenario(
      name: "large.bin",
      declared: 1 << 20 + 4_321,
      steps: [.append(1_000), .keepData(1 << 20 + 3_321), .finish]
    )
  )
  // Sizes of 64 MB, 256 MB and past a gigabyte: init allocates all of their storage too, not a
  // capped part of it. A few of their bytes are appended.
  let pastAGigabyte = Int.random(in: 1 << 30 + 1...1 << 30 + 1 << 24, using: &numbers)
  for declared in [64 << 20 + 12_345, 256 << 20 + 1, pastAGigabyte] {
    scenarios.append(
      AccumulatorScenario(
        name: "huge.bin",
        declared: declared,
        steps: [.append(1_000), .finish]
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
      AccumulatorScenario(name: name, declared: 100, steps: [.append(5), .finish])
    )
  }
  // Past 2^16: a batch of 65,536 bytes and more, and over 65,536 bytes past the size.
  let batchPast16Bits = 20 * (1 << 16) + 7
  scenarios += [
    AccumulatorScenario(
      name: "large.bin",
      declared: batchPast16Bits,
      steps: [.append((1 << 16) - 1), .append(3), .finish, .append(1 << 16), .finish]
    ),
    AccumulatorScenario(name: "f", declared: 0, steps: [.append((1 << 16) + 2), .finish]),
    AccumulatorScenario(
      name: "f",
      declared: 3,
      steps: [.finish, .append(3 + (1 << 16) + 5), .finish],
      slices: true
    ),
  ]
  return scenarios
}

/// Lives 6a is graded on besides `accumulatorScenarios`', from a seed of their own.
///
/// A size just past 4 GiB, past what 32 bits count, signed or not. None larger: a right answer may
/// fill its storage with zeros (about 2 s a GiB to fill and free in a debug build here), so a cap
/// above 4 GiB is not graded.
func accumulatorScenariosOfHugeSizes(seed: UInt64) -> [AccumulatorScenario] {
  var numbers = SeededNumbers(seed: seed)
  let sizes = [Int(UInt32.max) + Int.random(in: 2...1 << 20, using: &numbers)]
  return sizes.map {
    AccumulatorScenario(name: "huge.bin", declared: $0, steps: [.append(1_000), .finish])
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
