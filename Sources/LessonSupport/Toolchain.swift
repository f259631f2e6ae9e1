// The tutorial relies on Swift 6.2 features (Observations, Atomic, `#isolation` continuations).
// Package.swift already refuses older tools; this is the same message for anyone who compiles
// the sources another way.
#if !compiler(>=6.2)
#error(
  "ConcurrencyTutorial needs Swift 6.2 or newer. Install a current toolchain from https://swift.org/install"
)
#endif
