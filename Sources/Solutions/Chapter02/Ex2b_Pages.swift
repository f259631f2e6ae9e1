import ExerciseSupport

/// Exercise 2b: an unfolding stream over a paged source (reference solution).
///
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-2b-pages-on-demand
public func pages(from source: some PagedSource) -> AsyncThrowingStream<[String], any Error> {
  let cursor = NextPage()
  return AsyncThrowingStream(unfolding: {
    // One fetch per pull; the first empty page ends the stream (nil) for good.
    guard let number = await cursor.take() else { return nil }
    do {
      let page = try await source.fetchPage(number)
      return page.isEmpty ? nil : page
    } catch {
      // Unfolding calls the closure again after a throw: the cursor ends the stream instead.
      await cursor.end()
      throw error
    }
  })
}

/// The page number the next pull asks for; nil once a fetch has failed.
private actor NextPage {
  private var number: Int? = 1

  func take() -> Int? {
    defer { number = number.map { $0 + 1 } }
    return number
  }

  func end() {
    number = nil
  }
}
