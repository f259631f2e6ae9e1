@testable import GradedScenarios
import ExerciseSupport
import Foundation
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

// MARK: - Exercise 8a: a cache that looks each product up once

final class Ex8a_PriceCacheTests: GradedTestCase {
  /// Runs one hand-written run and compares it with the statement.
  private func assertRun(
    _ steps: [PriceStep],
    file: StaticString = #filePath,
    line: UInt = #line
  )
    async throws
  {
    try await assertEveryScenario(
      [PriceScenario(steps: steps)],
      model: priceModel,
      answer: priceCacheAnswer,
      explain: explainPrices,
      file: file,
      line: line
    )
  }

  func test_aPriceFound_isKept() async throws {
    try await assertRun([.call("A"), .answer("A", .price(250)), .call("A")])
  }

  func test_callersAtOnce_shareOneLookup() async throws {
    try await assertRun([.call("A"), .call("A"), .answer("A", .price(250))])
  }

  func test_differentProducts_areLookedUpAtOnce() async throws {
    try await assertRun([.call("A"), .call("B"), .answer("B", .price(2)), .answer("A", .price(1))])
  }

  func test_failedLookup_isNotKept() async throws {
    try await assertRun([.call("A"), .call("A"), .answer("A", .failure(1)), .call("A")])
  }

  func test_theCancelOfAWaitingCaller_cancelsNothing() async throws {
    try await assertRun([.call("A"), .call("A"), .cancel(caller: 2), .answer("A", .price(250))])
  }

