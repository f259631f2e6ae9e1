@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter04Exercises
#endif

// MARK: - Exercise 4a: a request built from its endpoint

final class Ex4a_MakeRequestTests: GradedTestCase {
  func test_theURL_comesFromEveryPartOfTheEndpoint() throws {
    let endpoint = Endpoint(
      scheme: "https",
      host: "example.org",
      port: 8443,
      path: "/v2/users",
      queryItems: [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "q", value: "a b")]
    )
    XCTAssertEqual(
      try makeRequest(for: endpoint).url?.absoluteString,
      "https://example.org:8443/v2/users?page=2&q=a%20b",
      "scheme, host, port, path and query items all come from the endpoint (URLComponents "
        + "escapes the space)"
    )
    XCTAssertEqual(
      try makeRequest(for: Endpoint(port: 8080, path: "/users/3")).url?.absoluteString,
      "http://127.0.0.1:8080/users/3",
      "no query items, no '?'"
    )
    XCTAssertEqual(
      try makeRequest(for: Endpoint(scheme: "https", host: "example.org", path: "/a"))
        .url?.absoluteString,
      "https://example.org/a",
      "a nil port means the scheme's own: expected no port in the URL (80 is not https's port)"
    )
    XCTAssertEqual(
      try makeRequest(for: Endpoint(host: "example.org", port: 443, path: "/a")).url?
        .absoluteString,
      "http://example.org:443/a",
      "a port that is given (443 with http here): expected it in the URL; only a nil port is "
        + "left out"
    )
  }

  func test_theURLsPath_isTheTextGiven_escapedByURLComponents() throws {
    // The path is text, not yet escaped: a space, an "é" or a "%" in it is URLComponents' to
    // escape.
    XCTAssertEqual(
      try makeRequest(for: Endpoint(path: "/a b/caf\u{E9}/100%")).url?.absoluteString,
      "http://127.0.0.1/a%20b/caf%C3%A9/100%25",
      "the path is text as the endpoint gives it: expected a space, an 'é' and a '%' in it "
        + "escaped in the URL"
    )
  }

  func test_theURLsPort_isTheOneGiven_evenTheSchemesOwn() throws {
    let given = [
      (Endpoint(host: "example.org", port: 80, path: "/a"), "http://example.org:80/a"),
      (
        Endpoint(scheme: "https", host: "example.org", port: 443, path: "/a"),
        "https://example.org:443/a"
      ),
    ]
    for (endpoint, url) in given {
      XCTAssertEqual(
        try makeRequest(for: endpoint).url?.absoluteString,
        url,
        "a port that is given is in the URL even when it is the scheme's own; only a nil port "
          + "is left out"
      )
    }
  }

  func test_theURLsQuery_keepsEveryItemInOrder_escapedByURLComponents() throws {
    let endpoint = Endpoint(
      path: "/search",
      queryItems: [
        URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "tag", value: "a"),
        URLQueryItem(name: "q", value: "x&y=z"), URLQueryItem(name: "flag", value: nil),
      ]
    )
    XCTAssertEqual(
      try makeRequest(for: endpoint).url?.absoluteString,
      "http://127.0.0.1/search?tag=b&tag=a&q=x%26y%3Dz&flag",
      "expected every item in its order, a name twice if it is there twice, an item with no "
        + "value as its name alone, and '&' and '=' inside a value escaped"
    )
  }

  func test_theMethod_isTheEndpoints() throws {
    for method in [HTTPMethod.get, .post, .put, .patch, .delete] {
      XCTAssertEqual(
        try makeRequest(for: Endpoint(path: "/users", method: method)).httpMethod,
        method.rawValue
      )
    }
  }

  func test_aToken_isSentAsABearerAuthorization_andNoTokenSendsNone() throws {
    let signed = try makeRequest(for: Endpoint(path: "/users", token: "tutorial-token"))
    XCTAssertEqual(
      signed.value(forHTTPHeaderField: "Authorization"),
      "Bearer tutorial-token",
      "a token goes in the Authorization header as 'Bearer TOKEN'"
    )
    let anonymous = try makeRequest(for: Endpoint(path: "/users"))
    XCTAssertNil(
      anonymous.value(forHTTPHeaderField: "Authorization"),
      "with no token (\"\"), send no Authorization header at all"
    )
  }

  func test_aBody_isSentAsJSON_andNoBodySendsNoContentType() throws {
    // Spaced as nobody's encoder would write it: the bytes go out as they are, not re-encoded.
    let body = Data(#"{ "name" : "Kai",  "tags": [ ] }"#.utf8)
    for method in [HTTPMethod.post, .put, .patch, .get, .delete] {
      let request = try makeRequest(for: Endpoint(path: "/users", method: method, body: body))
      XCTAssertEqual(
        request.httpBody,
        body,
        "\(method.rawValue): the body goes out as it is, byte for byte, whatever the method"
      )
      XCTAssertEqual(
        request.value(forHTTPHeaderField: "Content-Type"),
        "application/json",
        "\(method.rawValue): a JSON body needs 'Content-Type: application/json', or the server "
          + "cannot know it is JSON"
      )
    }
    let plain = try makeRequest(for: Endpoint(path: "/users"))
    XCTAssertNil(plain.httpBody)
    XCTAssertNil(plain.value(forHTTPHeaderField: "Content-Type"), "no body, no Content-Type")
  }

  func test_whatItBuilds_isAnsweredByARealServer() async throws {
    try await withFixtureServer { port in
      let page = try makeRequest(
        for: Endpoint(
          port: port,
          path: "/users",
          queryItems: [
            URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "per", value: "3"),
          ]
        )
      )
      let (pageData, _) = try await URLSession.shared.data(for: page)
      XCTAssertEqual(try JSONDecoder().decode([User].self, from: pageData).map(\.id), [4, 5, 6])

      let body = try JSONEncoder().encode(["name": "Kai", "username": "kai", "email": "k@x.org"])
      let create = try makeRequest(
        for: Endpoint(
          port: port,
          path: "/users",
          method: .post,
          token: "tutorial-token",
          body: body
        )
      )
      let (_, response) = try await URLSession.shared.data(for: create)
      XCTAssertEqual(
        (response as? HTTPURLResponse)?.statusCode,
        201,
        "POST /users answers 201 only to a bearer token and a JSON body"
      )
    }
  }

  func test_whenThePartsMakeNoURL_anEndpointErrorIsThrown() {
    // With a host, a path must start with "/"; and a host has no spaces. URLComponents then
    // gives no URL: its nil is the answer to check, whatever the reason.
    for endpoint in [Endpoint(path: "users"), Endpoint(host: "exa mple.org", path: "/users")] {
      XCTAssertThrowsError(try makeRequest(for: endpoint)) { error in
        if error is NotImplemented { return XCTFail("\(error)") }
        XCTAssertTrue(
          error is EndpointError,
          "an endpoint whose parts make no URL (path '\(endpoint.path)', host "
            + "'\(endpoint.host)') throws an EndpointError; it threw \(error)"
        )
      }
    }
  }

  func test_whenThePartsMakeNoURL_evenForAnOddHost_anEndpointErrorIsThrown() {
    // URLComponents gives no URL for these hosts either: no check by hand lists every way a
    // host can be wrong, so its nil is the answer to check. Declared and named after the test
    // above, so an answer that force-unwraps crashes there first, on the path without "/".
    for host in ["exa<mple.org", "a/b", "a#b", "[::1"] {
      XCTAssertThrowsError(try makeRequest(for: Endpoint(host: host, path: "/users"))) { error in
        if error is NotImplemented { return XCTFail("\(error)") }
        XCTAssertTrue(
          error is EndpointError,
          "the host '\(host)' makes no URL: expected an EndpointError; it threw \(error)"
        )
      }
    }
  }

  func test_whenTheSchemeIsNotHTTPOrHTTPS_anEndpointErrorIsThrown() {
    // "ftp" and "file" make URLs, but no HTTP request; "é" and "" stop the program inside
    // URLComponents' scheme setter, so they must be refused before it.
    for scheme in ["ftp", "file", "é", ""] {
      XCTAssertThrowsError(
        try makeRequest(for: Endpoint(scheme: scheme, path: "/users")),
        "scheme '\(scheme)' made a request; expected an EndpointError (only http and https do)"
      ) { error in
        if error is NotImplemented { return XCTFail("\(error)") }
        XCTAssertTrue(
          error is EndpointError,
          "scheme '\(scheme)': expected an EndpointError (only http and https make a request); "
            + "it threw \(error)"
        )
      }
    }
  }

  func test_whenThePortIsOutside0To65535_anEndpointErrorIsThrown_andItsEdgesGoIn() throws {
    for port in [0, 65535] {
      XCTAssertEqual(
        try makeRequest(for: Endpoint(port: port, path: "/users")).url?.absoluteString,
        "http://127.0.0.1:\(port)/users",
        "port \(port) is in 0...65535: expected it in the URL"
      )
    }
    // 65536 and up make a URL no socket can use; a negative port stops the program inside
    // URLComponents' port setter, so it must be refused before it.
    for port in [65536, 70000, -1, -8080] {
      XCTAssertThrowsError(
        try makeRequest(for: Endpoint(port: port, path: "/users")),
        "port \(port) made a request; expected an EndpointError (it is outside 0...65535)"
      ) { error in
        if error is NotImplemented { return XCTFail("\(error)") }
        XCTAssertTrue(
          error is EndpointError,
          "port \(port) is outside 0...65535: expected an EndpointError; it threw \(error)"
        )
      }
    }
  }

  /// Two threads build requests at the same time, each from an endpoint of its own.
  ///
  /// Nothing in the statement is shared between calls: round after round, each request must be
  /// the one its own endpoint makes, as it is when the call runs alone. Under the thread
  /// sanitizer the calls take turns.
  func test_yourAnswer_keepsTheStatement_withTwoCallersAtOnce() async throws {
    // The generated scenarios' own endpoints, each right alone first.
    let scenarios = Self.scenarios
    guard
      try await givesTheModelInEveryScenario(
        scenarios,
        model: endpointModel,
        answer: endpointAnswer
      )
    else { return }
    let rounds = ThreadSanitizer.isRunning ? 100 : huntRounds(graded: 400, reference: 50)
    let got = [Locked<[RequestOutcome]>([]), Locked<[RequestOutcome]>([])]
    await inRounds(rounds) { lane, round in
      let outcome: RequestOutcome
      do {
        outcome = try endpointAnswer(scenarios[2 * round + lane])
      } catch {
        outcome = .otherError("\(error)")
      }
      got[lane].withLock { $0.append(outcome) }
    }
    let outcomes = [got[0].withLock { $0 }, got[1].withLock { $0 }]
    for round in 0..<rounds {
      for lane in 0..<2 {
        let scenario = scenarios[2 * round + lane]
        let expected = endpointModel(scenario)
        guard outcomes[lane][round] != expected else { continue }
        return XCTFail(
          "two threads called makeRequest(for:) at the same time (round \(round + 1) of "
            + "\(rounds); alone, each call gives what the statement gives), the other with \(scenarios[2 * round + 1 - lane]): "
            + explainEndpoint(scenario, outcomes[lane][round], expected)
        )
      }
    }
  }

  /// The grade: 1,234 generated endpoints (any scheme, host, port from Int.min to Int.max, path,
  /// query items, method, token and body, odd characters, percent escapes and decomposed letters
  /// included, bodies up to 16 MiB, hosts up to 4,000 characters, paths up to 200,000, up to
  /// 1,000 query items), each compared with the request the statement describes.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      Self.scenarios,
      model: endpointModel,
      answer: endpointAnswer,
      explain: explainEndpoint
    )
  }

  /// 800 endpoints from seed 41, then 12 with bodies of 41 bytes to 16 MiB, 150 with odd schemes
  /// and tokens and long host names, 60 with control characters in their paths, 80 with many or
  /// odd query items, hosts with a port, or long paths, 30 with 61 to 1,000 query items, paths of
  /// 100,000 to 200,000 characters or letters in decomposed form, 40 with percent escapes in their
  /// paths or query items, 60 with schemes typed with their separator or hosts with a control
  /// character, and, when grading only (they take a second), 2 with bodies of 16 to 128
  /// MiB.
  private static let scenarios =
    endpointScenarios(count: 800, seed: 41)
    + endpointScenariosOfLargeBodies(count: 12, seed: 41 &+ 1)
    + endpointScenariosOfOddParts(count: 150, seed: 41 &+ 2)
    + endpointScenariosOfControlCharacters(count: 60, seed: 41 &+ 3)
    + endpointScenariosOfLongAndOddURLs(count: 80, seed: 41 &+ 5)
    + endpointScenariosOfWideURLs(count: 30, seed: 41 &+ 6)
    + endpointScenariosOfPercentEscapes(count: 40, seed: 41 &+ 7)
    + endpointScenariosOfTypedSchemesAndHosts(count: 60, seed: 41 &+ 8)
    + onlyWhenGrading(
      endpointScenariosOfLargeBodies(count: 2, seed: 41 &+ 4, sizes: (16 << 20) + 1...128 << 20)
        .map { huge in
          // An upload that makes a request, so that its body is compared.
          EndpointScenario(
            endpoint: Endpoint(path: "/uploads", method: .put, token: "t", body: huge.endpoint.body)
          )
        }
    )
}
