// Exercise 4b's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter04Exercises
#endif

/// What `fetch` returns or throws for `scenario`'s answer to `request`.
private func decodedOutcome(
  _ scenario: FetchScenario,
  _ request: URLRequest
) async throws -> FetchOutcome {
  do {
    switch scenario.shape {
    case .user:
      return .value(
        "\(try await fetch(User.self, with: request, session: ScenarioAnswers.session))"
      )
    case .numbered:
      return .value(
        "\(try await fetch(Numbered.self, with: request, session: ScenarioAnswers.session))"
      )
    case .scalar:
      return .value(
        "\(try await fetch(Int.self, with: request, session: ScenarioAnswers.session))"
      )
    case .owned:
      return .value(
        "\(try await fetch(Owned.self, with: request, session: ScenarioAnswers.session))"
      )
    case .users:
      return .value(
        "\(try await fetch([User].self, with: request, session: ScenarioAnswers.session))"
      )
    case .list:
      return .value(
        "\(try await fetch(UserList.self, with: request, session: ScenarioAnswers.session))"
      )
    case .pages:
      return .value(
        "\(try await fetch([[User]].self, with: request, session: ScenarioAnswers.session))"
      )
    case .stamped:
      return .value(
        "\(try await fetch(Stamped.self, with: request, session: ScenarioAnswers.session))"
      )
    case .keyed:
      return .value(
        keyedDescription(
          try await fetch([String: User].self, with: request, session: ScenarioAnswers.session)
        )
      )
    }
  } catch let error as FetchError {
    // A response that is not HTTP: any FetchError is one.
    return scenario.notHTTP ? .someFetchError : .error(error)
  } catch let error as NotImplemented {
    throw error
  } catch {
    return .otherError("\(type(of: error))")
  }
}

/// What `fetch` returns or throws for `scenario`'s answer to `request`, or what the server
/// received of `key`'s request if it was not the request given.
private func fetchOutcome(
  _ scenario: FetchScenario,
  _ request: URLRequest,
  key: String
) async throws -> FetchOutcome {
  let outcome = try await decodedOutcome(scenario, request)
  let call = key + (scenario.headers[callHeader] ?? "")
  if let received = ScenarioAnswers.otherRequest(for: call) { return received }
  return outcome
}

/// Runs `scenario` on the answer's `fetch`, with the session whose server answers it.
func fetchAnswer(_ scenario: FetchScenario) async throws -> FetchOutcome {
  let arrived = OneShotSignal<Bool>()
  let (request, key) = ScenarioAnswers.request(for: scenario, arrived: arrived)
  let call = Task { [cancel = scenario.cancel] in
    if cancel == .beforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
    return try await fetchOutcome(scenario, request, key: key)
  }
  if scenario.cancel == .whileInFlight {
    Task {
      _ = await call.result
      arrived.fire(false)
    }
    ScenarioAnnouncer.announce(
      scenario,
      waitingFor: "the request to reach the server, or fetch to end"
    )
    if await arrived.wait() { call.cancel() }
  }
  return try await call.value
}

/// The same request sent twice, one call after the other: the first is answered with `first`,
/// the second with `second`.
func fetchOneAfterTheOther(
  _ first: FetchScenario,
  _ second: FetchScenario
) async throws -> (FetchOutcome, FetchOutcome) {
  let (request, key) = ScenarioAnswers.request(for: first)
  _ = ScenarioAnswers.request(for: second, key: key)
  let firstGot = try await fetchOutcome(first, request, key: key)
  return (firstGot, try await fetchOutcome(second, request, key: key))
}

/// What two calls at once with one request give, when each gives what one call alone gives.
///
/// The server holds the two requests until both have arrived, then answers each with the
/// scenario's answer.
func fetchTwiceAtOnce(_ twice: TwiceAtOnce) async throws -> FetchOutcome {
  let scenario = twice.scenario
  let (request, key) = ScenarioAnswers.request(for: scenario)
  _ = ScenarioAnswers.request(for: scenario, key: key)
  ScenarioAnswers.gather(2, for: key)
  ScenarioAnnouncer.announce(twice, waitingFor: "both calls' requests to reach the server")
  async let firstGot = fetchOutcome(scenario, request, key: key)
  async let secondGot = fetchOutcome(scenario, request, key: key)
  let (first, second) = try await (firstGot, secondGot)
  return first == second ? first : .twoCallsDiffer("\(first)", "\(second)")
}

/// Two calls at once to one URL, told apart by a header only: the server holds each request
/// until both have arrived, then answers the first call's with `first`, the second's with
/// `second`.
func fetchBothAtOnce(
  _ first: FetchScenario,
  _ second: FetchScenario
) async throws -> (FetchOutcome, FetchOutcome) {
  var (one, two) = (first, second)
  one.headers = [callHeader: "1"]
  two.headers = [callHeader: "2"]
  let (firstRequest, key) = ScenarioAnswers.request(for: one)
  let (secondRequest, _) = ScenarioAnswers.request(for: two, key: key)
  ScenarioAnswers.gather(2, for: key)
  ScenarioAnnouncer.announce(
    "two calls of fetch at once with one URL, \(one) and \(two): the test waits for both "
      + "requests to reach the server"
  )
  async let firstGot = fetchOutcome(one, firstRequest, key: key)
  async let secondGot = fetchOutcome(two, secondRequest, key: key)
  return try await (firstGot, secondGot)
}
