// swift-tools-version: 6.2
// An older toolchain stops here with "package is using Swift tools version 6.2.0 but the installed
// version is ...": install Swift 6.2 or newer from https://swift.org/install.

import PackageDescription

let package = Package(
  name: "ConcurrencyTutorial",
  // Chapter02's `Observations` needs macOS 26; Linux ignores this line.
  platforms: [.macOS(.v26)],
  products: [
    .executable(name: "Chapter01", targets: ["Chapter01"]),
    .executable(name: "Chapter02", targets: ["Chapter02"]),
    .executable(name: "Grade", targets: ["Grade"]),
    .executable(name: "FixtureServer", targets: ["FixtureServerTool"]),
  ],
  targets: [
    // The small library every chapter shares: console, clocks, options, child processes, matcher.
    .target(name: "TutorialSupport"),

    // Chapters: one executable each, run with `swift run ChapterNN`.
    .executableTarget(
      name: "Chapter01",
      dependencies: ["TutorialSupport"],
      path: "Chapters/Chapter01"
    ),
    .executableTarget(
      name: "Chapter02",
      dependencies: ["TutorialSupport"],
      path: "Chapters/Chapter02"
    ),

    // Exercises: the legacy APIs learners wrap, the stubs they edit, the reference solutions.
    .target(name: "ExerciseSupport", dependencies: ["TutorialSupport"]),
    .target(name: "Exercises", dependencies: ["ExerciseSupport", "TutorialSupport"]),
    .target(name: "Solutions", dependencies: ["ExerciseSupport", "TutorialSupport"]),

    // `swift run FixtureServer`: the chapters' local HTTP server, standalone, for curl.
    .executableTarget(name: "FixtureServerTool", dependencies: ["TutorialSupport"]),
    // `swift run -c release FixtureBenchmark`: download speeds, for the README's figures.
    .executableTarget(name: "FixtureBenchmark", dependencies: ["TutorialSupport"]),

    // `swift run Grade`: builds the tests once, runs each exercise's tests in a child process.
    .executableTarget(name: "Grade", dependencies: ["TutorialSupport"]),

    // Tests. SolutionTests is a symlink to ExerciseTests: one set of graded tests, compiled twice.
    .testTarget(name: "SupportTests", dependencies: ["TutorialSupport", "FixtureServerTool"]),
    .testTarget(name: "ChapterTests", dependencies: ["Chapter01", "Chapter02", "TutorialSupport"]),
    .testTarget(name: "GradeTests", dependencies: ["Grade", "TutorialSupport"]),
    .testTarget(
      name: "ExerciseTests",
      dependencies: ["Exercises", "ExerciseSupport", "TutorialSupport"]
    ),
    .testTarget(
      name: "SolutionTests",
      dependencies: ["Solutions", "ExerciseSupport", "TutorialSupport"],
      swiftSettings: [.define("SOLUTIONS")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
