// Chapter03's TaskCancellable (Chapters/Chapter03/TaskCancellable.swift), made public for
// exercise 3b. Learners adopt it; they do not change it.

/// An object that keeps one task and can cancel it.
///
/// `AnyObject`: the default `cancelTask()` sets `self.task`, which a method that is not
/// `mutating` can do only on a class.
public protocol TaskCancellable: AnyObject {
  /// The task the object owns, or nil when it has none.
  var task: Task<Void, Never>? { get set }

  /// Cancels the stored task, if there is one, and lets go of it.
  func cancelTask()
}

extension TaskCancellable {
  /// Cancels the stored task, if there is one, and lets go of it.
  public func cancelTask() {
    guard let task else { return }
    task.cancel()
    self.task = nil
  }
}
