import TestTooling
import XCTest

final class ConsoleTests: XCTestCase {
  func test_print_recordsLinesInOrder_splittingMultilineText() {
    let recorder = ConsoleRecorder()
    let console = recorder.console()
    console.print("first")
    console.print("second\nthird")
    console.print()
    XCTAssertEqual(recorder.lines, ["first", "second", "third", ""])
    XCTAssertEqual(recorder.text, "first\nsecond\nthird\n\n")
  }

  func test_section_printsABlankLineThenTheBanner() {
    let recorder = ConsoleRecorder()
    recorder.console().section("1.2 Wrapping a delegate API")
    XCTAssertEqual(recorder.lines, ["", "=== 1.2 Wrapping a delegate API ==="])
  }

  func test_styles_areOmittedWhenNotATerminal() {
    let recorder = ConsoleRecorder()
    let console = recorder.console(isTerminal: false)
    console.print("careful", style: .failure)
    console.section("1.1 Title")
    XCTAssertEqual(recorder.lines, ["careful", "", "=== 1.1 Title ==="])
    XCTAssertFalse(recorder.text.contains("\u{1B}"))
  }

  func test_styles_useEscapeCodesOnATerminal() {
    let recorder = ConsoleRecorder()
    let console = recorder.console(isTerminal: true)
    console.print("careful", style: .failure)
    console.print("plain", style: .plain)
    XCTAssertEqual(recorder.lines, ["\u{1B}[31mcareful\u{1B}[0m", "plain"])
  }

  func test_concurrentPrints_keepEveryLineWhole() async {
    let recorder = ConsoleRecorder()
    let console = recorder.console()
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for line in 0..<100 { console.print("writer \(writer) line \(line)") }
        }
      }
    }
    let lines = recorder.lines
    XCTAssertEqual(lines.count, 800)
    XCTAssertEqual(Set(lines).count, 800)
    for writer in 0..<8 {
      let own = lines.filter { $0.hasPrefix("writer \(writer) ") }
      XCTAssertEqual(own, (0..<100).map { "writer \(writer) line \($0)" }, "one writer's order")
    }
  }
}
