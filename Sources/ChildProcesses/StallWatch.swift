// Tells a child that waits for ever from one that works, by the processor time it uses.
import Foundation

/// Samples of a running child's processor time, and whether it has stalled: used less than
/// `allowance` of it over the last `limit`.
///
/// A process that waits on something that never comes (a continuation never resumed, a lock
/// never released) uses next to none: its runtime only wakes now and then (a test process stuck
/// that way used 10 ms in 7 s). One that works uses far more, unless the machine is so busy that
/// it gets less than a fortieth of a core.
struct StallWatch {
  let limit: Duration
  private var samples: [(elapsed: Duration, cpu: Duration)] = []

  init(limit: Duration) {
    self.limit = limit
  }

  /// Less processor time than this over `limit` is no work.
  var allowance: Duration { limit / 40 }

  /// Records that the child had used `cpu` when `elapsed` had passed since it started; true once
  /// it has used less than `allowance` over the last `limit`.
  mutating func record(elapsed: Duration, cpu: Duration) -> Bool {
    samples.append((elapsed, cpu))
    // The latest sample at least `limit` old is the baseline; older ones are no longer needed.
    guard let baseline = samples.lastIndex(where: { elapsed - $0.elapsed >= limit }) else {
      return false
    }
    samples.removeFirst(baseline)
    return cpu - samples[0].cpu < allowance
  }
}

extension SpawnedChild {
  /// The processor time the child has used so far, user and system, while it runs: from
  /// /proc on Linux; nil elsewhere, or once it is gone.
  func cpuTimeSoFar() -> Duration? {
    #if os(Linux)
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let name = stat.range(of: ")", options: .backwards)
    else { return nil }
    // After the program's name (which may hold spaces), fields 3 on: utime is 14, stime 15.
    let fields = stat[name.upperBound...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    let ticksPerSecond = max(sysconf(Int32(_SC_CLK_TCK)), 1)
    return .milliseconds((user + system) * 1_000 / ticksPerSecond)
    #else
    return nil
    #endif
  }
}
