/// The accessibility API of every view, as UIKit's `UIAccessibility` informal protocol: each
/// property reads what the app set on the view, else the view's default
/// (`defaultAccessibility`, which built-in views give: a button its title, a switch "on" or
/// "off", a list its chosen row); setting one to nil gives the default back.
extension View {
    /// What the element is called. Default: the view's own (a label's text, a button's title, a
    /// text field's placeholder, a list's title).
    public var accessibilityLabel: String? {
        get { accessibilityOverrides.label ?? defaultAccessibility.label }
        set { accessibilityOverrides.label = newValue }
    }

    /// Its current value. Default: the view's own (a switch's state, a stepper's number).
    public var accessibilityValue: String? {
        get { accessibilityOverrides.value ?? defaultAccessibility.value }
        set { accessibilityOverrides.value = newValue }
    }

    /// What activating it does, when the label does not say.
    public var accessibilityHint: String? {
        get { accessibilityOverrides.hint ?? defaultAccessibility.hint }
        set { accessibilityOverrides.hint = newValue }
    }

    /// Its kind and state. Default: the view's own (`.button`, `.toggle`, plus `.notEnabled`
    /// for a disabled control).
    public var accessibilityTraits: AccessibilityTraits {
        get { accessibilityOverrides.traits ?? defaultAccessibility.traits }
        set { accessibilityOverrides.traits = newValue }
    }

    /// Whether assistive technology sees the view as one element. Default: what the view says
    /// (controls and labels with text are; plain views are not).
    public var isAccessibilityElement: Bool {
        get { accessibilityOverrides.isElement ?? defaultAccessibility.isElement }
        set { accessibilityOverrides.isElement = newValue }
    }

    /// Everything the view says now, the app's settings over the defaults.
    public var accessibility: AccessibilityDescription {
        AccessibilityDescription(
            label: accessibilityLabel, value: accessibilityValue, hint: accessibilityHint,
            traits: accessibilityTraits, isElement: isAccessibilityElement)
    }

    /// The elements in this view's subtree that are shown, in drawing order (an element's own
    /// subviews are not listed: it speaks for them).
    public var accessibilityElements: [View] {
        guard !isHidden else { return [] }
        if isAccessibilityElement { return [self] }
        return subviews.flatMap(\.accessibilityElements)
    }
}

/// The parts of a view's accessibility the app set (nil: the default).
struct AccessibilityOverrides {
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var isElement: Bool?
}
