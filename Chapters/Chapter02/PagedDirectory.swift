// 2.5: a source that is pulled by nature: a directory served a page at a time.

/// Ten names, served in pages; it remembers which pages were asked for.
actor PagedDirectory {
  static let names = [
    "Ada", "Bruno", "Chiara", "Dev", "Elif", "Femi", "Greta", "Hiro", "Isla", "Jonas",
  ]

  let pageSize: Int
  private(set) var requestedPages: [Int] = []

  init(pageSize: Int) {
    self.pageSize = pageSize
  }

  /// Page `number` (from 1), or nil past the end.
  func page(_ number: Int) -> [String]? {
    requestedPages.append(number)
    let start = (number - 1) * pageSize
    guard start < Self.names.count else { return nil }
    return Array(Self.names[start..<min(start + pageSize, Self.names.count)])
  }
}

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
