extension Button {
    /// How a button frames its title. Brackets make a button read as one without colour or
    /// attributes (a screen reader, a monochrome capture); UIKit's closest is
    /// `UIButton.Configuration`'s bordered and plain styles.
    public enum Border: Hashable, Sendable {
        /// `[ Title ]`: a button on its own.
        case spaced
        /// `[Title]`: a bar item, which keeps its neighbours apart in few columns.
        case compact
        /// The bare title.
        case none

        /// `title` in this border.
        public func framing(_ title: String) -> String {
            switch self {
            case .spaced: return "[ \(title) ]"
            case .compact: return "[\(title)]"
            case .none: return title
            }
        }
    }
}
