// 2.6 Unfolding where it belongs: paged sources.
// Read with docs/Chapter02-UnfoldingVsPush.md#26-unfolding-where-it-belongs-paged-sources
import LessonSupport

// snippet.paged-unfolding
/// One page per pull: the closure asks for the next page only when the consumer asks for the
/// next element, and nil (past the last page) ends the stream for good.
func pages(of directory: PagedDirectory) -> AsyncStream<[String]> {
  let cursor = PageCursor()
  return AsyncStream(unfolding: {
    await directory.page(await cursor.advance())
  })
}

/// The next page number of one stream.
private actor PageCursor {
  private var next = 1

  func advance() -> Int {
    defer { next += 1 }
    return next
  }
}
// snippet.end

func runPaging(_ context: LessonContext) async throws {
  let console = context.console
  console.print("A directory of 10 names, 4 to a page. Reading every page:")
  let directory = PagedDirectory(pageSize: 4)
  for await page in pages(of: directory) {
    console.print("  page: \(page.joined(separator: ", "))")
  }
  console.print("  pages requested: \(await directory.requestedPages) (the 4th said nil: the end)")

  console.print("A reader who needs only the first page:")
  let browsed = PagedDirectory(pageSize: 4)
  for await page in pages(of: browsed) {
    console.print("  page: \(page.joined(separator: ", "))")
    break
  }
  console.print(
    """
      pages requested: \(await browsed.requestedPages)
    Pulling fits a paged source: each next() is the request for the next page, so nothing is
    fetched that nobody asked for (back-pressure for free), and nil ends it.
    """
  )
}
