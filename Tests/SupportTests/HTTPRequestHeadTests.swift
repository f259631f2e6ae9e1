@testable import HTTPFixtures
import XCTest

final class HTTPRequestHeadTests: XCTestCase {
  func test_parse_requestLine_query_andHeaders() throws {
    let head = try HTTPRequestHead.parse(
      "GET /users?page=2&per=3 HTTP/1.1\r\nHost: 127.0.0.1\r\nRange:  bytes=0-9 \r\n\r\n"
    )
    XCTAssertEqual(head.method, "GET")
    XCTAssertEqual(head.path, "/users")
    XCTAssertEqual(head.query, ["page": "2", "per": "3"])
    XCTAssertEqual(head.headers, ["host": "127.0.0.1", "range": "bytes=0-9"])
  }

  func test_parse_rejectsMalformedRequests() {
    for text in [
      "", "GET\r\n", "GET /x\r\n", "get /x HTTP/1.1\r\n", "GET x HTTP/1.1\r\n",
      "GET /x HTTP/2\r\n", "GET /x HTTP/1.1 extra\r\n", "GET /x HTTP/1.1\r\nno colon here\r\n",
    ] {
      XCTAssertThrowsError(try HTTPRequestHead.parse(text), "accepted \(text.debugDescription)")
    }
  }

  func test_byteRanges_resolveAgainstTheSize() {
    let size = 100
    let cases: [(String?, ByteRangeRequest)] = [
      (nil, .whole),
      ("bytes=0-9", .partial(0...9)),
      ("bytes=90-200", .partial(90...99)),
      ("bytes=95-", .partial(95...99)),
      ("bytes=-10", .partial(90...99)),
      ("bytes=-500", .partial(0...99)),
      ("bytes=100-", .unsatisfiable),
      ("bytes=100-120", .unsatisfiable),
      ("bytes=-0", .unsatisfiable),
      ("bytes=9-3", .whole),  // invalid: ignored
      ("bytes=0-1,5-6", .whole),  // several ranges: ignored
      ("items=0-9", .whole),
      ("bytes=abc", .whole),
    ]
    for (header, expected) in cases {
      XCTAssertEqual(ByteRangeRequest(header: header, size: size), expected, header ?? "nil")
    }
  }
}
