// How long an exercise's graded tests may run before the grader calls them a hang: a limit of
// its own, derived from how long its tests take against the reference solution. The tests run
// on manual clocks, so a right answer takes about what the reference takes; an answer that
// never ends what it started waits out the whole limit.
//
// The figures are measured, not guessed: `bash .ci/hang-limits` runs every reference's graded
// tests the way the grader runs an answer and says which figure is out of date.

/// One exercise's figure: how long its graded tests take against the reference solution.
struct HangLimit: Equatable, Sendable {
  /// The longest of three runs of the reference's graded tests, in seconds, run as the grader
  /// runs them (`.ci/hang-limits`), on a 2-core Linux machine at a load average of 6 to 12
  /// (other builds, and two processes spinning on purpose).
  let reference: Double
  /// A limit this exercise's never goes below: for the chapters whose graded tests are still
  /// growing.
  var atLeast = 0
  /// Whether the tests wait for real (a likely wrong answer that sleeps on the wall clock, or a
  /// compiler run in a child process, whose processor time the stall watch does not see): its
  /// tests are not stopped for a stall, only at the limit.
  var waitsForReal = false

  /// How long tests may run with next to no processor time before they are stopped as a hang:
  /// the graded tests run on manual clocks and never wait for real, so a right answer is never
  /// idle that long, and a continuation never resumed is reported at once, not at the limit.
  static let stallSeconds = 2

  /// Room for a slower or busier machine: three times the reference's time, and never less
  /// than `floorSeconds`.
  static let factor = 3.0
  /// A right answer must never be called a hang.
  static let floorSeconds = 5
  /// The limit of an exercise with no figure.
  static let defaultSeconds = 10
  /// Under the thread sanitizer the same tests run several times slower.
  static let sanitizerFactor = 3

  /// The limit, in whole seconds.
  var seconds: Int {
    max(Self.floorSeconds, atLeast, Int((reference * Self.factor).rounded(.up)))
  }

  /// The figures, by exercise id.
  ///
  /// Chapter06 is given at least 10 s while its graded tests grow; 1c, whose racing callbacks spin
  /// for up to 3.2 s on a busy machine, 10 s, so that a hang after them is not taken for a loop.
  static let figures: [String: HangLimit] = [
    // 2.1 s of CPU beside a build (a crowd of 4,100 scans when grading).
    "1a": HangLimit(reference: 3.5),
    "1b": HangLimit(reference: 5.5),
    "1c": HangLimit(reference: 3.6, atLeast: 10),
    "2a": HangLimit(reference: 16.0),
    "2b": HangLimit(reference: 9.6),
    "2c": HangLimit(reference: 1.3),
    // A likely wrong answer, a buffer that keeps the newest ten thousand events, spends over
    // 5 s of processor time on the scenarios before the one that shows it.
    "3a": HangLimit(reference: 3.4, atLeast: 10),
    "3b": HangLimit(reference: 7.1),
    "3c": HangLimit(reference: 3.7),
    "4a": HangLimit(reference: 5.0),
    "4b": HangLimit(reference: 0.9),
    // 10.3 s at a load of 1 (1,100,003 users, pages of up to 200,000, 100,002 pages).
    "4c": HangLimit(reference: 12.0),
    // A likely wrong answer, Task.sleep for the clock given, sleeps 3 s for real in the test
    // before the one that names that mistake; 10 s lets it get there.
    "4d": HangLimit(reference: 0.5, atLeast: 10, waitsForReal: true),
    // Four crowds of up to 32,769 jobs and three that stop early when grading: 4.7 s at a load of
    // 1, so twice that here.
    "5a": HangLimit(reference: 9.5),
    // A crowd of 10,001 ids when grading, and 100 cancelled calls on real threads.
    "5b": HangLimit(reference: 6.0),
    // A crowd of 10,001 one-byte parts and two pieces of 64 MiB and a byte, when grading.
    "5c": HangLimit(reference: 5.5),
    // The reference's storage is zeroed pages left untouched; a right answer that fills its
    // storage with zeros, as section 6.3 does, writes all of it: about 5.3 GiB over the lives of
    // 64 MiB to just past 4 GiB; its grade took 10 to 16 s in a debug build here, quiet or beside
    // two spinning processes, most of it the kernel's.
    "6a": HangLimit(reference: 1.0, atLeast: 30),
    "6b": HangLimit(reference: 14.0, atLeast: 10),
    "6c": HangLimit(reference: 1.1, atLeast: 10),
    "7a": HangLimit(reference: 7.0),
    // 6.0 s beside two spinning processes (load 1.6 to 1.9), 4.2 s quiet: its two runs of
    // 100,001 to 400,000 lines take most of it; 8 for a busier machine.
    "7b": HangLimit(reference: 8.0),
    // 7.4 s at a load of 2.9 (a CI run beside it), with its nine tests on two threads; each of
    // its four aimed races stops after 2 s on a busy machine, so 8.
    "7c": HangLimit(reference: 8.0),
    // 5.2 s beside three spinning processes (load 3.4), 12 s at a load of 15: 8 s, times three;
    // 5.4 s at a load of 2 with its 2^20-scalar codes.
    "8a": HangLimit(reference: 8.0),
    // It compiles the answer's file with swiftc (0.2 s here at a load of 2), in a child process:
    // 1.8 s beside three spinning processes (load 3.4), 2.6 s at a load of 15; 2.6 s at a load of
    // 1.5 once summaries were taken of the large log too, so 4 for the room a heavier load takes.
    "8b": HangLimit(reference: 4.0, waitsForReal: true),
    // Every chunk a round trip to the main actor (100,100 in one file, and up to a hundred in
    // each of 300): 5.7 s on a quiet machine, 10.7 s beside three spinning processes; 14 for the
    // room a heavier load takes.
    "8c": HangLimit(reference: 14.0),
  ]
}

extension Exercise {
  /// How long this exercise's tests may run, in seconds, before they are called a hang.
  var hangLimitSeconds: Int {
    HangLimit.figures[id]?.seconds ?? HangLimit.defaultSeconds
  }

  /// How long this exercise's tests may stall (use next to no processor time) before they are
  /// called a hang: nil for one whose likely wrong answer waits for real.
  var stallLimit: Duration? {
    HangLimit.figures[id]?.waitsForReal == true ? nil : .seconds(HangLimit.stallSeconds)
  }
}
