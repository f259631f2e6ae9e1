// `swift run Grade`: grades the exercises in Sources/Exercises. See GradeCommand.swift.
import Foundation

@main
enum Main {
  static func main() async {
    let status = await GradeCommand.run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      console: .standard,
      errors: .standardError
    )
    exit(status)
  }
}
