// 8.2 Reentrancy: an actor runs one piece of code at a time, and a call that awaits lets others in.
// Read with docs/Chapter08-Isolation.md#82-reentrancy
import LessonSupport

// snippet.lost-update
/// A stockroom that books a delivery once the supplier confirms it.
///
/// `receive` reads the count before the `await` and writes it after: while the call is suspended
/// the actor may run another `receive`, whose update the write then overwrites (Chapter08Tests,
/// `test_aReadBeforeTheAwait_andAWriteAfterIt_loseTheOtherCallsUpdate`).
actor BookingStockroom {
  private var counts: [String: Int] = [:]
  let supplier: Supplier

  init(supplier: Supplier) {
    self.supplier = supplier
  }

  func receive(_ amount: Int, of item: String) async {
    let before = counts[item, default: 0]  // the read
    let confirmed = await supplier.confirmDelivery(of: amount)  // a suspension: others may run
    counts[item] = before + confirmed  // the write, from the count read before the suspension
  }

  /// The same booking with no suspension between the read and the write: every update is kept
  /// (`test_noSuspensionBetweenTheReadAndTheWrite_keepsBothUpdates`).
  func receiveFixed(_ amount: Int, of item: String) async {
    let confirmed = await supplier.confirmDelivery(of: amount)
    counts[item, default: 0] += confirmed
  }

  func count(of item: String) -> Int {
    counts[item, default: 0]
  }
}
// snippet.end

// snippet.one-stocktake
/// The second fix: work already in flight is awaited, not started again. A stocktake asks the
/// supplier to count everything; a caller that comes while one is under way gets its result.
actor Stocktaking {
  private var inFlight: Task<Int, Never>?
  /// How many callers joined a stocktake under way (the lesson waits until two have).
  private(set) var joined = 0
  let supplier: Supplier

  init(supplier: Supplier) {
    self.supplier = supplier
  }

  func stocktake() async -> Int {
    if let inFlight {  // join the one under way
      joined += 1
      return await inFlight.value
    }
    let task = Task { await supplier.countEverything(6_000) }
    inFlight = task  // set before the await: a caller that comes while we wait finds it
    let counted = await task.value
    inFlight = nil
    return counted
  }
}
// snippet.end

// snippet.two-deliveries
/// Books two deliveries of 5 boxes at once with `book`, and returns the boxes counted.
///
/// `book` is `receive` or `receiveFixed`. The supplier answers only once both calls wait for it,
/// the oldest first.
func bookTwoDeliveries(_ book: @escaping @Sendable (BookingStockroom) async -> Void) async -> Int {
  let supplier = Supplier()
  let room = BookingStockroom(supplier: supplier)
  async let first: Void = book(room)
  async let second: Void = book(room)
  // Both calls wait for the supplier: with `receive`, both have read 0.
  await supplier.waitUntilWaiting(2)
  // Each call writes once answered, in an order that is the scheduler's; with `receive`, each
  // writes 0 + 5, so the count is 5 whichever writes first.
  supplier.answerOldest()
  supplier.answerOldest()
  _ = await (first, second)
  return await room.count(of: "boxes")
}
// snippet.end

func runReentrancy(_ context: LessonContext) async throws {
  let console = context.console
  console.print("1. Two deliveries of 5 boxes, each booked once the supplier confirms it:")
  let lost = await bookTwoDeliveries { room in await room.receive(5, of: "boxes") }
  console.print("  boxes: \(lost) (expected 10: both calls read 0 before either wrote)")
  console.print("  Each call ran alone until its await; the actor then ran the other one.")
  console.print()

  console.print("2. Fixed: the count is read and written after the await, in one step:")
  let kept = await bookTwoDeliveries { room in await room.receiveFixed(5, of: "boxes") }
  console.print("  boxes: \(kept)")
  console.print()

  console.print("3. Three callers want a stocktake; two come while the first's is under way:")
  let counting = Supplier()
  let stocktaking = Stocktaking(supplier: counting)
  async let a = stocktaking.stocktake()
  await counting.waitUntilWaiting(1)
  async let b = stocktaking.stocktake()
  async let c = stocktaking.stocktake()
  while await stocktaking.joined < 2 { await Task.yield() }  // b and c wait for a's stocktake
  counting.answerOldest()
  let results = await [a, b, c]
  console.print(
    "  results: \(results.map(String.init).joined(separator: ", ")), supplier asked \(counting.callCount) time(s)"
  )
}
