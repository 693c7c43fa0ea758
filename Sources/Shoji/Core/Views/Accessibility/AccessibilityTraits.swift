/// What kind of element a view is and what state it is in, for assistive technology: UIKit's
/// `UIAccessibilityTraits`, with the kinds a terminal app has. Several combine (a selected tab
/// is `[.tab, .selected]`).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The traits as bits, one per trait.
    public let rawValue: UInt32

    /// A trait set from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Performs an action when activated (Enter or a click).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Switches between on and off (`Switch`); its value says which.
    public static let toggle = AccessibilityTraits(rawValue: 1 << 1)
    /// Its value moves by steps with the arrow keys or + and - (`Stepper`, `SegmentedControl`).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 2)
    /// Takes typed text (`TextField`, an editable `TextView`).
    public static let textEntry = AccessibilityTraits(rawValue: 1 << 3)
    /// A heading over what follows (a list's title, a bar's title).
    public static let header = AccessibilityTraits(rawValue: 1 << 4)
    /// Text that does not change by itself and does nothing when activated (`Label`).
    public static let staticText = AccessibilityTraits(rawValue: 1 << 5)
    /// One of several tabs; its value says which of how many.
    public static let tab = AccessibilityTraits(rawValue: 1 << 6)
    /// A list of rows to choose from (`ListView`, `TableView`); its value is the chosen row.
    public static let list = AccessibilityTraits(rawValue: 1 << 7)
    /// The chosen one of its kind (a selected tab or row).
    public static let selected = AccessibilityTraits(rawValue: 1 << 8)
    /// Does not respond now (a disabled control): said as "dimmed", as VoiceOver says it.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 9)
    /// Changes by itself often (a progress bar, a clock, a spinner): a screen reader should not
    /// read every change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 11)

    /// The words a screen reader says for the kind of element, in order ("switch",
    /// "button", "dimmed"); `staticText` and `updatesFrequently` say nothing.
    public var spokenWords: [String] {
        var words: [String] = []
        if contains(.toggle) {
            words.append("switch")
        } else if contains(.button) {
            words.append("button")
        }
        if contains(.link) { words.append("link") }
        if contains(.tab) { words.append("tab") }
        if contains(.textEntry) { words.append("text field") }
        if contains(.list) { words.append("list") }
        if contains(.adjustable) { words.append("adjustable") }
        if contains(.header) { words.append("heading") }
        if contains(.selected) { words.append("selected") }
        if contains(.notEnabled) { words.append("dimmed") }
        return words
    }
}
