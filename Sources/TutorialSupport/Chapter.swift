import Foundation

/// What a lesson section gets to work with: where to print, and the clock to wait on.
public struct LessonContext: Sendable {
  /// Where the lesson prints.
  public let console: Console
  /// Every pause in the lesson goes through this clock.
  public let clock: any Clock<Duration>
  /// Whether the chapter runs with `--fast`; passed on to child processes it starts.
  public let isFast: Bool

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - console: where the lesson prints.
  ///   - clock: the clock for every pause (a `ManualClock` in tests).
  ///   - isFast: whether child processes should also run fast.
  public init(console: Console, clock: any Clock<Duration>, isFast: Bool = true) {
    self.console = console
    self.clock = clock
    self.isFast = isFast
  }
}

/// One numbered section of a chapter, such as "1.2 Wrapping a delegate API".
public struct LessonSection: Sendable {
  /// The short name used with `--section`, such as "delegate".
  public let name: String
  /// The heading, the same words as the docs page: "1.2 Wrapping a delegate API".
  public let title: String
  /// Runs the section.
  public let run: @Sendable (LessonContext) async throws -> Void

  /// Creates a section.
  public init(
    _ name: String,
    title: String,
    run: @escaping @Sendable (LessonContext) async throws -> Void
  ) {
    self.name = name
    self.title = title
    self.run = run
  }

  /// The section number at the start of the title ("1.2").
  public var number: String {
    String(title.prefix { $0 != " " })
  }
}

/// A chapter executable: its sections in docs order, plus demos it runs in child processes.
///
/// ```swift
/// @main enum Main {
///   static func main() async {
///     await Chapter(executable: "Chapter01", title: "Chapter 01: Continuations",
///                   sections: [...], demos: [...]).main()
///   }
/// }
/// ```
public struct Chapter: Sendable {
  /// The executable's name, used in usage text.
  public let executable: String
  /// The banner printed first.
  public let title: String
  /// The sections, in the order of the docs page.
  public let sections: [LessonSection]
  /// Code that misbehaves on purpose (a double resume), run with `--demo NAME` in a child.
  public let demos: [String: @Sendable (LessonContext) async throws -> Void]

  /// Creates a chapter.
  public init(
    executable: String,
    title: String,
    sections: [LessonSection],
    demos: [String: @Sendable (LessonContext) async throws -> Void] = [:]
  ) {
    self.executable = executable
    self.title = title
    self.sections = sections
    self.demos = demos
  }

  /// Parses the command line, runs what it asks for and exits.
  ///
  /// Exit status: 0 on success, 1 if a lesson throws, 64 for a command line it cannot use.
  public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
    let status = await run(arguments: arguments, console: .standard, errors: .standardError)
    exit(status)
  }

  /// Runs what `arguments` ask for and returns the exit status.
  ///
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - console: where normal output goes.
  ///   - errors: where errors, and usage after bad input, go (standard error in a real run).
  /// - Returns: 0, 1 or 64, as for `main(arguments:)`.
  public func run(arguments: [String], console: Console, errors: Console) async -> Int32 {
    let options: ChapterOptions
    do {
      options = try ChapterOptions.parse(arguments)
    } catch {
      return usageError("\(error)", errors)
    }
    let clock: any Clock<Duration> =
      options.isFast ? ScaledClock(speedup: 1000) : ContinuousClock()
    let context = LessonContext(console: console, clock: clock, isFast: options.isFast)

    switch options.action {
    case .help:
      console.print(ChapterOptions.usage(executable: executable))
      return 0
    case .list:
      for section in sections {
        console.print(
          "\(section.name.padding(toLength: 12, withPad: " ", startingAt: 0))\(section.title)"
        )
      }
      return 0
    case .demo(let name):
      guard let demo = demos[name] else {
        let names = demos.keys.sorted().joined(separator: ", ")
        return usageError("unknown demo '\(name)'; demos: \(names)", errors)
      }
      return await runReportingErrors(errors) { try await demo(context) }
    case .run(let name):
      var chosen = sections
      if let name {
        chosen = sections.filter { $0.name == name || $0.number == name }
        guard !chosen.isEmpty else {
          let names = sections.map(\.name).joined(separator: ", ")
          return usageError("unknown section '\(name)'; sections: \(names)", errors)
        }
      }
      console.print(title, style: .bold)
      return await runReportingErrors(errors) {
        for section in chosen {
          console.section(section.title)
          try await section.run(context)
        }
      }
    }
  }

  private func runReportingErrors(
    _ errors: Console,
    _ body: () async throws -> Void
  ) async -> Int32 {
    do {
      try await body()
      return 0
    } catch {
      errors.print("\(executable): error: \(error)")
      return 1
    }
  }

  private func usageError(_ message: String, _ errors: Console) -> Int32 {
    errors.print("\(executable): \(message)\n\n\(ChapterOptions.usage(executable: executable))")
    return 64
  }
}
