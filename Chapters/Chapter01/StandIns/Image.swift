// Stand-in: the values the image lessons pass around, in place of UIImage and a classifier's
// answer.

/// A picked image, of which only the file name matters here.
///
/// The empty image stands for the seed's `UIImage()`.
struct Image: Sendable, Equatable, CustomStringConvertible {
  let name: String

  static let empty = Image(name: "")

  var description: String {
    name.isEmpty ? "<empty image>" : name
  }
}

/// What the classifier thinks an image shows.
struct Classification: Sendable, Equatable, CustomStringConvertible {
  let label: String
  let confidence: Int

  var description: String {
    "\(label) (\(confidence)%)"
  }
}

/// The classifier's only failure: it cannot read the image.
struct UnreadableImageError: Error, Equatable, CustomStringConvertible {
  let image: Image

  var description: String {
    "the classifier cannot read \(image)"
  }
}
