/// What a view says to assistive technology: its label, value, hint and traits, and whether it
/// is an element at all. Each built-in view gives its own (`View.defaultAccessibility`); an app
/// sets any part on a view (`View.accessibilityLabel` and the others), which wins over the
/// default.
public struct AccessibilityDescription: Equatable, Sendable {
    /// What the element is called ("Notifications", "Submit…"); nil or empty: unnamed.
    public var label: String?
    /// Its current value ("on", "42", "Red, row 2 of 6"); nil: none.
    public var value: String?
    /// What activating it does, when the label does not say ("Opens the settings").
    public var hint: String?
    /// Its kind and state.
    public var traits: AccessibilityTraits
    /// Whether assistive technology sees it as one element (false: it is skipped, its
    /// subviews are not).
    public var isElement: Bool

    /// A description with the given parts.
    public init(
        label: String? = nil, value: String? = nil, hint: String? = nil, traits: AccessibilityTraits = [],
        isElement: Bool = false
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.isElement = isElement
    }

    /// The line a screen reader would say, its parts joined by ", " in VoiceOver's order:
    /// label, the traits' words, value, hint ("Notifications, switch, off"). Empty parts are
    /// left out.
    public var spoken: String {
        var parts: [String] = []
        if let label, !label.isEmpty { parts.append(label) }
        parts += traits.spokenWords
        if let value, !value.isEmpty { parts.append(value) }
        if let hint, !hint.isEmpty { parts.append(hint) }
        return parts.joined(separator: ", ")
    }
}
