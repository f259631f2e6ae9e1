@testable import DownloadStreams
import Foundation
import XCTest

final class AsyncHTTPBytesTests: XCTestCase {
  private static let chunkSize = 4096

  /// A finished stream holding `count` chunks, with empty chunks in between.
  private func chunks(_ count: Int) -> (AsyncThrowingStream<Data, any Error>, [UInt8]) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    var all: [UInt8] = []
    for number in 0..<count {
      let chunk = (0..<Self.chunkSize).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ number) }
      continuation.yield(Data(chunk))
      continuation.yield(Data())
      all += chunk
    }
    continuation.finish()
    return (stream, all)
  }

  func test_bytesAcrossChunks_skipEmptyChunks_andEnd() async throws {
    let (stream, expected) = chunks(3)
    var received: [UInt8] = []
    for try await byte in AsyncHTTPBytes(stream) { received.append(byte) }
    XCTAssertEqual(received, expected)
  }

  func test_theSourcesError_isThrownAfterTheBytesBeforeIt() async throws {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    continuation.yield(Data([1, 2, 3]))
    continuation.finish(throwing: URLError(.networkConnectionLost))
    var received: [UInt8] = []
    do {
      for try await byte in AsyncHTTPBytes(stream) { received.append(byte) }
      XCTFail("the stream's error must reach the loop")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .networkConnectionLost)
    }
    XCTAssertEqual(received, [1, 2, 3])
  }

  /// A loop on an actor must not leave it between two bytes of one chunk: if it did, the other
  /// task's pokes would run in between and show up inside a chunk.
  func test_aLoopOnAnActor_staysOnItWithinAChunk() async throws {
    let (stream, expected) = chunks(16)
    let consumer = PokedConsumer()
    let poker = Task {
      while !Task.isCancelled { await consumer.poke() }
    }
    let result = try await consumer.consume(AsyncHTTPBytes(stream), chunkSize: Self.chunkSize)
    poker.cancel()
    await poker.value
    XCTAssertEqual(result.count, expected.count)
    XCTAssertEqual(
      result.pokesInsideAChunk,
      0,
      "other work ran on the actor between two bytes of the same chunk"
    )
  }

  /// The same on the main actor, the loop written in a `@MainActor` method as a view model would.
  @MainActor
  func test_aLoopOnTheMainActor_staysOnItWithinAChunk() async throws {
    let (stream, expected) = chunks(16)
    let poker = Task.detached {
      while !Task.isCancelled { await MainActor.run { MainActorPokes.count += 1 } }
    }
    var count = 0
    var pokesInsideAChunk = 0
    var pokesSeen = MainActorPokes.count
    for try await _ in AsyncHTTPBytes(stream) {
      if MainActorPokes.count != pokesSeen, !count.isMultiple(of: Self.chunkSize) {
        pokesInsideAChunk += 1
      }
      pokesSeen = MainActorPokes.count
      count += 1
    }
    poker.cancel()
    await poker.value
    XCTAssertEqual(count, expected.count)
    XCTAssertEqual(pokesInsideAChunk, 0, "other main-actor work ran between two bytes of a chunk")
  }
}

@MainActor
private enum MainActorPokes {
  static var count = 0
}

private actor PokedConsumer {
  struct Consumed {
    let count: Int
    let pokesInsideAChunk: Int
  }

  private var pokes = 0

  func poke() { pokes += 1 }

  /// Iterates on this actor; counts the bytes at which a poke had run since the previous byte,
  /// leaving out each chunk's first byte (a new chunk may suspend the loop).
  func consume(_ bytes: AsyncHTTPBytes, chunkSize: Int) async throws -> Consumed {
    var count = 0
    var pokesInsideAChunk = 0
    var pokesSeen = pokes
    for try await _ in bytes {
      if pokes != pokesSeen, !count.isMultiple(of: chunkSize) { pokesInsideAChunk += 1 }
      pokesSeen = pokes
      count += 1
    }
    return Consumed(count: count, pokesInsideAChunk: pokesInsideAChunk)
  }
}
