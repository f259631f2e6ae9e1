import Foundation

/// The `/users` routes, and the faults that serve users the client cannot decode.
enum UserRoutes {
  /// `GET /users`, or one page of it with `?page=P&per=N`.
  static func page(_ request: HTTPRequestHead) -> FixtureResponse {
    let all = FixtureUser.all
    guard request.query["page"] != nil || request.query["per"] != nil else {
      return .json(200, all)
    }
    guard let page = Int(request.query["page"] ?? "1"), page >= 1,
      let per = Int(request.query["per"] ?? "10"), (1...100).contains(per)
    else {
      return .error(400, "page must be 1 or more and per from 1 to 100")
    }
    let pages = (all.count + per - 1) / per
    let slice = all.dropFirst((page - 1) * per).prefix(per)
    return .json(
      200,
      Array(slice),
      headers: [("X-Total-Count", "\(all.count)"), ("X-Page-Count", "\(pages)")]
    )
  }

  /// `GET /users/ID`.
  static func one(_ id: String) -> FixtureResponse {
    guard let user = FixtureUser.all.first(where: { "\($0.id)" == id }) else {
      return .error(404, "no user with id '\(id)'")
    }
    return .json(200, user)
  }

  /// What `POST /users` reads: the fields a client chooses.
  struct NewUser: Codable {
    let name: String
    let username: String
    let email: String
  }

  /// `POST /users`, with the bearer token and a JSON body of name, username and email.
  ///
  /// Answers 201 with the user as created (id 11). Nothing is stored, as on the public
  /// placeholder service.
  static func create(_ request: HTTPRequestHead, body: Data) -> FixtureResponse {
    guard request.headers["authorization"] == "Bearer \(FixtureServer.bearerToken)" else {
      let problem = request.headers["authorization"] == nil ? "no bearer token" : "wrong token"
      return .error(
        401,
        "\(problem): send 'Authorization: Bearer \(FixtureServer.bearerToken)'",
        headers: [("WWW-Authenticate", "Bearer")]
      )
    }
    guard request.headers["content-type"]?.hasPrefix("application/json") == true else {
      return .error(400, "the body must be JSON, sent with 'Content-Type: application/json'")
    }
    do {
      let new = try JSONDecoder().decode(NewUser.self, from: body)
      var created = try jsonObject(FixtureUser.all[0]) as? [String: Any] ?? [:]
      created["id"] = FixtureUser.all.count + 1
      created["name"] = new.name
      created["username"] = new.username
      created["email"] = new.email
      return json(201, created)
    } catch {
      return .error(400, "the body is not a new user with name, username and email")
    }
  }

  /// Users the client cannot decode: `/fault/malformed` is not JSON at all, `/fault/wrong-type`
  /// has the third user's id as a string, `/fault/missing-field` lacks the second user's email,
  /// `/fault/null-field` has the first user's name as null; `/fault/nested-wrong-type` is
  /// `{"page": 1, "users": [...]}` around the users of `/fault/wrong-type`.
  static func broken(_ path: String) -> FixtureResponse {
    guard var users = try? jsonObject(FixtureUser.all) as? [[String: Any]] else {
      return .error(500, "could not encode the users")
    }
    switch path {
    case "/fault/wrong-type":
      users[2]["id"] = "three"
    case "/fault/missing-field":
      users[1]["email"] = nil
    case "/fault/null-field":
      users[0]["name"] = NSNull()
    case "/fault/nested-wrong-type":
      users[2]["id"] = "three"
      return json(200, ["page": 1, "users": users])
    default:
      var text = String(decoding: json(200, users).body, as: UTF8.self)
      text.removeLast(text.count / 2)  // cut in the middle: brackets never closed
      return FixtureResponse(status: 200, contentType: "application/json", body: Data(text.utf8))
    }
    return json(200, users)
  }

  private static func jsonObject(_ value: some Encodable) throws -> Any {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
  }

  /// Pretty, sorted JSON of a dictionary or array, as `FixtureResponse.json` writes it.
  private static func json(_ status: Int, _ object: Any) -> FixtureResponse {
    let body =
      (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
      ?? Data("{}".utf8)
    return FixtureResponse(status: status, contentType: "application/json", body: body)
  }
}
