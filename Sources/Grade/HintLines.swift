// How an exercise's hints are printed, by the scoreboard and by watch mode's h key.
//
// Hints come only when asked: without a request, the lines only say how many there are and how
// to see the next. The general hints keep their numbers ("hint 2 of 3" is the same text whatever
// the failure); a known mistake's own hint is an extra, outside the numbering, that stays
// available once shown.
import Foundation
import LessonSupport

struct HintLines {
  let exercise: Exercise
  /// The failure the exercise has now, which may name a known mistake.
  let failure: Failure?
  let seen: RevealedHints.Seen
  /// What this run's request revealed; nil when no hint was asked for.
  let request: RevealedHints.Reveal?
  /// In watch mode the h key asks, not a command.
  var watching = false

  /// The lines to print, each indented by two spaces.
  var lines: [String] {
    var lines: [String] = []
    let current = exercise.mistake(for: failure)
    if request != nil {
      for mistake in exercise.mistakes where seen.mistakes.contains(mistake.name) {
        let new = request == .mistake(mistake) ? " (new)" : ""
        let about =
          mistake == current
          ? "About this mistake" : "About a mistake made before (\(mistake.name))"
        lines.append("  \(about)\(new): \(mistake.hint)")
      }
      for (index, hint) in exercise.hints.prefix(seen.hints).enumerated() {
        let new = request == .hint(number: index + 1) ? " (new)" : ""
        lines.append("  Hint \(index + 1) of \(exercise.hints.count)\(new): \(hint)")
      }
    }
    lines.append("  Read: \(exercise.docLink)")
    lines.append("  " + next(current: current))
    return lines
  }

  /// How to see more, or that there is no more.
  private func next(current: Mistake?) -> String {
    let count = exercise.hints.count
    if let current, !seen.mistakes.contains(current.name) {
      return "Stuck? " + offer("a hint about this mistake")
    }
    if seen.hints < count {
      let upTo = "hint \(seen.hints + 1) of \(count)"
      return request != nil || seen.hints == 0
        ? "Stuck? " + offer(upTo)
        : "Hints seen: \(seen.hints) of \(count). " + offer("them again, and \(upTo)")
    }
    if request == .noneLeft {
      return "No more hints: that was the last. Compare with the reference solution: "
        + exercise.solutionPath
    }
    let again = request == nil ? " (" + offer("them again").dropLast() + ")" : ""
    return "All \(count) hints seen\(again). Compare with the reference solution: "
      + exercise.solutionPath
  }

  /// The way to ask for `what`: the command, or in watch mode the h key.
  private func offer(_ what: String) -> String {
    watching ? "Press h for \(what)." : "`swift run Grade \(exercise.id) --hint` shows \(what)."
  }
}

extension HintLines {
  /// Watch mode's h key: reveals the next hint of `exercise` for its latest verdict, then
  /// prints every hint seen, the new one marked.
  static func revealAndPrint(
    for exercise: Exercise,
    verdict: Verdict?,
    root: URL,
    on console: Console,
    width: Int? = nil
  ) throws {
    var revealed = RevealedHints(packageRoot: root)
    let failure: Failure? = if case .failing(let failure) = verdict { failure } else { nil }
    let request = try revealed.revealNext(of: exercise, failure: failure)
    console.print()
    console.print("Hints for \(exercise.heading)", style: .bold)
    let hints = HintLines(
      exercise: exercise,
      failure: failure,
      seen: revealed.seen(of: exercise),
      request: request,
      watching: true
    )
    for line in hints.lines {
      for part in TextWrap.lines(line, width: width, hanging: 2) { console.print(part) }
    }
  }
}
