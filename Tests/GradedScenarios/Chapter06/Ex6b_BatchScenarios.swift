import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 6b graded by its statement: generated sizes (0 to Int.max), bodies shorter than the
// size, as long, longer, or endless, that come all at once, a byte at a time or in uneven chunks; a
// body that fails at any read (its own error, a URLError of any code, or a POSIXError of a socket),
// a cancel before the call, during any read (the bytes then end or go on) or during any report, a
// report that says stop, reports that take their time.

/// One call of `collectInBatches`, as the grade generates it.
struct BatchScenario: GradedScenario {
  enum Chunks: String, Equatable, Sendable {
    case allAtOnce = "all at once"
    case aByteAtATime = "a byte at a time"
    case uneven = "in uneven chunks"
  }

  /// What the failing read throws: the body's own error, or a `URLError` with the code at this
  /// index of `everyURLErrorCode` (`.cancelled` and `.networkConnectionLost` among them).
  enum BodyFailure: Equatable, Sendable {
    case broke
    case url(Int)
    /// An error of the platform's own type (a POSIXError, a CocoaError, a URLError).
    case platform(PlatformError)
    /// A `CancellationError` of the bytes' own, the task not cancelled (a request cancelled
    /// elsewhere, say): an error like any other.
    case cancellationError

    var name: String {
      switch self {
      case .broke: "BodyBroke()"
      case .url(let index): spelledURLError(everyURLErrorCode[index].code)
      case .platform(let error): "\(error)"
      case .cancellationError: "CancellationError()"
      }
    }

    var error: any Error {
      switch self {
      case .broke: BodyBroke()
      case .url(let index): URLError(everyURLErrorCode[index].code)
      case .platform(let error): error.error
      case .cancellationError: CancellationError()
      }
    }

    /// Whether `error` is this failure's error, as it was thrown.
    func isThrown(_ error: any Error) -> Bool {
      switch self {
      case .broke: error is BodyBroke
      case .url(let index): (error as? URLError)?.code == everyURLErrorCode[index].code
      case .platform(let platform): PlatformError(error) == platform
      case .cancellationError: error is CancellationError
      }
    }
  }

  enum Cancel: Equatable, Sendable {
    case beforeTheCall
    /// During read `read` (1 for the first); the bytes then end, or go on as they would have.
    case inRead(Int, bytesEnd: Bool)
    /// During report `report` (1 for the first).
    case inReport(Int)
  }

  /// The size the call is given: what the server said.
  var declared: Int
  /// How many bytes the body has; nil for a body that never ends.
  var body: Int?
  var chunks: Chunks
  /// The read (1 for the first) that throws instead of giving a byte.
  var failingRead: Int?
  /// What that read throws.
  var failure: BodyFailure = .broke
  var cancel: Cancel?
  /// The report (1 for the first) that returns false.
  var stoppingReport: Int?
  /// Each report suspends before it answers.
  var slowReports: Bool
  /// Whether a difference is shrunk: not for a body of many thousand bytes, where each try costs
  /// a second.
  var shrinks = true

  var batch: Int { max(declared / 20, 1) }

  /// The read at which the statement stops reading, at the latest (an endless body needs one).
  var lastReadNeeded: Int? {
    var reads: [Int] = [failingRead, stoppingReport.map { $0 * batch }].compactMap { $0 }
    switch cancel {
    case .beforeTheCall: reads.append(1)
    case .inRead(let read, _): reads.append(read)
    case .inReport(let report): reads.append(report * batch)
    case nil: break
    }
    if let body { reads.append(body + 1) }
    return reads.min()
  }

  /// Where the test cuts an endless body: well past where the statement stops reading.
  var endlessCut: Int { (lastReadNeeded ?? 0) + min(2 * batch + 3, 1_000) }

  /// A body that never ends must meet something that ends the call, within 6,000 reads.
  var isValid: Bool {
    body != nil || (lastReadNeeded ?? .max) <= 6_000
  }

  var size: Int {
    (body ?? 100) + [failingRead, stoppingReport].compactMap { $0 }.count * 3
      + (cancel == nil ? 0 : 3) + (declared > 1_000_000 ? 30 : 0)
  }

