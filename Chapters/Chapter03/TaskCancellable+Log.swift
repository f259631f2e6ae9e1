// The lines seed 000 printed around cancelTask(), for 3.1 and 3.2.
import LessonSupport

extension TaskCancellable {
  /// `cancelTask()`, printing the two lines the seed printed for it, or a line of this tutorial's
  /// when there is no task to cancel.
  func cancelTask(loggingAs name: String, to log: Console) {
    guard task != nil else {
      log.print("# \(name) has no task to cancel")
      return
    }
    cancelTask()
    log.print("\(name).task cancelled")
    // The seed's word. What went is the stored reference; the task runs until its body returns.
    log.print("\(name).task deinitialized")
  }
}
