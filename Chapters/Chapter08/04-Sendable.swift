// 8.4 Sendable and regions: what may cross from one task or actor to another.
// Read with docs/Chapter08-Isolation.md#84-sendable-and-regions
import LessonSupport
import Synchronization

// snippet.order
/// A packing order: a class with mutable state and no lock, so not Sendable.
///
/// Two tasks that both held one could change `lines` at once; the compiler keeps each order in
/// one place.
final class Order {
  var lines: [String] = []
}
// snippet.end

// snippet.sending
/// A packing bench on an actor. `pack` takes a non-Sendable order: a caller may hand one over
/// as long as it never uses that order again, which the compiler checks at each call.
actor PackingBench {
  private var packed: [Order] = []

  func pack(_ order: Order) -> Int {
    order.lines.append("packed")
    packed.append(order)
    return packed.count
  }
}

/// Hands on an order it was given.
///
/// `sending` says the caller gives the order up for good, so this function may give it away in
/// turn; a plain parameter stays its caller's too.
func handOn(_ order: sending Order, to bench: PackingBench) async -> Int {
  await bench.pack(order)
}
// snippet.end

// snippet.sendable-kinds
/// Sendable because every stored property is Sendable and a value is copied, never shared.
struct Parcel: Sendable {
  var grams: Int
  var label: String
}

/// Sendable without `@unchecked`.
///
/// Its one mutable state is inside a `Mutex`, which lets one thread at a time reach it. The
/// compiler checks that: a `var` here would not compile.
final class ParcelCounter: Sendable {
  private let count = Mutex(0)

  func add(_ parcels: Int) { count.withLock { $0 += parcels } }
  var total: Int { count.withLock { $0 } }
}
// snippet.end

func runSendable(_ context: LessonContext) async throws {
  let console = context.console
  console.print("1. A non-Sendable order, filled here, then handed to a task:")
  // snippet.hand-over
  let order = Order()
  order.lines.append("3 boxes")
  let lines = await Task {
    order.lines.append("1 crate")  // the task owns it now: this function never uses it again
    return order.lines
  }.value
  // snippet.end
  console.print("  the task saw: \(lines.joined(separator: ", "))")
  console.print("  Using `order` after the Task { } line would not compile: the page shows why.")
  console.print()

  console.print("2. Handed to an actor, then handed on through a `sending` parameter:")
  let bench = PackingBench()
  let first = Order()
  first.lines.append("2 lamps")
  console.print("  orders on the bench: \(await bench.pack(first))")
  let second = Order()
  second.lines.append("1 shelf")
  console.print("  orders on the bench: \(await handOn(second, to: bench))")
  console.print()

  console.print("3. Types the compiler can check to be Sendable:")
  let parcel = Parcel(grams: 1_250, label: "lamps")
  let counter = ParcelCounter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<10 {
      group.addTask {
        var copy = parcel  // a copy of its own: changing it changes nobody else's
        copy.grams += 1
        for _ in 0..<100 { counter.add(1) }
      }
    }
  }
  console.print(
    "  parcel still weighs \(parcel.grams) g; counter: \(counter.total) (10 tasks x 100)"
  )
}

// What the compiler rejects, kept out of the build: Chapter08Tests compiles each block, with the
// declarations above, and checks that it gives the error the comment quotes.

#if SHOW_ERRORS  // used-after-the-task
// snippet.used-after-the-task
// error: sending value of non-Sendable type '() async -> ()' risks causing data races
func fillAndKeep() async {
  let order = Order()
  Task { order.lines.append("1 crate") }
  order.lines.append("3 boxes")  // the caller still uses it: two tasks could change it at once
}
// snippet.end
#endif

#if SHOW_ERRORS  // kept-after-sending
// snippet.kept-after-sending
// error: sending 'order' risks causing data races
func packAndKeep(_ bench: PackingBench) async {
  let order = Order()
  _ = await bench.pack(order)
  order.lines.append("one more")  // the bench owns it now
}
// snippet.end
#endif

#if SHOW_ERRORS  // handed-on-without-sending
// snippet.handed-on-without-sending
// error: sending 'order' risks causing data races
func handOnAndHope(_ order: Order, to bench: PackingBench) async -> Int {
  await bench.pack(order)  // `order` is still its caller's, who may go on using it
}
// snippet.end
#endif

#if SHOW_ERRORS  // var-in-a-sendable-class
// snippet.var-in-a-sendable-class
// error: stored property 'count' of 'Sendable'-conforming class 'PlainCounter' is mutable
final class PlainCounter: Sendable {
  var count = 0
}
// snippet.end
#endif
