import Shoji

extension TransitionStyle {
    /// Every style by its menu-file name, in the order messages list them: `none`, `fade`,
    /// then `slide-from-EDGE`, `slide-out-to-EDGE`, `push-from-EDGE`, `cover-from-EDGE`,
    /// `uncover-to-EDGE`, `wipe-from-EDGE` and `unwipe-to-EDGE` for each edge (`left`, `right`,
    /// `top`, `bottom`).
    public static let menuNames: [(name: String, style: TransitionStyle)] = {
        var result: [(String, TransitionStyle)] = [("none", .none), ("fade", .fade)]
        let edges: [(String, Edge)] = [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)]
        for (word, edge) in edges {
            result += [
                ("slide-from-\(word)", .slide(from: edge)), ("slide-out-to-\(word)", .slideOut(to: edge)),
                ("push-from-\(word)", .push(from: edge)), ("cover-from-\(word)", .cover(from: edge)),
                ("uncover-to-\(word)", .uncover(to: edge)), ("wipe-from-\(word)", .wipe(from: edge)),
                ("unwipe-to-\(word)", .unwipe(to: edge))
            ]
        }
        return result
    }()

    /// The style a menu file names (exact, lowercase), or nil.
    public init?(menuName: String) {
        guard let found = Self.menuNames.first(where: { $0.name == menuName }) else { return nil }
        self = found.style
    }

    /// The style's menu-file name, e.g. `push-from-right`.
    public var menuName: String { Self.menuNames.first { $0.style == self }!.name }

    /// Every name, for messages: `none, fade, slide-from-left, …`.
    public static var menuNameList: String { menuNames.map(\.name).joined(separator: ", ") }
}
