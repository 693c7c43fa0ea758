/// The width class of an area a controller is shown in, as UIKit's horizontal
/// `UIUserInterfaceSizeClass`, for a terminal: an area narrower than a boundary (60 columns
/// unless the container says otherwise) is `compact`, a wider one `regular`. A terminal that is
/// resized across the boundary is the terminal's rotation: a placeholder then swaps a child for
/// the clone it offers (`SizeClassCloning`).
public enum SizeClass: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Narrower than the boundary.
    case compact
    /// As wide as the boundary or wider.
    case regular

    /// The default boundary, in columns: an 80-column terminal shown whole is `regular`, a
    /// half or two thirds of it (a split view's detail area) is `compact`.
    public static let defaultBoundary = 60

    /// The class of an area `width` columns wide: `compact` below `boundary`, else `regular`.
    public init(width: Int, boundary: Int = SizeClass.defaultBoundary) {
        self = width < boundary ? .compact : .regular
    }

    /// `compact` or `regular`.
    public var description: String { rawValue }
}
