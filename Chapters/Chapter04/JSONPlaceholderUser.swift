// The model the seed decodes: a user in the JSONPlaceholder schema.
import Foundation

// snippet.user-model
/// A user as https://jsonplaceholder.typicode.com/users sends it (the fixture server sends the
/// same schema, with this tutorial's own people).
struct JSONPlaceholderUser: Codable, Sendable, Equatable, Identifiable {
  struct Address: Codable, Sendable, Equatable {
    struct Geo: Codable, Sendable, Equatable {
      let lat: String
      let lng: String
    }

    let street: String
    let suite: String
    let city: String
    let zipcode: String
    let geo: Geo
  }

  struct Company: Codable, Sendable, Equatable {
    let name: String
    let catchPhrase: String
    let bs: String
  }

  let id: Int
  let name: String
  let username: String
  let email: String
  let address: Address
  let phone: String
  let website: String
  let company: Company
}
// snippet.end

/// What `POST /users` sends: the fields a client chooses; the server adds the rest.
struct NewUser: Codable, Sendable, Equatable {
  let name: String
  let username: String
  let email: String
}
