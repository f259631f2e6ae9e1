// Seed 000's TaskCancellable, used by 3.1 and 3.2: an object that owns one task and can cancel it.

// snippet.task-cancellable
/// An object that keeps one task and can cancel it.
///
/// `AnyObject`: `cancelTask()` sets the stored task to nil, which only means something when every
/// caller shares the one object (a struct would cancel and clear its own copy).
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
