import ExerciseSupport
import Foundation
import TestTooling
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 4.2: decode, or say why not

final class Ex4_2_FetchTests: GradedTestCase {
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

  func test_a404_isAStatusError_withTheServersMessage() async throws {
    try await withFixtureServer { port in
      let error = try await fetchError("/users/99", port: port)
      if case .decoding = error {
        XCTFail(
          "a 404's body is an error message, not users: check the status before decoding"
        )
      }
      if case .status(404, nil) = error {
        XCTFail("the server said why in its JSON body {\"error\": ...}: pass that message on")
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

  func test_noServer_isATransportError() async throws {
    let port = try await closedPort()
    let error = try await fetchError("/users", port: port)
    XCTAssertEqual(
      error,
      .transport(.cannotConnectToHost),
      "URLSession throws a URLError; pass its code on as .transport"
    )
  }
}
