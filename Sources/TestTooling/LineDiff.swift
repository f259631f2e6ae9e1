/// A line-by-line diff (longest common subsequence), rendered like `diff -u`.
struct LineDiff {
  enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  let edits: [Edit]

  init(_ old: [String], _ new: [String]) {
    // lengths[i][j]: length of the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(.same(old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        edits.append(.removed(old[i]))
        i += 1
      } else {
        edits.append(.added(new[j]))
        j += 1
      }
    }
    self.edits = edits
  }

  /// The changed lines with `context` unchanged lines around each, hunks separated by `...`.
  func unified(context: Int) -> String {
    let changed = edits.indices.filter { edits[$0] != .same(text(of: edits[$0])) }
    var shown = Set<Int>()
    for index in changed {
      shown.formUnion(max(0, index - context)...min(edits.count - 1, index + context))
    }
    var output: [String] = []
    var previous: Int?
    for index in shown.sorted() {
      if let previous, index > previous + 1 { output.append("...") }
      if previous == nil, index > 0 { output.append("...") }
      switch edits[index] {
      case .same(let line): output.append("  \(line)")
      case .removed(let line): output.append("- \(line)")
      case .added(let line): output.append("+ \(line)")
      }
      previous = index
    }
    if let previous, previous < edits.count - 1 { output.append("...") }
    return output.joined(separator: "\n")
  }

  private func text(of edit: Edit) -> String {
    switch edit {
    case .same(let line), .removed(let line), .added(let line): line
    }
  }
}
