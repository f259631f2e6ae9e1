// Exercise 8a's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

/// Starts a caller's task on the cache's actor.
///
/// Its first step runs before any job the actor is given after this returns; with `cancelled`,
/// the task is cancelled before that first step.
func startPriceCall(
  _ cache: isolated PriceCache,
  _ product: String,
  cancelled: Bool = false
) -> Task<Int, any Error> {
  let call = Task { try await cache.price(of: product) }
  if cancelled { call.cancel() }
  return call
}

extension PriceCache {
  /// Asks for `product` and, if that throws, asks again at once, on the actor, with no
  /// suspension between: before the other callers of the failed lookup resume.
  func priceAskedAgainAfterAFailure(of product: String) async throws -> Int {
    do { return try await price(of: product) } catch is NotImplemented {
      throw NotImplemented("8a")
    } catch {}
    return try await price(of: product)
  }

  /// Asks for `product` and, once it has the price, asks again at once, on the actor, with no
  /// suspension between: before the other callers of the lookup resume.
  func priceAskedAgainAfterAPrice(of product: String) async throws -> Int {
    _ = try await price(of: product)
    return try await price(of: product)
  }
}

/// Starts a caller's task on the cache's actor who asks again at once if its first ask throws
/// (or, `evenAfterAPrice`, whatever it gets).
func startCallerWhoAsksAgain(
  _ cache: isolated PriceCache,
  _ product: String,
  evenAfterAPrice: Bool = false
) -> Task<Int, any Error> {
  evenAfterAPrice
    ? Task { try await cache.priceAskedAgainAfterAPrice(of: product) }
    : Task { try await cache.priceAskedAgainAfterAFailure(of: product) }
}

/// Starts `count` callers of "A" on the cache, one in five of whom (and the last) asks again.
///
/// They ask again at once: after a failure, or, unless `firstAsksAgain`, whatever they get; the
/// first caller is one of them if `firstAsksAgain`. Each runs before any job the actor is given
/// after this returns.
func startCallers(
  _ count: Int,
  of cache: isolated PriceCache,
  firstAsksAgain: Bool
) -> [(asksAgain: Bool, task: Task<Int, any Error>)] {
  let callers = (0..<count).map { index in
    let asksAgain = index % 5 == (firstAsksAgain ? 0 : 1) || index == count - 1
    return (
      asksAgain,
      asksAgain
        ? startCallerWhoAsksAgain(cache, "A", evenAfterAPrice: !firstAsksAgain)
        : startPriceCall(cache, "A")
    )
  }
  return callers
}

/// Returns once the actor has run every job it was given before this call: each caller started
/// before has run up to its first suspension.
func priceBarrier(_ cache: isolated PriceCache) {}

/// The answer's source file: the one the grade reads (the stub's place, or the reference's).
var priceCacheSourceFile: URL {
  #if SOLUTIONS
  repositoryRoot.appendingPathComponent("Sources/Solutions/Chapter08/Ex8a_PriceCache.swift")
  #else
  repositoryRoot.appendingPathComponent("Sources/Exercises/Chapter08/Ex8a_PriceCache.swift")
  #endif
}

/// What a caller got, as the outcome spells it; a stub's NotImplemented is thrown.
func spelledPriceResult(_ caller: Task<Int, any Error>) async throws -> String {
  switch await caller.result {
  case .success(let price): return "\(price)"
  case .failure(let error as NotImplemented): throw error
  case .failure(let error as LookupFailure): return "LookupFailure(\(error.code))"
  case .failure(is CancellationError): return "CancellationError"
  case .failure(let error as URLError): return spelledURLError(error.code)
  case .failure(let error as DecodingError):
    switch error {
    case .keyNotFound(let key, _): return spelledDecodingError(key: key.stringValue)
    case .dataCorrupted: return "DecodingError.dataCorrupted"
    default: return "\(error)"
    }
  case .failure(let error):
    // Any error bridges to NSError; on Linux any NSError also casts to CocoaError, so the
    // platform's own types are told by their domain.
    let nsError = error as NSError
    let platformDomains = [NSCocoaErrorDomain, NSURLErrorDomain, NSPOSIXErrorDomain]
    if platformDomains.contains(nsError.domain), let platform = PlatformError(error) {
      return "\(platform)"
    }
    return "NSError(\(nsError.domain), \(nsError.code))"
  }
}

/// Runs `scenario` on a new `PriceCache`, step by step, waiting after each step for what the
/// statement says it starts or ends.
func priceCacheAnswer(_ scenario: PriceScenario) async throws -> PriceOutcome {
  guard let (_, plans, closing) = priceLife(scenario) else {
    return PriceOutcome(lookups: [], results: [])
  }
  let lookups = (0..<scenario.cacheCount).map { _ in PriceLookups() }
  let caches = lookups.map { lookups in
    PriceCache { product in try await lookups.lookUp(product) }
  }
  var callers: [(product: String, cache: Int, task: Task<Int, any Error>)] = []
  var results: [String?] = []
  let steps =
    scenario.steps + closing.map { PriceStep.answer($0.product, $0.answer, cache: $0.cache) }
  for (step, plan) in zip(steps, plans) {
    switch step {
    case .call(let product, let cache, let cancelled):
      if case .looksUp = plan { lookups[cache].expect(product) }
      let task = await startPriceCall(caches[cache], product, cancelled: cancelled)
      callers.append((product, cache, task))
      results.append(nil)
      await priceBarrier(caches[cache])
    case .answer(let product, let answer, let cache):
      lookups[cache].answer(product, with: answer)
    case .cancel(let caller):
      callers[caller - 1].task.cancel()
      await priceBarrier(caches[callers[caller - 1].cache])
    }
    switch plan {
    case .returnsAtOnce(let caller):
      ScenarioAnnouncer.announce(scenario, waitingFor: "caller \(caller)'s price")
      results[caller - 1] = try await spelledPriceResult(callers[caller - 1].task)
    case .looksUp(let caller, let count):
      let (product, cache, task) = callers[caller - 1]
      let lookUp = "\(scenario.which(cache))lookUp(\(spelledProduct(product))) to be called"
      ScenarioAnnouncer.announce(scenario, waitingFor: lookUp)
      await lookups[cache].waitForCalls(count, orEndOf: task)
    case .ends(let ended):
      for caller in ended {
        ScenarioAnnouncer.announce(scenario, waitingFor: "caller \(caller)'s price")
        results[caller - 1] = try await spelledPriceResult(callers[caller - 1].task)
      }
    case .waits:
      break
    }
    ScenarioAnnouncer.announce(scenario)
  }
  // A caller that ended early (a lookup of its own, cancelled) is read now.
  for (index, caller) in callers.enumerated() where results[index] == nil {
    ScenarioAnnouncer.announce(scenario, waitingFor: "caller \(index + 1)'s price")
    results[index] = try await spelledPriceResult(caller.task)
  }
  return PriceOutcome(lookups: lookups.map(\.products), results: results.map { $0 ?? "nothing" })
}
