import XCTest

/// Fails unless `sleeper` ends by throwing `CancellationError`, as a cancelled sleep must.
func assertCancelledSleepThrows(
  _ sleeper: Task<Void, any Error>,
  file: StaticString = #filePath,
  line: UInt = #line
) async {
  do {
    try await sleeper.value
    XCTFail("a cancelled sleep must throw", file: file, line: line)
  } catch {
    XCTAssertTrue(error is CancellationError, "threw \(error)", file: file, line: line)
  }
}