  func test_theCancelOfTheFirstCaller_cancelsNothing() async throws {
    try await assertRun([.call("A"), .call("A"), .cancel(caller: 1), .answer("A", .price(250))])
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      priceScenarios(count: 400, seed: 81),
      model: priceModel,
      answer: priceCacheAnswer,
      explain: explainPrices
    )
  }

  /// Many products looked up at once, answered last to first, then each asked for again.
  ///
  /// Many callers of one product too: with that many under way and waiting, callers still share
  /// a lookup, and a cancelled caller is still served.
  func test_yourAnswer_keepsEveryPrice_ofManyProducts() async throws {
    let count = largest(graded: 66_000, reference: 3_000)
    let lookups = PriceLookups()
    let cache = PriceCache { product in try await lookups.lookUp(product) }
    let products = (0..<count).map { "P\($0)" }
    var first: [Task<Int, any Error>] = []
    for product in products {
      lookups.expect(product)
      first.append(await startPriceCall(cache, product))
    }
    var crowd: [Task<Int, any Error>] = []
    for _ in 0..<count {
      crowd.append(await startPriceCall(cache, "P0"))
    }
    // One more caller of the last product, a caller of P0 whose task is cancelled before it
    // asks, and one of the crowd cancelled once it waits: each gets its product's price.
    let lastAgain = await startPriceCall(cache, products[count - 1])
    crowd.append(await startPriceCall(cache, "P0", cancelled: true))
    await priceBarrier(cache)
    crowd[count / 2].cancel()
    ScenarioAnnouncer.announce("\(count) products asked for: the test waits for their lookups")
    await lookups.waitForCalls(count, orEndOf: first[count - 1])
    for (index, product) in products.enumerated().reversed() {
      lookups.answer(product, with: .price(index + 1))
    }
    var wrong: [String] = []
    for (index, caller) in first.enumerated() {
      let got = try await spelledPriceResult(caller)
      if got != "\(index + 1)", wrong.count < 3 { wrong.append("\(products[index]) got \(got)") }
    }
    for caller in crowd {
      let got = try await spelledPriceResult(caller)
      if got != "1", wrong.count < 3 { wrong.append("a caller of P0 got \(got)") }
    }
    let gotAgain = try await spelledPriceResult(lastAgain)
    if gotAgain != "\(count)", wrong.count < 3 {
      wrong.append("the second caller of P\(count - 1) got \(gotAgain)")
    }
    var again: [String] = []
    for (index, product) in products.enumerated() {
      let got = try await spelledPriceResult(await startPriceCall(cache, product))
      if got != "\(index + 1)", again.count < 3 { again.append("\(product) got \(got)") }
    }
    ScenarioAnnouncer.clear()
    let looked = lookups.count
    XCTAssertTrue(
      wrong.isEmpty && again.isEmpty && looked == count,
      "\(count) callers asked for P0 ... P\(count - 1), one each, then \(count) more for P0, one "
        + "more for P\(count - 1), and one for P0 in a task cancelled before it asked; one of the "
        + "callers of P0 was cancelled while it waited; the lookups were answered last to first, "
        + "each product's price its number plus one; then each product was asked for again: "
        + "lookUp was called \(looked) times"
        + (wrong.isEmpty ? "" : ", " + wrong.joined(separator: ", "))
        + (again.isEmpty ? "" : ", asked again " + again.joined(separator: ", "))
        + "; the statement gives \(count) lookups, and every caller its product's number plus one"
    )
  }

  /// One product whose lookup fails many times in a row (past 2^8 and 2^16), then finds a price.
  func test_yourAnswer_looksUpAgain_afterManyFailures() async throws {
    let failures = largest(graded: 65_537, reference: 300)
    let lookups = PriceLookups()
    let cache = PriceCache { product in try await lookups.lookUp(product) }
    var wrong: String?
    for failure in 1...failures + 1 {
      ScenarioAnnouncer.announce(
        "a lookup of \"A\" failed \(failure - 1) times: the test waits for lookUp(\"A\")"
      )
      lookups.expect("A")
      let caller = await startPriceCall(cache, "A")
      await lookups.waitForCalls(failure, orEndOf: caller)
      lookups.answer("A", with: failure <= failures ? .failure(failure % 9 + 1) : .price(5))
      let got = try await spelledPriceResult(caller)
      let expected = failure <= failures ? "LookupFailure(\(failure % 9 + 1))" : "5"
      if got != expected || lookups.count != failure {
        wrong =
          "call \(failure) got \(got) after \(lookups.count) lookups; the statement "
          + "gives \(expected) after \(failure)"
        break
      }
    }
    ScenarioAnnouncer.clear()
    XCTAssertNil(
      wrong,
      "each caller asked for \"A\" once the one before had its answer; the first \(failures) "
        + "lookups threw, the next found 5: \(wrong ?? ""): a failure is never kept"
    )
  }

  /// Never two lookups of one product at once, after a failure too.
  ///
  /// A failed lookup's callers resume one by one. Here one in five asks again at once: the first
  /// of them to resume starts the next lookup while others have yet to resume, and every caller
  /// who comes later joins that lookup.
  func test_yourAnswer_neverLooksUpTwiceAtOnce_afterAFailure() async throws {
    let rounds = largest(graded: 100, reference: 3)
    let waiters = 50
    var wrong: String?
    for _ in 0..<rounds where wrong == nil {
      let lookups = PriceLookups()
      let cache = PriceCache { product in try await lookups.lookUp(product) }
      // Callers awaiting one task resume in an order that is the runtime's: one in five asks
      // again at once, the first and the last among them.
      let callers = await startCallers(waiters, of: cache, firstAsksAgain: true)
      await priceBarrier(cache)
      ScenarioAnnouncer.announce(
        "\(waiters) callers asked for \"A\": the test waits for its lookup"
      )
      await lookups.waitForCalls(1, orEndOf: callers[0].task)
      lookups.answer("A", with: .failure(1), onlyThese: true)
      ScenarioAnnouncer.announce(
        "the lookup of \"A\" failed, and one caller in five asked again at once: the test "
          + "waits for the others to have the failure"
      )
      for caller in callers where !caller.asksAgain { _ = await caller.task.result }
      let later = await startPriceCall(cache, "A")
      await priceBarrier(cache)
      let looked = lookups.count
      if looked > 2 {
        wrong =
          "lookUp was called \(looked) times, the last while the one before was still under way"
      }
      lookups.answer("A", with: .price(7))
      // The second lookup found 7: every caller who asked again has it, and so has the later one.
      var again: [String] = []
      for caller in callers where caller.asksAgain {
        again.append(try await spelledPriceResult(caller.task))
      }
      let gotLater = try await spelledPriceResult(later)
      if wrong == nil, again.contains(where: { $0 != "7" }) || gotLater != "7" {
        let others = again.filter { $0 != "7" }
        wrong =
          "the next lookup found 7, and "
          + (others.isEmpty
            ? "" : "\(others.count) of the \(again.count) callers who asked again got \(others[0])")
          + (others.isEmpty || gotLater == "7" ? "" : ", and ")
          + (gotLater == "7" ? "" : "the later caller got \(gotLater)")
      }
    }
    ScenarioAnnouncer.clear()
    XCTAssertNil(
      wrong,
      "\(waiters) callers asked for \"A\"; its lookup failed; one in five asked again at "
        + "once, and another caller asked once the others all had the failure: \(wrong ?? ""); "
        + "the statement gives one lookup under way at a time for a product: a caller who comes "
        + "during one waits for it; and a failure is never kept: those who asked again, and the "
        + "later caller, get what the next lookup finds"
    )
  }

  /// A price found is kept for the callers who ask again as soon as they have it, and for new
  /// callers who come while the lookup's callers resume.
  ///
  /// The callers of a lookup resume one by one, in an order that is the runtime's. Here one in
  /// five asks again at once, and new callers come meanwhile: the price must be kept by then.
  func test_yourAnswer_keepsAPrice_forCallersWhoAskAgainAtOnce() async throws {
    let rounds = largest(graded: 100, reference: 3)
    let waiters = 50
    var wrong: String?
    for _ in 0..<rounds where wrong == nil {
      let lookups = PriceLookups()
      let cache = PriceCache { product in try await lookups.lookUp(product) }
      var callers = await startCallers(waiters, of: cache, firstAsksAgain: false).map(\.task)
      await priceBarrier(cache)
      ScenarioAnnouncer.announce(
        "\(waiters) callers asked for \"A\": the test waits for its lookup"
      )
      await lookups.waitForCalls(1, orEndOf: callers[0])
      // Any later lookup finds 7 at once too, so that the run ends and counts it.
      lookups.answer("A", with: .price(7))
      // New callers come one by one while the lookup's callers resume.
      for _ in 0..<100 { callers.append(await startPriceCall(cache, "A")) }
      ScenarioAnnouncer.announce(
        "the lookup of \"A\" found 7, one caller in five asked again at once, and 100 new "
          + "callers came one by one: the test waits for every caller's price"
      )
      var got: [String] = []
      for caller in callers { got.append(try await spelledPriceResult(caller)) }
      if lookups.count > 1 || got.contains(where: { $0 != "7" }) {
        let others = got.filter { $0 != "7" }
        wrong =
          "lookUp was called \(lookups.count) times"
          + (others.isEmpty ? "" : ", and callers got \(others.joined(separator: ", "))")
      }
    }
    ScenarioAnnouncer.clear()
    XCTAssertNil(
      wrong,
      "\(waiters) callers asked for \"A\"; its lookup found 7, one in five asked again as soon "
        + "as it had it, and 100 new callers came one by one meanwhile: \(wrong ?? ""); the "
        + "statement gives one lookup, and 7 to every caller: a price found is kept, from the "
        + "moment its lookup ends"
    )
  }

  /// Long codes are told apart as `==` tells them: two that part only after 2^20 scalars, two
  /// that part only in their middle, and two `==` calls equal though one has twice the bytes.
  func test_yourAnswer_tellsLongCodesApart_asEqualsDoes() async throws {
    let huge = String(repeating: "X", count: 1 << 20)
    let pairs =
      [(huge + "1", huge + "2", "2^20 \"X\" then \"1\", and then \"2\"")]
      + longLookalikePairs(after: "")
    for (first, second, spelled) in pairs {
      let lookups = PriceLookups()
      let cache = PriceCache { product in try await lookups.lookUp(product) }
      let equal = first == second
      var got: [String] = []
      for (index, code) in [first, second].enumerated() where index == 0 || !equal {
        ScenarioAnnouncer.announce(
          "a caller asked for a code of \(spelled): the test waits for its lookup"
        )
        lookups.expect(code)
        let caller = await startPriceCall(cache, code)
        await lookups.waitForCalls(index + 1, orEndOf: caller)
        lookups.answer(code, with: .price(index + 1))
        got.append(try await spelledPriceResult(caller))
      }
      if equal { got.append(try await spelledPriceResult(await startPriceCall(cache, second))) }
      got.append(try await spelledPriceResult(await startPriceCall(cache, first)))
      ScenarioAnnouncer.clear()
      let expected = equal ? ["1", "1", "1"] : ["1", "2", "1"]
      let lookupsExpected = equal ? 1 : 2
      XCTAssertTrue(
        got == expected && lookups.count == lookupsExpected,
        "callers asked for codes of \(spelled), then the first again; each lookup found its "
          + "code's number: the callers got \(got.joined(separator: ", ")), with \(lookups.count) "
          + "lookups; the statement gives \(expected.joined(separator: ", ")), with "
          + "\(lookupsExpected): codes are told apart as == tells them, however long"
      )
    }
  }

  /// The answer's own file: each cache's state in the cache itself, and no opt-out.
  func test_yourFile_keepsEachCachesStateInTheCache() async throws {
    try await assertStateKeptInEach("cache", declaredIn: priceCacheSourceFile)
  }
}
