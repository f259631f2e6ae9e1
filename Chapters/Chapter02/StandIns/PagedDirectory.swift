// Stand-in for a paged web API: a directory of names, served a page at a time.

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
