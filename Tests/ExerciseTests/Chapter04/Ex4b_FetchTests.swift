@testable import GradedScenarios
import ExerciseSupport
import Foundation
import HTTPFixtures
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

// MARK: - Exercise 4b: decode, or say why not

final class Ex4b_FetchTests: GradedTestCase {
  /// The error `fetch` throws for `path`, or a failure if it decodes.
  private func fetchError(_ path: String, port: Int) async throws -> FetchError? {
    do {
      let users = try await fetch([User].self, with: URLRequest(url: localURL(path, port: port)))
      XCTFail("\(path): decoded \(users.count) users instead of throwing a FetchError")
      return nil
    } catch let error as FetchError {
      return error
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("\(path): every failure is a FetchError; this was \(type(of: error)): \(error)")
      return nil
    }
  }

  func test_a200_isDecodedAsTheTypeAskedFor() async throws {
    try await withFixtureServer { port in
      let page = try await fetch(
        [User].self,
        with: URLRequest(url: localURL("/users?page=1&per=3", port: port))
      )
      XCTAssertEqual(page.map(\.name), ["Ada Okafor", "Bruno Lindqvist", "Chiara Benedetti"])
      let one = try await fetch(User.self, with: URLRequest(url: localURL("/users/3", port: port)))
      XCTAssertEqual(one.id, 3, "T is decoded as T: here one User, not an array")
    }
  }

