/// One entry of the accessibility tree (`View.accessibilityHierarchy`): an element, or a group
/// with the elements and groups inside it.
@MainActor
public struct AccessibilityNode {
    /// The element, or the view that forms the group.
    public let view: View
    /// What a screen reader says for it: an element's `AccessibilityDescription.spoken`, a
    /// group's name (`View.accessibilityGroupLabel`).
    public let spoken: String
    /// A group's elements and groups, in drawing order; empty for an element.
    public let children: [AccessibilityNode]

    /// True for a group.
    public var isGroup: Bool { !children.isEmpty }

    /// The node and everything below it as indented lines, two spaces a level.
    public func outline(indent: Int = 0) -> [String] {
        [String(repeating: " ", count: indent) + spoken] + children.flatMap { $0.outline(indent: indent + 2) }
    }
}
