// swift-tools-version: 6.2
// An older toolchain stops here with "package is using Swift tools version 6.2.0 but the installed
// version is ...": install Swift 6.2 or newer from https://swift.org/install.

import PackageDescription

// The stubs learners edit, one module a chapter (Sources/Exercises/ChapterNN): a new top-level
// name in a module rebuilds every file that imports it, so an edit to one chapter's answers
// rebuilds that chapter's graded tests only.
let exerciseModules: [Target] = (1...8).map { number in
  .target(
    name: "Chapter0\(number)Exercises",
    dependencies: ["ExerciseSupport", "MiniCombine"],
    path: "Sources/Exercises/Chapter0\(number)"
  )
}

let package = Package(
  name: "ConcurrencyTutorial",
  // Chapter02's `Observations` needs macOS 26; Linux ignores this line.
  platforms: [.macOS(.v26)],
  products: [
    .executable(name: "Chapter01", targets: ["Chapter01"]),
    .executable(name: "Chapter02", targets: ["Chapter02"]),
    .executable(name: "Chapter03", targets: ["Chapter03"]),
    .executable(name: "Chapter04", targets: ["Chapter04"]),
    .executable(name: "Chapter05", targets: ["Chapter05"]),
    .executable(name: "Chapter06", targets: ["Chapter06"]),
    .executable(name: "Chapter07", targets: ["Chapter07"]),
    .executable(name: "Chapter08", targets: ["Chapter08"]),
    .executable(name: "Grade", targets: ["Grade"]),
    .executable(name: "FixtureServer", targets: ["FixtureServerTool"]),
  ],
  targets: [
    // The support modules. No dependencies beyond the toolchain.
    // What every chapter imports: console, lesson sections, options, clocks, a lock.
    .target(name: "LessonSupport"),
    // Child processes with captured output and a deadline; Ctrl-C takes them down too.
    .target(name: "ChildProcesses", dependencies: ["LessonSupport"]),
    // Live progress rows on a terminal, final lines in row order in a pipe (Chapter06, Grade).
    .target(name: "LiveProgress", dependencies: ["LessonSupport"]),
    // The local HTTP/1.1 server the networking lessons talk to (127.0.0.1, offline).
    .target(name: "HTTPFixtures", dependencies: ["LessonSupport"]),
    // A download's body as an async sequence of chunks or bytes, over URLSession.
    .target(name: "DownloadStreams", dependencies: ["LessonSupport"]),
    // Download speeds for people to read: timed rounds, MB/s lines, the plain ways to download.
    .target(name: "DownloadBenchmarks", dependencies: ["DownloadStreams"]),
    // Chapter07's Combine-shaped core, for a platform without Combine: small enough to read.
    .target(name: "MiniCombine", dependencies: ["LessonSupport"]),
    // A clock and task executor in one: virtual time where the order of events is the lesson.
    .target(name: "VirtualTime", dependencies: ["LessonSupport"]),
    // For tests only: manual clock, console recorder, transcripts, anchors, interrupted runs,
    // and a recording subscriber and spy subscription for the MiniCombine tests.
    .target(name: "TestTooling", dependencies: ["LessonSupport", "ChildProcesses", "MiniCombine"]),

    // Chapters: one executable each, run with `swift run ChapterNN`.
    .executableTarget(
      name: "Chapter01",
      dependencies: ["LessonSupport", "ChildProcesses"],
      path: "Chapters/Chapter01"
    ),
    .executableTarget(
      name: "Chapter02",
      dependencies: ["LessonSupport"],
      path: "Chapters/Chapter02"
    ),
    .executableTarget(
      name: "Chapter03",
      dependencies: ["LessonSupport"],
      path: "Chapters/Chapter03"
    ),
    .executableTarget(
      name: "Chapter04",
      dependencies: ["LessonSupport", "ChildProcesses", "HTTPFixtures"],
      path: "Chapters/Chapter04",
      // The JSON files that answer an endpoint's `mockFile` (section 4.2).
      resources: [.copy("MockFiles")]
    ),
    .executableTarget(
      name: "Chapter05",
      dependencies: ["LessonSupport", "HTTPFixtures", "DownloadStreams", "VirtualTime"],
      path: "Chapters/Chapter05"
    ),
    .executableTarget(
      name: "Chapter06",
      dependencies: [
        "LessonSupport", "LiveProgress", "HTTPFixtures", "DownloadStreams", "DownloadBenchmarks",
      ],
      path: "Chapters/Chapter06"
    ),
    .executableTarget(
      name: "Chapter07",
      dependencies: ["LessonSupport", "HTTPFixtures", "MiniCombine"],
      path: "Chapters/Chapter07"
    ),
    .executableTarget(
      name: "Chapter08",
      dependencies: ["LessonSupport"],
      path: "Chapters/Chapter08"
    ),

    // Exercises: the legacy APIs learners wrap, the reference solutions; the stubs learners edit
    // are `exerciseModules` (above).
    .target(name: "ExerciseSupport"),
    .target(name: "Solutions", dependencies: ["ExerciseSupport", "MiniCombine"]),

    // `swift run FixtureServer`: the chapters' local HTTP server, standalone, for curl.
    .executableTarget(name: "FixtureServerTool", dependencies: ["HTTPFixtures", "LessonSupport"]),
    // `swift run -c release FixtureBenchmark`: download speeds, for the README's figures.
    .executableTarget(
      name: "FixtureBenchmark",
      dependencies: ["HTTPFixtures", "DownloadBenchmarks", "ChildProcesses"]
    ),

    // `swift run Grade`: builds the tests once, runs each exercise's tests in a child process.
    .executableTarget(
      name: "Grade",
      dependencies: ["LessonSupport", "LiveProgress", "ChildProcesses", "ExerciseSupport"]
    ),

    // Tests. SolutionTests is a symlink to ExerciseTests: one set of graded tests, compiled twice.
    .testTarget(
      name: "SupportTests",
      dependencies: [
        "LessonSupport", "ChildProcesses", "HTTPFixtures", "DownloadStreams", "TestTooling",
        "FixtureServerTool", "DownloadBenchmarks", "MiniCombine", "LiveProgress",
      ]
    ),
    .testTarget(
      name: "ChapterTests",
      dependencies: [
        "Chapter01", "Chapter02", "Chapter03", "Chapter04", "Chapter05", "Chapter06",
        "Chapter07", "Chapter08", "LessonSupport", "LiveProgress", "DownloadStreams", "MiniCombine",
        "ChildProcesses", "HTTPFixtures", "TestTooling", "VirtualTime",
      ]
    ),
    .testTarget(
      name: "GradeTests",
      dependencies: ["Grade", "LessonSupport", "ChildProcesses", "ExerciseSupport", "TestTooling"]
    ),
    // What the graded tests generate, model and fake, apart from any answer: compiled once, and
    // not again when an answer changes (only the tests that call it are).
    .target(
      name: "GradedScenarios",
      dependencies: [
        "ExerciseSupport", "LessonSupport", "HTTPFixtures", "DownloadStreams", "TestTooling",
        "VirtualTime", "MiniCombine", "ChildProcesses",
      ],
      path: "Tests/GradedScenarios"
    ),
    .testTarget(
      name: "ExerciseTests",
      dependencies: [
        "ExerciseSupport", "LessonSupport", "HTTPFixtures", "DownloadStreams",
        "TestTooling", "VirtualTime", "MiniCombine", "GradedScenarios",
      ] + exerciseModules.map { .target(name: $0.name) }
    ),
    .testTarget(
      name: "SolutionTests",
      dependencies: [
        "Solutions", "ExerciseSupport", "LessonSupport", "HTTPFixtures", "DownloadStreams",
        "TestTooling", "VirtualTime", "MiniCombine", "GradedScenarios",
      ],
      swiftSettings: [.define("SOLUTIONS")]
    ),
  ] + exerciseModules,
  swiftLanguageModes: [.v6]
)
