import ChildProcesses
import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import Chapter08

final class Chapter08Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter08", docsPage: "Chapter08-Isolation.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter08, docsPage: "Chapter08-Isolation.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter08",
      docsPage: "Chapter08-Isolation.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter08"])
  }

  func test_unknownOption_printsUsageOnStderr_andExits64() async throws {
    let result = try await runChapter("Chapter08", arguments: ["--bogus"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("usage: swift run Chapter08"), result.stderr)
  }

  // MARK: - 8.1 Actors

  func test_stockroom_tenTasksAddingAtOnce_loseNoUpdate() async {
    let room = Stockroom()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask { for _ in 0..<1_000 { await room.add(1, of: "boxes") } }
      }
    }
    let boxes = await room.count(of: "boxes")
    XCTAssertEqual(boxes, 10_000)
  }

  func test_move_withAnIsolatedParameter_movesOrRefusesInOneVisit() async {
    let room = Stockroom()
    await room.add(10, of: "boxes")
    let moved = await move(4, from: "boxes", to: "shelf", in: room)
    let refused = await move(7, from: "boxes", to: "shelf", in: room)
    XCTAssertTrue(moved)
    XCTAssertFalse(refused)
    let boxes = await room.count(of: "boxes")
    let shelf = await room.count(of: "shelf")
    XCTAssertEqual([boxes, shelf], [6, 4])
  }

  // MARK: - 8.2 Reentrancy

  func test_aReadBeforeTheAwait_andAWriteAfterIt_loseTheOtherCallsUpdate() async {
    let boxes = await bookTwoDeliveries { room in await room.receive(5, of: "boxes") }
    XCTAssertEqual(boxes, 5, "both read 0 before either wrote")
  }

  func test_noSuspensionBetweenTheReadAndTheWrite_keepsBothUpdates() async {
    let boxes = await bookTwoDeliveries { room in await room.receiveFixed(5, of: "boxes") }
    XCTAssertEqual(boxes, 10)
  }

  func test_callersDuringAStocktake_joinIt_andTheSupplierIsAskedOnce() async {
    let supplier = Supplier()
    let stocktaking = Stocktaking(supplier: supplier)
    async let a = stocktaking.stocktake()
    await supplier.waitUntilWaiting(1)
    async let b = stocktaking.stocktake()
    async let c = stocktaking.stocktake()
    while await stocktaking.joined < 2 { await Task.yield() }
    supplier.answerOldest()
    let results = await [a, b, c]
    XCTAssertEqual(results, [6_000, 6_000, 6_000])
    XCTAssertEqual(supplier.callCount, 1)
    // Once it is over, the next caller starts a new one.
    async let d = stocktaking.stocktake()
    await supplier.waitUntilWaiting(1)
    supplier.answerOldest()
    _ = await d
    XCTAssertEqual(supplier.callCount, 2)
  }

  func test_aCallFromOutsideTheActor_withoutAwait_doesNotCompile() async throws {
    let diagnostics = try await swift6Diagnostics(
      compiling: """
        actor Stockroom {
          func add(_ amount: Int, of item: String) {}
        }
        func restock(_ room: Stockroom) async {
          room.add(1, of: "boxes")
        }
        """,
      typeCheckOnly: true
    )
    let quoted =
      "actor-isolated instance method 'add(_:of:)' cannot be called from outside of the actor"
    XCTAssertTrue(diagnostics.contains("error: " + quoted), diagnostics)
    let section = try await runChapter("Chapter08", arguments: ["--fast", "--section", "8.1"])
    XCTAssertTrue(section.stdout.contains("\"\(quoted)\""), "8.1.2 prints: \(section.stdout)")
  }

  // MARK: - 8.3 Global actors and the main actor

  @MainActor
  func test_eachKindOfCall_runsOnTheActorItsIsolationNames() async {
    XCTAssertEqual(actorName(), "MainActor")
    let bookkeeping = await record("a line")
    XCTAssertEqual(bookkeeping, "Bookkeeping")
    let inherited = await Task { actorName() }.value
    XCTAssertEqual(inherited, "MainActor")
    let detached = await Task.detached { actorName() }.value
    XCTAssertEqual(detached, "no actor")
    let nonisolated = await actorOfANonisolatedAsyncFunction()
    XCTAssertEqual(nonisolated, "no actor")
  }

  // MARK: - 8.4 Sendable and regions

  func test_aNonSendableOrder_usedAfterATaskTookIt_doesNotCompile() async throws {
    try await assertRejected("used-after-the-task")
  }

  func test_anOrderKeptAfterItWasSentToAnActor_doesNotCompile() async throws {
    try await assertRejected("kept-after-sending")
  }

  func test_aParameterHandedOnWithoutSending_doesNotCompile() async throws {
    try await assertRejected("handed-on-without-sending")
  }

  func test_aVarInASendableClass_doesNotCompile() async throws {
    try await assertRejected("var-in-a-sendable-class")
  }

  func test_uncheckedSendable_overAPlainVar_compilesWithNoDiagnostic() async throws {
    let diagnostics = try await swift6Diagnostics(
      compiling: """
        final class PlainCounter: @unchecked Sendable {
          var count = 0
        }
        func countTwice() async {
          let counter = PlainCounter()
          async let first: Void = counter.count += 1
          async let second: Void = counter.count += 1
          _ = await (first, second)
        }
        """
    )
    XCTAssertFalse(diagnostics.contains("error:"), diagnostics)
    XCTAssertFalse(diagnostics.contains("warning:"), diagnostics)
  }

  func test_theTypesOfTheSection_compileWithNoWarning() async throws {
    let diagnostics = try await swift6Diagnostics(compiling: try sendableDeclarations())
    XCTAssertFalse(diagnostics.contains("error:"), diagnostics)
    XCTAssertFalse(diagnostics.contains("warning:"), diagnostics)
  }

  // MARK: - What the page says about threads, assumeIsolated and Mutex

  #if os(Linux)
  /// The page's "an executor is not a thread", on Linux: after an async main first suspends,
  /// main-actor code runs on another thread than the process's first.
  func test_onLinux_afterTheFirstSuspension_mainActorCodeRunsOffTheMainThread() async throws {
    let output = try await compileAndRun(
      """
      import Foundation

      @main struct Probe {
        @MainActor static func main() async {
          print("before:", Thread.isMainThread)
          try? await Task.sleep(for: .milliseconds(1))
          MainActor.assertIsolated()
          print("after:", Thread.isMainThread)
        }
      }
      """
    )
    XCTAssertEqual(output, "before: true\nafter: false\n")
  }
  #endif

  @MainActor
  func test_aSynchronousNonisolatedFunction_runsOnItsCallersActor() {
    // No actor that the compiler knows of, yet the main actor's own check passes.
    XCTAssertEqual(actorNameCheckingTheMainActor(), "no actor")
  }

  func test_assumeIsolated_offTheMainActor_stopsTheProgramWithATrap() async throws {
    let run = try await compileAndRunToTheEnd(
      """
      import Foundation

      @MainActor func show() { print("shown") }

      @main struct Probe {
        static func main() {
          DispatchQueue.global().async {
            MainActor.assumeIsolated { show() }
            exit(0)
          }
          dispatchMain()
        }
      }
      """
    )
    XCTAssertEqual(run.termination, .signalled(RuntimeTrap.signal), run.stderr)
    XCTAssertEqual(run.stdout, "")
  }

  func test_assumeIsolated_inAnAsyncFunction_doesNotCompile() async throws {
    let diagnostics = try await swift6Diagnostics(
      compiling: """
        @MainActor func show() {}
        func report() async { MainActor.assumeIsolated { show() } }
        """,
      typeCheckOnly: true
    )
    XCTAssertTrue(
      diagnostics.contains("'assumeIsolated' is unavailable from asynchronous contexts"),
      diagnostics
    )
  }

  func test_aWithLockBody_cannotAwait() async throws {
    let diagnostics = try await swift6Diagnostics(
      compiling: """
        import Synchronization
        func refill() async {}
        func restock(_ shelf: borrowing Mutex<Int>) async {
          shelf.withLock { count in
            await refill()
            count += 1
          }
        }
        """,
      typeCheckOnly: true
    )
    XCTAssertTrue(diagnostics.contains("expecting synchronous function type"), diagnostics)
  }

  // MARK: - 8.5 Where an async function runs

  @MainActor
  func test_fromTheMainActor_nonsendingStaysOnIt_concurrentLeavesIt() async {
    let nonsending = await labelOnCallersActor()
    let concurrent = await labelOffEveryActor()
    XCTAssertEqual([nonsending, concurrent], ["MainActor", "no actor"])
  }

  func test_aPlainNonisolatedAsyncFunction_runsOnTheCallersActor_onlyWithNonsendingByDefault()
    async throws
  {
    let program = """
      func actorName(_ caller: isolated (any Actor)? = #isolation) -> String {
        caller.map { String(describing: type(of: $0)) } ?? "no actor"
      }
      nonisolated func plain() async -> String { actorName() }
      @main struct Probe {
        @MainActor static func main() async { print(await plain()) }
      }
      """
    let byDefault = try await compileAndRun(program)
    XCTAssertEqual(byDefault, "no actor\n")
    let nonsending = try await compileAndRun(
      program,
      flags: ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
    )
    XCTAssertEqual(nonsending, "MainActor\n")
  }

  func test_aPlainClassesMethod_isOnTheMainActor_onlyWithDefaultMainActorIsolation()
    async throws
  {
    let program = """
      func actorName(_ caller: isolated (any Actor)? = #isolation) -> String {
        caller.map { String(describing: type(of: $0)) } ?? "no actor"
      }
      final class Scale {
        var grams = 0
        func weigh() -> String { actorName() }
      }
      @main struct Probe {
        static func main() async { print(Scale().weigh()) }
      }
      """
    let byDefault = try await compileAndRun(program)
    XCTAssertEqual(byDefault, "no actor\n")
    let mainActorByDefault = try await compileAndRun(
      program,
      flags: ["-default-isolation", "MainActor"]
    )
    XCTAssertEqual(mainActorByDefault, "MainActor\n")
  }

  func test_aGlobalVar_isRejected_unlessTheDefaultIsolationIsTheMainActor() async throws {
    let source = """
      var parcelsToday = 0

      func countParcel() {
        parcelsToday += 1
      }
      """
    let byDefault = try await swift6Diagnostics(compiling: source, flags: ["-parse-as-library"])
    XCTAssertTrue(
      byDefault.contains(
        "error: var 'parcelsToday' is not concurrency-safe because it is nonisolated global "
          + "shared mutable state"
      ),
      byDefault
    )
    let onTheMainActor = try await swift6Diagnostics(
      compiling: source,
      flags: ["-parse-as-library", "-default-isolation", "MainActor"]
    )
    XCTAssertFalse(onTheMainActor.contains("error:"), onTheMainActor)
  }

  // MARK: - 8.6 Mutex, Atomic or an actor

  func test_threeCounters_tenTasksAtOnce_countEveryIncrement() async {
    let mutex = MutexCounter()
    let atomic = AtomicCounter()
    let actor = ActorCounter()
    // Under the thread sanitizer the tasks take turns: it cannot see a contended Mutex's lock on
    // Linux, and would report the count it guards (see ThreadSanitizer).
    let atOnce = ThreadSanitizer.isRunning ? 1 : 10
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<10 {
        if task >= atOnce { await group.next() }
        group.addTask {
          for _ in 0..<1_000 {
            mutex.increment()
            atomic.increment()
            await actor.increment()
          }
        }
      }
    }
    let counted = await actor.count
    XCTAssertEqual([mutex.count, atomic.count, counted], [10_000, 10_000, 10_000])
  }

  // MARK: - Helpers

  /// The types 8.4's file declares (the lines before its section function), as a program of
  /// their own.
  private func sendableDeclarations() throws -> String {
    let file = repositoryRoot.appendingPathComponent("Chapters/Chapter08/04-Sendable.swift")
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    return lines.prefix { !$0.hasPrefix("func runSendable") }
      .filter { $0 != "import LessonSupport" }.joined(separator: "\n")
  }

  /// Compiles the block `#if SHOW_ERRORS  // NAME` of 8.4's file with the file's declarations,
  /// and checks that the compiler gives the error its first comment line quotes.
  private func assertRejected(
    _ name: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    let url = repositoryRoot.appendingPathComponent("Chapters/Chapter08/04-Sendable.swift")
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    let start = try XCTUnwrap(lines.firstIndex(of: "#if SHOW_ERRORS  // \(name)"))
    let end = try XCTUnwrap(lines[start...].firstIndex(of: "#endif"))
    let block = lines[(start + 1)..<end]
    let quoted = try XCTUnwrap(block.first { $0.hasPrefix("// error: ") }).dropFirst(3)
    let diagnostics = try await swift6Diagnostics(
      compiling: try sendableDeclarations() + "\n" + block.joined(separator: "\n")
    )
    XCTAssertTrue(diagnostics.contains(quoted), "\(quoted)\n\(diagnostics)", file: file, line: line)
  }

  /// Builds `source` as a program in Swift 6 mode with `flags`, runs it, returns its stdout.
  private func compileAndRun(_ source: String, flags: [String] = []) async throws -> String {
    try await compileAndRunToTheEnd(source, flags: flags).stdout
  }

  /// Builds `source` as a program in Swift 6 mode with `flags`, runs it, returns how it ended.
  private func compileAndRunToTheEnd(
    _ source: String,
    flags: [String] = []
  ) async throws -> ChildProcessResult {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("chapter08-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sourceFile = folder.appendingPathComponent("probe.swift")
    try source.write(to: sourceFile, atomically: true, encoding: .utf8)
    let program = folder.appendingPathComponent("probe")
    let built = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swiftc", "-swift-version", "6", "-parse-as-library"] + flags
        + [sourceFile.path, "-o", program.path],
      timeout: .seconds(300)
    )
    XCTAssertEqual(built.termination, .exited(0), built.stderr)
    let run = try await ChildProcess.run(program, timeout: .seconds(60))
    return run
  }
}

/// A synchronous nonisolated function: it checks that it runs on the main actor, and returns
/// what its `#isolation` names.
private nonisolated func actorNameCheckingTheMainActor() -> String {
  MainActor.assertIsolated()
  return actorName()
}