  var description: String {
    let body = self.body.map { "\($0) byte\($0 == 1 ? "" : "s")" } ?? "bytes that never end"
    var text = "collectInBatches(_:size: \(declared)) over a body of \(body), \(chunks.rawValue)"
    text += " (batches of \(batch))"
    if let failingRead { text += "; read \(failingRead) throws \(failure.name)" }
    switch cancel {
    case .beforeTheCall: text += "; the task is cancelled before the call"
    case .inRead(let read, let bytesEnd):
      text += "; the task is cancelled during read \(read), and the bytes "
      text += bytesEnd ? "end there" : "go on"
    case .inReport(let report): text += "; the task is cancelled during report \(report)"
    case nil: break
    }
    if let stoppingReport { text += "; report \(stoppingReport) returns false" }
    if slowReports { text += "; each report takes its time" }
    return text
  }

  var smaller: [BatchScenario] {
    guard shrinks else { return [] }
    var candidates: [BatchScenario] = []
    func with(_ change: (inout BatchScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy.isValid, copy != self { candidates.append(copy) }
    }
    if let body, body > 0 {
      with { $0.body = body / 2 }
      with { $0.body = body - 1 }
    }
    if body == nil, let last = lastReadNeeded { with { $0.body = last + batch } }
    if declared > 0 {
      with { $0.declared = declared / 2 }
      with { $0.declared = declared - 1 }
      if let body, body < declared { with { $0.declared = body } }
    }
    with { $0.failingRead = nil }
    if failure != .broke { with { $0.failure = .broke } }
    with { $0.cancel = nil }
    with { $0.stoppingReport = nil }
    with { $0.slowReports = false }
    with { $0.chunks = .allAtOnce }
    if let failingRead, failingRead > 1 { with { $0.failingRead = failingRead - 1 } }
    if let stoppingReport, stoppingReport > 1 { with { $0.stoppingReport = stoppingReport - 1 } }
    switch cancel {
    case .inRead(let read, let bytesEnd) where read > 1:
      with { $0.cancel = .inRead(read - 1, bytesEnd: bytesEnd) }
    case .inReport(let report) where report > 1: with { $0.cancel = .inReport(report - 1) }
    default: break
    }
    return candidates
  }
}

extension BatchScenario: Equatable {}

/// What the call did, in order: each report with the bytes read so far, reads after a cancel or
/// a stop, and how it ended.
struct BatchOutcome: Equatable, CustomStringConvertible {
  var log: [String]

  var description: String { log.joined(separator: ", ") }
}

/// The error the scenario's body throws at its failing read, unless it is a URLError.
struct BodyBroke: Error {}

/// Byte `number` (1 for the first) of every scenario's body.
private func bodyByte(_ number: Int) -> UInt8 { UInt8(number % 251) }

/// A report, as the log tells it: the bytes read when it came, and the fraction it was given.
private func reportEntry(atByte count: Int, fraction: Double, size: Int) -> String {
  let text = "report at byte \(count): "
  // A size of 0: the bytes over 0, +infinity (past 1.0, as no finite fraction is exactly).
  guard size > 0 else {
    return text + (fraction == .infinity ? "\(count)/0 (+infinity)" : "\(fraction)")
  }
  // The fraction, when it is exactly the bytes read over the size, as the statement says.
  guard fraction == Double(count) / Double(size) else { return text + "\(fraction)" }
  return text + "\(count)/\(size)"
}

/// The statement of exercise 6b, as a program.
func batchModel(_ scenario: BatchScenario) -> BatchOutcome {
  if scenario.cancel == .beforeTheCall { return BatchOutcome(log: ["threw CancellationError"]) }
  let batch = scenario.batch
  var log: [String] = []
  var count = 0
  var reports = 0
  func report() {
    reports += 1
    log.append(
      reportEntry(
        atByte: count,
        fraction: Double(count) / Double(scenario.declared),
        size: scenario.declared
      )
    )
  }
  for read in 1... {
    // A cancel during a read ends the call, whatever the read gives (a read that throws then
    // may throw either error: the statement leaves it free, and the runner reads it as this).
    if case .inRead(read, _) = scenario.cancel {
      return BatchOutcome(log: log + ["threw CancellationError"])
    }
    if read == scenario.failingRead {
      return BatchOutcome(log: log + ["threw the body's error, \(scenario.failure.name)"])
    }
    if let body = scenario.body, read > body {
      if count % batch != 0 { report() }  // a stop or a cancel in this last report changes nothing
      return BatchOutcome(log: log + ["returned the body's first \(count) bytes"])
    }
    count += 1
    guard count % batch == 0 else { continue }
    report()
    if scenario.stoppingReport == reports {
      return BatchOutcome(log: log + ["returned the body's first \(count) bytes"])
    }
    if scenario.cancel == .inReport(reports) {
      return BatchOutcome(log: log + ["threw CancellationError"])
    }
  }
  return BatchOutcome(log: log)
}

/// The scenario's body and reports: each read and report as the scenario says, and a log.
final class ScriptedBody: Sendable {
  private struct State {
    var reads = 0
    var given = 0
    var reports = 0
    var ended = false
    var stopped = false
    var readsAfterCancel = 0
    var readsAfterStop = 0
    var cut = false
    /// The read that threw came after a cancel: either error may come out.
    var failedAfterCancel = false
    /// The task was cancelled in a report that came after the body's end.
    var cancelledAfterTheEnd = false
    var log: [String] = []
  }

