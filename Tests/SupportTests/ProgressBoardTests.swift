import LessonSupport
import LiveProgress
import TestTooling
import XCTest

final class ProgressBoardTests: XCTestCase {
  func test_inAPipe_onlyFinalLinesAndPrintsAppear_finalLinesInRowOrder() {
    let recorder = ConsoleRecorder()
    let board = ProgressBoard(console: recorder.console(isTerminal: false))
    let first = board.addRow("a 0%")
    let second = board.addRow("b 0%")
    let third = board.addRow("c 0%")
    board.update(first, "a 50%")
    board.print("a line")
    board.finish(second, "b done")
    XCTAssertEqual(recorder.text, "a line\n", "b waits for a, the row above it")
    board.update(first, "a 90%")
    board.finish(first, "a done")
    XCTAssertEqual(recorder.text, "a line\na done\nb done\n")
    board.finish(third, "c done")
    XCTAssertEqual(recorder.text, "a line\na done\nb done\nc done\n")
  }

  func test_inAPipe_jobsFinishingInAnyOrder_printInRowOrder() async {
    let recorder = ConsoleRecorder()
    let board = ProgressBoard(console: recorder.console(isTerminal: false))
    let rows = (0..<8).map { board.addRow("job \($0) waiting") }
    await withTaskGroup(of: Void.self) { group in
      for (number, row) in rows.enumerated().reversed() {
        group.addTask { board.finish(row, "job \(number) done") }
      }
    }
    XCTAssertEqual(recorder.text, (0..<8).map { "job \($0) done\n" }.joined())
  }

  func test_onATerminal_rowsAreRedrawnInPlace_withTheExactEscapes() {
    let recorder = ConsoleRecorder()
    let board = ProgressBoard(console: recorder.console(isTerminal: true))
    let first = board.addRow("a 0%")
    _ = board.addRow("b 0%")
    board.update(first, "a 50%")
    board.print("note")
    let clear = "\r\u{1B}[2K"
    XCTAssertEqual(
      recorder.text,
      "\(clear)a 0%\n"
        + "\u{1B}[1A\(clear)a 0%\n\(clear)b 0%\n"
        + "\u{1B}[2A\(clear)a 50%\n\(clear)b 0%\n"
        + "\u{1B}[2A\(clear)note\n\(clear)a 50%\n\(clear)b 0%\n"
    )
  }

  func test_onATerminal_anUnchangedRowIsNotRedrawn() {
    let recorder = ConsoleRecorder()
    let board = ProgressBoard(console: recorder.console(isTerminal: true))
    let row = board.addRow("same")
    let before = recorder.text
    board.update(row, "same")
    XCTAssertEqual(recorder.text, before)
  }

  func test_onATerminal_concurrentUpdates_leaveTheScreenShowingEveryFinalRow() async {
    let recorder = ConsoleRecorder()
    let board = ProgressBoard(console: recorder.console(isTerminal: true))
    let rows = (0..<8).map { board.addRow("job \($0) waiting") }
    await withTaskGroup(of: Void.self) { group in
      for (number, row) in rows.enumerated() {
        group.addTask {
          for step in 1...50 {
            board.update(row, "job \(number) " + ProgressBoard.bar(completed: step, total: 50))
            if step == 25 { board.print("job \(number) is half way") }
          }
          board.finish(row, "job \(number) done")
        }
      }
    }
    let screen = TerminalScreen(recorder.text).lines
    XCTAssertEqual(Array(screen.suffix(8)), (0..<8).map { "job \($0) done" })
    XCTAssertEqual(
      Set(screen.dropLast(8)),
      Set((0..<8).map { "job \($0) is half way" }),
      "the printed lines stay above the rows, none overwritten"
    )
  }

  func test_bar_clampsAndRoundsDown() {
    XCTAssertEqual(ProgressBoard.bar(completed: 0, total: 10), "[--------------------]   0%")
    XCTAssertEqual(ProgressBoard.bar(completed: 4, total: 10), "[########------------]  40%")
    XCTAssertEqual(ProgressBoard.bar(completed: 999, total: 1000), "[###################-]  99%")
    XCTAssertEqual(ProgressBoard.bar(completed: 12, total: 10), "[####################] 100%")
    XCTAssertEqual(ProgressBoard.bar(completed: -1, total: 10, width: 4), "[----]   0%")
    XCTAssertEqual(ProgressBoard.bar(completed: 0, total: 0, width: 4), "[####] 100%")
  }
}

/// What a terminal would show for the escapes ProgressBoard writes: cursor up (ESC [ n A),
/// carriage return, clear line (ESC [ 2 K) and newline.
private struct TerminalScreen {
  private(set) var lines: [String] = [""]

  init(_ text: String) {
    var row = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\n":
        row += 1
        if row == lines.count { lines.append("") }
      case "\r":
        break  // ProgressBoard always clears the line after a carriage return
      case "\u{1B}":
        _ = scalars.next()  // "["
        var count = ""
        while let next = scalars.next() {
          if next == "A" {
            row -= Int(count) ?? 1
            break
          } else if next == "K" {
            lines[row] = ""
            break
          }
          count.unicodeScalars.append(next)
        }
      default:
        lines[row].unicodeScalars.append(scalar)
      }
    }
    if lines.last == "" { lines.removeLast() }
  }

  /// The example in ProgressBoard's doc comment: compiled, not run.
  private func docCommentExample(context: LessonContext, size: Int, received: Int) {
    let board = ProgressBoard(console: context.console)
    let row = board.addRow("large.bin  " + ProgressBoard.bar(completed: 0, total: size))
    board.update(row, "large.bin  " + ProgressBoard.bar(completed: received, total: size))
    board.finish(row, "large.bin  done, 32 MB")
  }
}
