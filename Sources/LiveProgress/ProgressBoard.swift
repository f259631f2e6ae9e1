import Foundation
import LessonSupport

/// Live progress rows, one per job: redrawn in place on a terminal; in a pipe (a test, a file,
/// CI) only each row's final line is printed, in row order whatever order the jobs finish in, so
/// transcripts stay short and exact.
///
/// ```swift
/// let board = ProgressBoard(console: context.console)
/// let row = board.addRow("large.bin  " + ProgressBoard.bar(completed: 0, total: size))
/// board.update(row, "large.bin  " + ProgressBoard.bar(completed: received, total: size))
/// board.finish(row, "large.bin  done, 32 MB")
/// ```
///
/// Do: print through `board.print` while rows are live, so lines land above the rows. Not: print
/// through the console meanwhile; on a terminal the next redraw would overwrite that line.
public final class ProgressBoard: Sendable {
  /// A row of the board, as returned by `addRow`.
  public struct Row: Hashable, Sendable {
    let index: Int
  }

  private struct State {
    var rows: [String] = []
    /// How many rows are on the screen (and so how far up a redraw starts).
    var drawn = 0
    /// In a pipe: which rows have their final text, and how many of them are printed.
    var finished: Set<Int> = []
    var printed = 0
  }

  private let console: Console
  // Thread safety: rows change and are written under this lock, so redraws never interleave.
  private let state = Locked(State())

  /// Creates an empty board that draws on `console`.
  public init(console: Console) {
    self.console = console
  }

  /// Adds a row below the others; on a terminal it appears at once.
  public func addRow(_ text: String) -> Row {
    state.withLock { state in
      state.rows.append(text)
      redraw(&state, above: nil)
      return Row(index: state.rows.count - 1)
    }
  }

  /// Replaces a row's text; on a terminal it is redrawn if the text changed.
  public func update(_ row: Row, _ text: String) {
    state.withLock { state in
      guard state.rows[row.index] != text else { return }
      state.rows[row.index] = text
      redraw(&state, above: nil)
    }
  }

  /// Gives a row its final text: redrawn on a terminal; in a pipe, printed as a line once every
  /// row above it has finished too.
  public func finish(_ row: Row, _ text: String) {
    state.withLock { state in
      state.rows[row.index] = text
      if console.isTerminal {
        redraw(&state, above: nil)
      } else {
        state.finished.insert(row.index)
        while state.finished.contains(state.printed) {
          console.print(state.rows[state.printed])
          state.printed += 1
        }
      }
    }
  }

  /// Prints a line above the rows (a plain line in a pipe).
  public func print(_ line: String) {
    state.withLock { state in
      if console.isTerminal {
        redraw(&state, above: line)
      } else {
        console.print(line)
      }
    }
  }

  /// Moves the cursor up to the first row, writes `line` there if given, then every row, each
  /// line cleared first: one write, so the screen never shows half a redraw.
  private func redraw(_ state: inout State, above line: String?) {
    guard console.isTerminal else { return }
    var lines = state.rows
    if let line { lines.insert(line, at: 0) }
    var text = state.drawn > 0 ? "\u{1B}[\(state.drawn)A" : ""
    for line in lines {
      text += "\r\u{1B}[2K" + line + "\n"
    }
    console.write(text)
    state.drawn = state.rows.count
  }

  /// A text bar and percentage, `[########------------]  40%`; `total` 0 counts as done.
  ///
  /// - Parameters:
  ///   - completed: the work done so far, clamped to `0...total`.
  ///   - total: all the work.
  ///   - width: the number of cells between the brackets.
  public static func bar(
    completed: some BinaryInteger,
    total: some BinaryInteger,
    width: Int = 20
  ) -> String {
    let done = Double(completed)
    let all = Double(total)
    let fraction = all > 0 ? min(max(done, 0), all) / all : 1
    let filled = Int((fraction * Double(width)).rounded(.down))
    let percent = Int((fraction * 100).rounded(.down))
    let empty = width - filled
    let cells = String(repeating: "#", count: filled) + String(repeating: "-", count: empty)
    return "[\(cells)] " + String(format: "%3d%%", percent)
  }
}
