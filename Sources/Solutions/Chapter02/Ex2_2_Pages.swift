import ExerciseSupport

/// Exercise 2.2: an unfolding stream over a paged source (reference solution).
///
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-22-pages-on-demand
public func pages(from source: some PagedSource) -> AsyncThrowingStream<[String], any Error> {
  let cursor = NextPage()
  return AsyncThrowingStream(unfolding: {
    // One fetch per pull; the first empty page ends the stream (nil) for good.
    let page = try await source.fetchPage(await cursor.take())
    return page.isEmpty ? nil : page
  })
}

/// The page number the next pull asks for.
private actor NextPage {
  private var number = 1

  func take() -> Int {
    defer { number += 1 }
    return number
  }
}
