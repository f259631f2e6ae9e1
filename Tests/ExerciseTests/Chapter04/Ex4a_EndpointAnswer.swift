// Exercise 4a's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter04Exercises
#endif

/// Runs `scenario` on the answer's `makeRequest(for:)`.
func endpointAnswer(_ scenario: EndpointScenario) throws -> RequestOutcome {
  do {
    return RequestOutcome(try makeRequest(for: scenario.endpoint))
  } catch is EndpointError {
    return .endpointError
  } catch let error as NotImplemented {
    throw error
  } catch {
    return .otherError("\(type(of: error))")
  }
}
