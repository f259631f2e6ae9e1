/// What a chapter was asked to do on its command line.
///
/// ```swift
/// let options = try ChapterOptions.parse(["--fast", "--section", "delegate"])
/// // options.action == .run(section: "delegate"), options.isFast == true
/// ```
public struct ChapterOptions: Equatable, Sendable {
  /// The thing to do.
  public enum Action: Equatable, Sendable {
    /// Run every section, or only the one named.
    case run(section: String?)
    /// List the sections and exit.
    case list
    /// Print usage and exit.
    case help
    /// Run a named demo (used when a chapter starts itself as a child process).
    case demo(String)
    /// Run one of the chapter's own commands, by its option ("--remote").
    case command(String)
  }

  /// The thing to do.
  public var action: Action
  /// Whether `--fast` was given: every pause is 1000 times shorter.
  public var isFast: Bool

  /// Creates options; the defaults run every section at real pace.
  public init(action: Action = .run(section: nil), isFast: Bool = false) {
    self.action = action
    self.isFast = isFast
  }

  /// A command line that cannot be understood.
  public enum ParseError: Error, Equatable, CustomStringConvertible {
    /// An option the chapter does not know.
    case unknownOption(String)
    /// An option that needs a value was last.
    case missingValue(String)
    /// Two options that ask for different things, such as `--list` and `--section`.
    case conflicting(String, String)

    /// One line saying what was wrong.
    public var description: String {
      switch self {
      case .unknownOption(let option): "unknown option '\(option)'"
      case .missingValue(let option): "option '\(option)' needs a value"
      case .conflicting(let first, let second): "'\(first)' cannot be combined with '\(second)'"
      }
    }
  }

  /// The usage text for a chapter executable.
  ///
  /// - Parameters:
  ///   - executable: the name shown, such as "Chapter01".
  ///   - demos: the names `--demo` takes; the option is listed only when there are some.
  ///   - commands: the chapter's own options and one line of help each, such as
  ///     `("--remote", "fetch the users from the public service instead")`.
  /// - Returns: several lines, ending without a newline.
  public static func usage(
    executable: String,
    demos: [String] = [],
    commands: [(option: String, help: String)] = []
  ) -> String {
    let own = commands.map { " | \($0.option)" }.joined()
    // A section's number for the example: "8.2" for Chapter08.
    let number = Int(executable.filter(\.isNumber)).map { "\($0).2" } ?? "1.2"
    var text = """
      usage: swift run \(executable) [--fast] [--section NAME]
             swift run \(executable) --list | --help\(own)

      options:
        --fast            run with every pause 1000 times shorter (what the tests use)
        --section NAME    run one section only; NAME as shown by --list, or its number (\(number))
        --list            list the sections
        --help            show this help
      """
    for (option, help) in commands {
      text += "\n  " + option.padding(toLength: 18, withPad: " ", startingAt: 0) + help
    }
    if !demos.isEmpty {
      text += """

          --demo NAME       run by itself one demo that crashes or hangs on purpose; the
                            sections run such demos this way, in a child process
                            (demos: \(demos.joined(separator: ", ")))
        """
    }
    return text
  }

  /// Parses a chapter's arguments (without the program name).
  ///
  /// - Parameters:
  ///   - arguments: for example `["--fast", "--section", "api"]`.
  ///   - commands: the options of the chapter's own commands, such as `["--remote"]`.
  /// - Returns: the options.
  /// - Throws: `ParseError` for anything not understood.
  public static func parse(
    _ arguments: [String],
    commands: [String] = []
  ) throws(ParseError) -> ChapterOptions {
    var options = ChapterOptions()
    var chosen: String?  // the option that set `action`, to report conflicts
    var remaining = arguments[...]

    func choose(_ action: Action, by option: String) throws(ParseError) {
      if let chosen { throw .conflicting(chosen, option) }
      chosen = option
      options.action = action
    }

    while let argument = remaining.popFirst() {
      switch argument {
      case "--fast":
        options.isFast = true
      case "--list":
        try choose(.list, by: argument)
      case "--help", "-h":
        try choose(.help, by: argument)
      case "--section", "--demo":
        guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
          throw .missingValue(argument)
        }
        try choose(argument == "--section" ? .run(section: value) : .demo(value), by: argument)
      case let option where commands.contains(option):
        try choose(.command(option), by: option)
      default:
        throw .unknownOption(argument)
      }
    }
    return options
  }
}
