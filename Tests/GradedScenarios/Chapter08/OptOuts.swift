// What Chapter08's graded tests look for in an answer's file, in what the compiler parses (so that
// neither a comment, a string nor a spacing hides it): the opt-outs of the compiler's checks, and
// state kept outside the instances (static or global variables, and constants made by a call).
import ChildProcesses
import Foundation
import XCTest

/// The opt-outs of the compiler's checks the answer's source declares, and the state it keeps
/// outside its instances, found in what the compiler parses (`swiftc -dump-parse`), so that
/// neither a comment nor a string counts, and no spelling hides one: `@unchecked` in a
/// conformance, `nonisolated(unsafe)`, `@preconcurrency`, a static or global variable, a static
/// or global constant made by a call.
func optOutsAndSharedState(
  in source: String
) async throws -> (optOuts: [String], sharedState: [String]) {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("graded-parse-\(UUID().uuidString).swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(at: file) }
  let result = try await ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/env"),
    arguments: ["swiftc", "-dump-parse", file.path],
    timeout: .seconds(120)
  )
  let tree = (result.stdout + "\n" + result.stderr).split(separator: "\n")
  var found: [String] = []
  if tree.contains(where: { $0.contains("inherits=\"") && $0.contains("@unchecked") }) {
    found.append("@unchecked")
  }
  if tree.contains(where: { $0.contains("(nonisolated_attr") && $0.contains(" unsafe)") }) {
    found.append("nonisolated(unsafe)")
  }
  // The parse tree shows `@preconcurrency` on declarations; on an import, the line says it.
  let importsSo = source.split(separator: "\n").contains {
    $0.trimmingCharacters(in: .whitespaces).hasPrefix("@preconcurrency")
  }
  if importsSo || tree.contains(where: { $0.contains("(preconcurrency_attr") }) {
    found.append("@preconcurrency")
  }
  // A variable's line ends with its name, then its kind: `"table" let static)` for a static
  // constant, `top_level_global` for a global. A constant of plain values (numbers, strings) is
  // no state; one made by a call (a Mutex, an Atomic, an instance of a class) is, and so is one
  // made from a literal as another type (`let pool: Pool = 0` calls `Pool(integerLiteral:)`).
  var shared: [String] = []
  var binding: [Substring] = []  // the lines since the last pattern binding
  for line in tree {
    if line.contains("(pattern_binding_decl") { binding = [] }
    binding.append(line)
    guard line.contains("(var_decl") else { continue }
    let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
    guard parts.count >= 3, let kind = parts.last,
      kind.contains(" static") || kind.contains("top_level_global")
    else { continue }
    if !kind.contains(" let") || binding.contains(where: madeByACall) {
      shared.append(String(parts[parts.count - 2]))
    }
  }
  return (found, shared)
}

/// The types a constant of plain values may be written with.
private let plainTypes: Set<Substring> = [
  "Swift", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
  "Double", "Float", "Bool", "String", "Substring", "Character", "StaticString", "Array",
  "Dictionary", "Set", "Optional",
]

/// Whether a line of a constant's binding in the parse tree makes it by a call: a call, a
/// coercion (`0 as Pool`), or a type other than plain values.
private func madeByACall(_ line: Substring) -> Bool {
  if line.contains("call_expr") || line.contains("coerce_expr") { return true }
  guard let range = line.range(of: "_ident id=\"") else { return false }
  let name = line[range.upperBound...].prefix { $0 != "\"" }
  return !plainTypes.contains(name)
}

/// Fails unless the answer's `file` keeps each `noun`'s state in the instance itself, with no
/// static or global state and no opt-out.
func assertStateKeptInEach(
  _ noun: String,
  declaredIn file: URL,
  filePath: StaticString = #filePath,
  line: UInt = #line
) async throws {
  let source = try String(contentsOf: file, encoding: .utf8)
  let found = try await optOutsAndSharedState(in: source)
  XCTAssertTrue(
    found.optOuts.isEmpty && found.sharedState.isEmpty,
    "\(file.lastPathComponent) uses "
      + (found.optOuts + found.sharedState.map { "static or global " + $0 })
      .joined(separator: ", ")
      + ": the statement asks for each \(noun)'s state in the \(noun) itself, with no static or "
      + "global variable, no such constant made by a call, and no @unchecked, "
      + "nonisolated(unsafe) or @preconcurrency",
    file: filePath,
    line: line
  )
}
