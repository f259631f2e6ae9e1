import Foundation

/// A chapter executable: its sections in docs order, plus demos it runs in child processes.
///
/// ```swift
/// let chapter = Chapter(
///   executable: "Chapter09",
///   title: "Chapter 09: An example",
///   sections: [LessonSection("hello", title: "9.1 Hello") { $0.console.print("hello") }]
/// )
/// // In the chapter's @main type; the clock a run waits on is chosen here, in plain sight:
/// await chapter.main { isFast -> any Clock<Duration> in
///   if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
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
  /// Options of this chapter only, each running something instead of the sections.
  public let commands: [ChapterCommand]

  /// Creates a chapter.
  public init(
    executable: String,
    title: String,
    sections: [LessonSection],
    demos: [String: @Sendable (LessonContext) async throws -> Void] = [:],
    commands: [ChapterCommand] = []
  ) {
    self.executable = executable
    self.title = title
    self.sections = sections
    self.demos = demos
    self.commands = commands
  }

  /// Parses the command line, runs what it asks for and exits.
  ///
  /// Exit status: 0 on success, 1 if a lesson throws, 64 for a command line it cannot use.
  ///
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - clock: given whether `--fast` was passed, the clock every pause of this run goes through.
  public func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    clock: @Sendable (_ isFast: Bool) -> any Clock<Duration>
  ) async -> Never {
    let status = await run(
      arguments: arguments,
      console: .standard,
      errors: .standardError,
      clock: clock
    )
    exit(status)
  }

  /// Runs what `arguments` ask for and returns the exit status.
  ///
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - console: where normal output goes.
  ///   - errors: where errors, and usage after bad input, go (standard error in a real run).
  ///   - clock: given whether `--fast` was passed, the clock every pause of this run goes through.
  /// - Returns: 0, 1 or 64, as for `main(arguments:clock:)`.
  public func run(
    arguments: [String],
    console: Console,
    errors: Console,
    clock: @Sendable (_ isFast: Bool) -> any Clock<Duration>
  ) async -> Int32 {
    let options: ChapterOptions
    do {
      options = try ChapterOptions.parse(arguments, commands: commands.map(\.option))
    } catch {
      return usageError("\(error)", errors)
    }
    let context = LessonContext(
      console: console,
      clock: clock(options.isFast),
      isFast: options.isFast
    )

    switch options.action {
    case .help:
      console.print(usage)
      return 0
    case .list:
      // Names in one column, as wide as the longest name plus two spaces.
      let width = (sections.map(\.name.count).max() ?? 0) + 2
      for section in sections {
        console.print(
          section.name.padding(toLength: width, withPad: " ", startingAt: 0) + section.title
        )
      }
      return 0
    case .demo(let name):
      guard let demo = demos[name] else {
        let names = demos.keys.sorted().joined(separator: ", ")
        return usageError("unknown demo '\(name)'; demos: \(names)", errors)
      }
      return await runReportingErrors(errors) { try await demo(context) }
    case .command(let option):
      guard let command = commands.first(where: { $0.option == option }) else { return 64 }
      return await runReportingErrors(errors) { try await command.run(context) }
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
    errors.print("\(executable): \(message)\n\n\(usage)")
    return 64
  }

  private var usage: String {
    ChapterOptions.usage(
      executable: executable,
      demos: demos.keys.sorted(),
      commands: commands.map { ($0.option, $0.help) }
    )
  }
}

/// An option of one chapter only, such as Chapter04's `--remote`, that runs instead of the
/// sections; an error it throws is one line on stderr and exit status 1.
public struct ChapterCommand: Sendable {
  /// The option, such as "--remote".
  public let option: String
  /// One line for the usage text.
  public let help: String
  /// What the option does.
  public let run: @Sendable (LessonContext) async throws -> Void

  /// Creates a command.
  public init(
    _ option: String,
    help: String,
    run: @escaping @Sendable (LessonContext) async throws -> Void
  ) {
    self.option = option
    self.help = help
    self.run = run
  }
}