  let scenario: BatchScenario
  private let state = Locked(State())

  init(_ scenario: BatchScenario) {
    self.scenario = scenario
  }

  /// Whether read `number` starts a chunk: the reader waits for it.
  private func startsAChunk(_ number: Int) -> Bool {
    switch scenario.chunks {
    case .allAtOnce: false
    case .aByteAtATime: true
    case .uneven: (number &* 2_654_435_761 &+ scenario.declared) % 7 == 0
    }
  }

  func read() async throws -> UInt8? {
    let number = state.withLock { state in
      if Task.isCancelled { state.readsAfterCancel += 1 }
      if state.stopped { state.readsAfterStop += 1 }
      state.reads += 1
      return state.reads
    }
    if startsAChunk(number) { await Task.yield() }
    if case .inRead(number, let bytesEnd) = scenario.cancel {
      withUnsafeCurrentTask { $0?.cancel() }
      if bytesEnd { state.withLock { $0.ended = true } }
    }
    return try state.withLock { state in
      if state.ended { return nil }
      if number == scenario.failingRead {
        state.failedAfterCancel = Task.isCancelled
        throw scenario.failure.error
      }
      if let body = scenario.body, number > body {
        state.ended = true
        return nil
      }
      if scenario.body == nil, number > scenario.endlessCut {
        state.cut = true
        return nil
      }
      state.given += 1
      return bodyByte(state.given)
    }
  }

  func report(_ fraction: Double) async -> Bool {
    let number = state.withLock { state in
      state.reports += 1
      state.log.append(
        reportEntry(atByte: state.given, fraction: fraction, size: scenario.declared)
      )
      return state.reports
    }
    if scenario.slowReports { await Task.yield() }
    if scenario.cancel == .inReport(number) {
      withUnsafeCurrentTask { $0?.cancel() }
      state.withLock { $0.cancelledAfterTheEnd = $0.ended }
    }
    guard scenario.stoppingReport == number else { return true }
    state.withLock { $0.stopped = true }
    return false
  }

  /// The log, ended by how the call came out.
  func outcome(_ ending: Result<Data, any Error>) -> BatchOutcome {
    state.withLock { state in
      var log = state.log
      // One read after a cancel or a stop is allowed: a loop asks for the next byte first.
      if state.readsAfterCancel > 1 {
        log.append("asked for a byte \(state.readsAfterCancel) times after the cancel")
      }
      if state.readsAfterStop > 1 {
        log.append(
          "asked for a byte \(state.readsAfterStop) times after the report that returned false"
        )
      }
      if state.cut {
        log.append("read the endless body until the test cut it at read \(scenario.endlessCut)")
      }
      switch ending {
      case .success(let data):
        let first = Data((0..<data.count).map { bodyByte($0 + 1) })
        log.append(
          data == first && data.count <= state.given
            ? "returned the body's first \(data.count) bytes"
            : "returned \(data.count) bytes that are not the body's first \(data.count)"
        )
      case .failure(let error)
      where scenario.failure == .cancellationError && scenario.failure.isThrown(error)
        && state.reads >= (scenario.failingRead ?? .max):
        log.append("threw the body's error, \(scenario.failure.name)")
      case .failure(is CancellationError) where state.cancelledAfterTheEnd:
        // A cancel during the last report, after the body's end: the statement leaves it free.
        log.append("returned the body's first \(state.given) bytes")
      case .failure(is CancellationError): log.append("threw CancellationError")
      case .failure(let error) where scenario.failure.isThrown(error) && state.failedAfterCancel:
        log.append("threw CancellationError")
      case .failure(let error) where scenario.failure.isThrown(error):
        log.append("threw the body's error, \(scenario.failure.name)")
      case .failure(let error as URLError):
        log.append("threw \(spelledURLError(error.code))")
      case .failure(let error):
        let said = PlatformError(error).map { "\($0)" } ?? "\(type(of: error)): \(error)"
        log.append("threw \(said)")
      }
      return BatchOutcome(log: log)
    }
  }
}

/// The scenario's bytes, as an AsyncSequence.
struct ScriptedBytes: AsyncSequence, Sendable {
  typealias Element = UInt8
  typealias Failure = any Error

