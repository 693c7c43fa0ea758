/// How a `Label` fits a line wider than itself, as UIKit's `NSLineBreakMode` (two of its cases).
public enum LineBreakMode: Sendable, Hashable {
    /// Cut the line and end it with "…" (the default, as UIKit's).
    case byTruncatingTail
    /// Wrap it onto the next rows at spaces, by display width (`TextWrapper`).
    case byWordWrapping
}
