// Seed 000's TaskCancellable, used by 3.1 and 3.2: an object that owns one task and can cancel it.

// snippet.task-cancellable
/// An object that keeps one task and can cancel it.
///
/// `AnyObject`: the default `cancelTask()` sets `self.task`, and a method that is not `mutating`
/// can do that only on a class. A `mutating` one would let a struct adopt it, but would clear the
/// caller's own copy of the struct, not the one that others hold.
protocol TaskCancellable: AnyObject {
  var task: Task<Void, Never>? { get set }
  func cancelTask()
}

extension TaskCancellable {
  /// Cancels the stored task, if there is one, and lets go of it.
  func cancelTask() {
    guard let task else { return }
    task.cancel()
    self.task = nil
  }
}
// snippet.end
