/// Thrown by an exercise stub that the learner has not written yet.
///
/// ```swift
/// // Fragment: the shape of a stub, as in Sources/Exercises.
/// public func transcribe(...) async throws -> Transcript {
///   // TODO(1b): wrap the callback with withCheckedThrowingContinuation.
///   throw NotImplemented("1b")
/// }
/// ```
///
/// The grader reports an exercise whose tests fail only with this error as "not started".
public struct NotImplemented: Error, Equatable, CustomStringConvertible {
  /// The exercise id, such as "1b".
  public let exercise: String

  /// Creates the error for exercise `exercise`.
  public init(_ exercise: String) {
    self.exercise = exercise
  }

  /// "exercise 1b is not implemented yet".
  public var description: String {
    "exercise \(exercise) \(Self.marker)"
  }

  /// The words the grader looks for in a failing test's message to say "not started".
  package static let marker = "is not implemented yet"
}
