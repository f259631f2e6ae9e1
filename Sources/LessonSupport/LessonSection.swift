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