  func test_a201_isASuccessToo() async throws {
    try await withFixtureServer { port in
      var request = URLRequest(url: localURL("/users", port: port))
      request.httpMethod = "POST"
      request.setValue("Bearer tutorial-token", forHTTPHeaderField: "Authorization")
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(#"{"name":"Kai","username":"kai","email":"k@x.org"}"#.utf8)
      do {
        let created = try await fetch(User.self, with: request)
        XCTAssertEqual(created.id, 11)
      } catch FetchError.status(201, _) {
        XCTFail("201 Created is a success: every status from 200 to 299 is")
      }
    }
  }

  func test_aStatusOf299_isASuccess_andOf300IsNot() async throws {
    try await withFixtureServer { port in
      let said = try await fetch(
        [String: String].self,
        with: URLRequest(url: localURL("/fault/status?code=299", port: port))
      )
      XCTAssertEqual(said, ["said": "status 299 on purpose"], "299 is a success: 200...299 all are")
      do {
        let body = try await fetch(
          [String: String].self,
          with: URLRequest(url: localURL("/fault/status?code=300", port: port))
        )
        XCTFail("300 is no success (only 200...299 are), but it returned \(body)")
      } catch let error as FetchError {
        guard case .status(300, _) = error else {
          return XCTFail("a 300 is a status error, .status(300, ...); this was \(error)")
        }
      }
    }
  }

  func test_a404_isAStatusError_withTheServersMessage() async throws {
    try await withFixtureServer { port in
      do {
        // This 404's body {"error": ...} does decode as a dictionary: only the status tells.
        let body = try await fetch(
          [String: String].self,
          with: URLRequest(url: localURL("/users/99", port: port))
        )
        XCTFail(
          "a 404 was decoded (it returned \(body)); expected the status error first, whatever "
            + "the body"
        )
      } catch let error as FetchError {
        guard case .status(404, _) = error else {
          return XCTFail("a 404 is a status error, .status(404, ...); this was \(error)")
        }
      } catch {
        try rethrowIfNotImplemented(error)
        XCTFail("every failure is a FetchError; this was \(type(of: error)): \(error)")
      }
      let error = try await fetchError("/users/99", port: port)
      if case .decoding = error {
        XCTFail(
          "a 404's body was decoded as users and failed as .decoding; expected the status error "
            + "first"
        )
      }
      if case .status(404, nil) = error {
        XCTFail(
          "the server said why in its JSON body {\"error\": ...}, and the message was nil; "
            + "expected the server's words"
        )
      }
      XCTAssertEqual(error, .status(404, message: "no user with id '99'"))
    }
  }

  func test_a500_isAStatusError_withTheServersMessage() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/500", port: port)
      XCTAssertEqual(error, .status(500, message: "the server failed on purpose"))
    }
  }

  func test_aFieldOfTheWrongType_isADecodingError_atItsPath() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/wrong-type", port: port)
      XCTAssertEqual(
        error,
        .decoding(path: "[2].id"),
        "the third user's id is a string: the path is the array index, then the key"
      )
      do {
        let user = try await fetch(
          IDAsText.self,
          with: URLRequest(url: localURL("/users/3", port: port))
        )
        XCTFail("the id is a number, not text, but it decoded \(user)")
      } catch let error as FetchError {
        XCTAssertEqual(
          error,
          .decoding(path: "id"),
          "a key at the top of the JSON is its name alone, with no dot before it"
        )
      }
      do {
        let page = try await fetch(
          UsersPage.self,
          with: URLRequest(url: localURL("/fault/nested-wrong-type", port: port))
        )
        XCTFail("the third user's id is text, but it decoded \(page.users.count) users")
      } catch let error as FetchError {
        XCTAssertEqual(
          error,
          .decoding(path: "users[2].id"),
          "every step of the path, however deep: a key, then an index in brackets right after it "
            + "(no dot before a bracket), then a dot and the next key"
        )
      }
    }
  }

  /// `/fault/nested-wrong-type`'s shape: the users of `/fault/wrong-type` inside an object.
  private struct UsersPage: Decodable {
    let page: Int
    let users: [User]
  }

  /// A user whose id is text: `/users/3`'s number does not decode as it.
  private struct IDAsText: Decodable {
    let id: String
  }

  func test_aValueNoCaseMatches_isADecodingError_atItsPath() async throws {
    try await withFixtureServer { port in
      do {
        let named = try await fetch(
          [NamedAda].self,
          with: URLRequest(url: localURL("/users?page=1&per=3", port: port))
        )
        XCTFail("only Ada's name is a case of the enum, but it decoded \(named.count) users")
      } catch let error as FetchError {
        XCTAssertEqual(
          error,
          .decoding(path: "[1].name"),
          "the second user's name is no case of the enum (DecodingError.dataCorrupted): its "
            + "context has the path too; \"\" is only for a body that is not JSON"
        )
      } catch {
        try rethrowIfNotImplemented(error)
        XCTFail("every failure is a FetchError; this was \(type(of: error)): \(error)")
      }
    }
  }

  func test_aNullField_isADecodingError_atItsPath() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/null-field", port: port)
      XCTAssertEqual(
        error,
        .decoding(path: "[0].name"),
        "the first user's name is null: DecodingError.valueNotFound has its path in its context "
          + "too"
      )
    }
  }

  func test_aMissingField_isADecodingError_atItsPath_keyIncluded() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/missing-field", port: port)
      XCTAssertEqual(
        error,
        .decoding(path: "[1].email"),
        "the second user has no email: keyNotFound's key is not in its context's codingPath, "
          + "add it"
      )
    }
  }

  func test_aBodyThatIsNotJSON_isADecodingError_atTheTop() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/malformed", port: port)
      XCTAssertEqual(error, .decoding(path: ""))
    }
  }

  func test_whenAStatusBodyIsNotJSON_itIsAStatusError_withNoMessage() async throws {
    do {
      let users = try await fetch(
        [User].self,
        with: CannedAnswers.request("/bad-gateway"),
        session: CannedAnswers.session
      )
      XCTFail("a 502 is no success, but it decoded \(users.count) users")
    } catch let error as FetchError {
      XCTAssertEqual(
        error,
        .status(502, message: nil),
        "a 502 whose body is an HTML page, not JSON: expected the status error, with no message "
          + "(nil), not an error about its body"
      )
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("every failure is a FetchError; this was \(type(of: error)): \(error)")
    }
  }

  func test_aStatusWithoutAnErrorKey_hasNoMessage() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/fault/status?code=503", port: port)
      XCTAssertEqual(
        error,
        .status(503, message: nil),
        "the body {\"said\": ...} has no \"error\" key: then there is no message (nil), neither "
          + "\"\" nor the whole body"
      )
    }
  }

  func test_theSessionGiven_isTheOneThatAsks() async throws {
    // This session signs every request itself; URLSession.shared would get a 401.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(FixtureServer.bearerToken)"]
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    try await withFixtureServer { port in
      var request = URLRequest(url: localURL("/users", port: port))
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(#"{"name":"Kai","username":"kai","email":"k@x.org"}"#.utf8)
      do {
        let created = try await fetch(User.self, with: request, session: session)
        XCTAssertEqual(created.id, 11)
      } catch FetchError.status(401, _) {
        XCTFail(
          "the POST was answered 401 (no token): it was not sent with the session given, which "
            + "adds the token; expected it sent with that session"
        )
      }
    }
  }

  func test_whenARequestEndsCancelled_itIsATransportError_withThatCode() async throws {
    do {
      let users = try await fetch(
        [User].self,
        with: CannedAnswers.request("/cancelled"),
        session: CannedAnswers.session
      )
      XCTFail("the request failed, but it decoded \(users.count) users")
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? FetchError,
        .transport(.cancelled),
        "URLSession threw URLError(.cancelled): expected .transport(.cancelled), the code "
          + "URLSession gave, like any other it throws; it threw \(error)"
      )
    }
  }

  func test_noServer_isATransportError() async throws {
    // Bound, never listening: a connection is refused, and no other socket can take the port.
    let refusing = try RefusingPort()
    defer { withExtendedLifetime(refusing) {} }
    let error = try await fetchError("/users", port: Int(refusing.port))
    XCTAssertEqual(
      error,
      .transport(.cannotConnectToHost),
      "nothing listens on that port: expected .transport with URLSession's own code"
    )
  }

  /// The grade: 886 generated answers from a server inside URLSession (statuses of any number of
  /// digits, answers that are not HTTP, error bodies of every shape and up to 512 KiB, bodies and
  /// error bodies that are almost JSON, bodies that decode or fail at a known place, users keyed
  /// by id or by "Index 2", keys with an intValue, a number alone, transport errors, requests of
  /// every method, timeout and setting), each compared with what the statement says fetch returns
  /// or throws.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      Self.scenarios,
      model: fetchModel,
      answer: fetchAnswer,
      explain: explainFetch
    )
  }

  /// 300 answers from seed 42, then 80 with odd statuses, methods and timeouts, 40 with odd
  /// messages, 120 with users in pages (`[[User]]`), 60 with other settings and bodies, and those
  /// of 160 more that ask for one user, with a `Stamped` (a key in mixed case and a `Date`), then
  /// 20 error bodies with an "error" below the top, 20 statuses past Int32.max or below zero,
  /// 20 bodies in JSON5, and 30 error bodies of up to 512 KiB or after white space, and answers
  /// that are not HTTP, then 60 bodies and error bodies that are almost JSON (JSON5, text before or
  /// after it, an "Error" key, an object in an array), and 40 answers to `[String: User]`.
  private static let scenarios =
    fetchScenarios(count: 300, seed: 42) + fetchScenariosOfOddRequests(count: 80, seed: 42 &+ 1)
    + fetchScenariosOfOddMessages(count: 40, seed: 42 &+ 2)
    + fetchScenariosOfNestedArrays(count: 120, seed: 42 &+ 3)
    + fetchScenariosOfOtherSettings(count: 60, seed: 42 &+ 4)
    + fetchScenariosOfOtherTypes(count: 160, seed: 42 &+ 5)
    + fetchScenariosOfNestedErrors(count: 20, seed: 42 &+ 6)
    + fetchScenariosOfOutlandishStatuses(count: 20, seed: 42 &+ 7)
    + fetchScenariosOfLooseJSON(count: 20, seed: 42 &+ 8)
    + fetchScenariosOfWideAndOddAnswers(count: 30, seed: 42 &+ 9)
    + fetchScenariosOfAlmostJSON(count: 60, seed: 42 &+ 10)
    + fetchScenariosOfKeyedUsers(count: 40, seed: 42 &+ 11)
    + fetchScenariosOfHugeNumbers(count: 20, seed: 42 &+ 12)
    + fetchScenariosOfOtherKeys(count: 30, seed: 42 &+ 13)

  /// Pairs of generated answers to one request sent twice, one call after the other: each call
  /// sends it, and gets its own answer.
  func test_yourAnswer_keepsTheStatement_withTheSameRequestTwice() async throws {
    try await assertEveryPairTogether(
      Self.scenarios,
      pairs: 40,
      of: {
        $0.cancel == .never && $0.headers.isEmpty && $0.method == nil && $0.timeout == nil
          && $0.settings.isEmpty
      },
      model: fetchModel,
      answer: fetchAnswer,
      together: fetchOneAfterTheOther,
      explain: explainFetch,
      saying: "The same request (one URL) sent by two calls of fetch, one after the other"
    )
  }

  /// Pairs of generated answers to two calls at once with one URL: each call sends its own
  /// request, and gets its own answer.
  func test_yourAnswer_keepsTheStatement_withTwoCallsAtOnce() async throws {
    try await assertEveryPairTogether(
      Self.scenarios,
      pairs: 20,
      of: { $0.cancel == .never },
      model: fetchModel,
      answer: fetchAnswer,
      together: fetchBothAtOnce,
      explain: explainFetch,
      saying: "Two calls of fetch at once with one URL, each request with its own X-Call header"
    )
  }

  /// Generated answers to one request given to two calls at once: each call sends it, and gets
  /// what one call alone gets.
  func test_yourAnswer_keepsTheStatement_withTwoCallsOfOneRequestAtOnce() async throws {
    guard
      try await givesTheModelInEveryScenario(Self.scenarios, model: fetchModel, answer: fetchAnswer)
    else { return }  // the scenario test reports it
    try await assertEveryScenario(
      Self.scenarios.filter { $0.cancel == .never }.prefix(30).map(TwiceAtOnce.init),
      model: { fetchModel($0.scenario) },
      answer: fetchTwiceAtOnce,
      explain: explainFetch
    )
  }
}

/// A user whose name must be Ada's: any other name is no case of `Name`.
private struct NamedAda: Decodable {
  enum Name: String, Decodable {
    case ada = "Ada Okafor"
  }
  let name: Name
}