  let body: ScriptedBody

  struct Iterator: AsyncIteratorProtocol {
    typealias Failure = any Error
    let body: ScriptedBody

    mutating func next() async throws -> UInt8? { try await body.read() }
  }

  func makeAsyncIterator() -> Iterator { Iterator(body: body) }
}

/// The calls exercise 6b is graded on: a fixed list, from a fixed seed.
func batchScenarios(count: Int, seed: UInt64) -> [BatchScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [BatchScenario] = []
  // The codes a loop is most tempted to read as something else: a cancel, a body that just ended.
  let cancelledOrLost = everyURLErrorCode.indices.filter {
    [.cancelled, .networkConnectionLost].contains(everyURLErrorCode[$0].code)
  }
  var nextCode = 0
  while scenarios.count < count {
    let declared =
      numbers.chance(12)
      ? numbers.pick([
        Int.max, Int.max - 1, 1 << 53 + 1, Int.random(in: 1 << 40...Int.max, using: &numbers),
      ])
      : numbers.chance(5)
        ? numbers.pick([20_000, 40_000, 200_003])
        : numbers.chance(50)
          ? numbers.pick([0, 1, 2, 19, 20, 21, 39, 40, 41, 59, 60, 61, 100])
          : Int.random(in: 1...(numbers.chance(70) ? 400 : 3_000), using: &numbers)
    let batch = max(declared / 20, 1)
    let reach = min(declared, 3_000)
    // Bodies of at most a few thousand bytes: a larger size gets a part of its body.
    var body: Int? =
      declared > 3_000
      ? Int.random(in: 0...(declared > 1_000_000 ? 300 : 3_000), using: &numbers)
      : numbers.pick([
        declared, declared, max(declared - 1, 0), max(declared - batch, 0), declared + 1,
        declared + batch, Int.random(in: 0...reach, using: &numbers),
        declared + Int.random(in: 1...(3 * batch + 3), using: &numbers),
      ])
    if numbers.chance(15) { body = nil }
    let reads = (body ?? 3 * batch) + 1
    let reports = max((body ?? 3 * batch) / batch, 1)
    var scenario = BatchScenario(
      declared: declared,
      body: body,
      chunks: numbers.pick([.allAtOnce, .aByteAtATime, .uneven]),
      failingRead: numbers.chance(20) ? Int.random(in: 1...reads, using: &numbers) : nil,
      failure: numbers.chance(50)
        ? .broke
        : .url(
          numbers.chance(40)
            ? numbers.pick(cancelledOrLost) : nextURLErrorCode(&nextCode)
        ),
      cancel: nil,
      stoppingReport: numbers.chance(15) ? Int.random(in: 1...reports, using: &numbers) : nil,
      slowReports: numbers.chance(20)
    )
    if numbers.chance(45) {
      scenario.cancel = numbers.pick([
        .beforeTheCall,
        .inRead(Int.random(in: 1...reads, using: &numbers), bytesEnd: numbers.chance(50)),
        .inRead(Int.random(in: 1...reads, using: &numbers), bytesEnd: numbers.chance(50)),
        .inReport(Int.random(in: 1...reports, using: &numbers)),
      ])
    }
    if scenario.chunks == .aByteAtATime, (body ?? 0) > 2_000 { scenario.chunks = .uneven }
    if scenario.isValid { scenarios.append(scenario) }
  }
  return scenarios
}

/// Calls 6b is graded on besides `batchScenarios`', from a seed of their own: bytes that throw the
/// platform's errors (a POSIXError of a socket of each code in `socketPOSIXCodes` too) or a
/// `CancellationError` of their own, sizes of 0 to 19 with bodies of up to 5,000 bytes (as many
/// reports), and, when grading, batches of 10,001 to 300,000 bytes, one of 1 to 4 MiB, and a size
/// of 0 or 1 with 10,001 to 20,000 reports and one with 65,537 to 131,072.
func batchScenariosOfOddBodies(count: Int, seed: UInt64) -> [BatchScenario] {
  var numbers = SeededNumbers(seed: seed)
  let odd = batchScenarios(count: count, seed: seed).map { drawn -> BatchScenario in
    var scenario = drawn
    let reads = (scenario.body ?? 3 * scenario.batch) + 1
    switch Int.random(in: 0..<4, using: &numbers) {
    case 0:
      scenario.failure = .platform(numbers.platformError())
      scenario.failingRead = scenario.failingRead ?? Int.random(in: 1...reads, using: &numbers)
    case 1:
      scenario.failure = .cancellationError
      scenario.failingRead = scenario.failingRead ?? Int.random(in: 1...reads, using: &numbers)
      scenario.cancel = nil
    case 2:
      // Far more reports than a size's twenty: a size below 20 has batches of 1 byte.
      scenario.declared = numbers.pick([0, 1, 2, 19])
      scenario.body = numbers.logUniform(101...5_000)
      (scenario.failingRead, scenario.cancel, scenario.stoppingReport) = (nil, nil, nil)
      scenario.chunks = numbers.pick([.allAtOnce, .uneven])
    default: break
    }
    return scenario
  }
  let large = (0..<5).map { _ -> BatchScenario in
    let batch = numbers.logUniform(10_001...300_000)
    return wholeBody(
      declared: batch * 20 + Int.random(in: 0...19, using: &numbers),
      body: batch + numbers.logUniform(1...batch)
    )
  }
  // Larger still: a batch of over a mebibyte, and a size of 0 or 1 with over ten thousand
  // reports. A cap on the batch, or on the reports, shows here.
  var more = SeededNumbers(seed: seed &+ 1)
  let batch = more.logUniform(1_048_577...4_194_304)
  let larger = [
    wholeBody(declared: batch * 20 + Int.random(in: 0...19, using: &more), body: batch + 1),
    wholeBody(declared: more.pick([0, 1]), body: more.logUniform(10_001...20_000)),
  ]
  // Bytes that throw a POSIXError of a socket, each code in turn, at any read of the first calls
  // of up to 3,000 bytes, nothing cancelled or stopped before.
  var sockets = SeededNumbers(seed: seed &+ 2)
  let small = odd.filter { $0.isValid && ($0.body ?? .max) <= 3_000 }
  let socketErrors = zip(small, socketPOSIXCodes).map { drawn, code -> BatchScenario in
    var scenario = drawn
    let reads = (scenario.body ?? 0) + 1
    scenario.failure = .platform(.posix(code))
    scenario.failingRead = Int.random(in: 1...reads, using: &sockets)
    (scenario.cancel, scenario.stoppingReport) = (nil, nil)
    return scenario
  }
  // Past 2^16 reports: a size of 0 or 1 with a body of 65,537 to 131,072 bytes.
  var wider = SeededNumbers(seed: seed &+ 3)
  let widest = wholeBody(declared: wider.pick([0, 1]), body: wider.logUniform(65_537...131_072))
  return odd.filter(\.isValid) + socketErrors.filter(\.isValid)
    + onlyWhenGrading(large + larger + [widest])
}

/// A large call: the body all at once, read to its end (no failure, cancel or stop), not shrunk.
private func wholeBody(declared: Int, body: Int) -> BatchScenario {
  BatchScenario(
    declared: declared,
    body: body,
    chunks: .allAtOnce,
    failingRead: nil,
    cancel: nil,
    stoppingReport: nil,
    slowReports: false,
    shrinks: false
  )
}

/// The failure message: the call, then the first place where the answer and the statement part.
func explainBatches(
  _ scenario: BatchScenario,
  _ got: BatchOutcome,
  _ expected: BatchOutcome
) -> String {
  let same = zip(got.log, expected.log).prefix { $0 == $1 }.count
  let before =
    same == 0
    ? "" : "after the same \(same) first step\(same == 1 ? "" : "s") (\(expected.log[same - 1])), "
  let yours = got.log.dropFirst(same).prefix(3).joined(separator: ", ")
  let statement = expected.log.dropFirst(same).prefix(3).joined(separator: ", ")
  return
    "\(scenario): \(before)your answer: \(yours.isEmpty ? "nothing more" : yours); the statement "
    + "gives: \(statement.isEmpty ? "nothing more" : statement)"
}
