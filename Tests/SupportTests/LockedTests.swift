import LessonSupport
import XCTest

final class LockedTests: XCTestCase {
  func test_withLock_givesEachCallerExclusiveAccess() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    XCTAssertEqual(counter.withLock { $0 }, 8000)
  }

  func test_withLock_returnsTheBodysResult_andRethrows() {
    let names = Locked(["a"])
    XCTAssertEqual(names.withLock { $0.count }, 1)
    XCTAssertThrowsError(try names.withLock { _ in throw CancellationError() })
    XCTAssertEqual(names.withLock { $0 }, ["a"])
  }
}
