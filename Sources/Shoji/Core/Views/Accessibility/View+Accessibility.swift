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

    /// Whether the elements inside this view form a group named by its label and value, as
    /// UIKit's property of the same name makes them read together (default false): the group's
    /// name is said when focus arrives inside it from outside, and `accessibilityHierarchy`
    /// nests its elements under it. Only a view that is not an element itself groups.
    public var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityOverrides.groupsChildren }
        set { accessibilityOverrides.groupsChildren = newValue }
    }

    /// The name of the group this view forms, or nil: its label and value when it
    /// `shouldGroupAccessibilityChildren`, else its controller's `title` when it is a view
    /// controller's view (a pushed screen, a tab, a presented sheet is a group named by its
    /// title, so arriving in it says where you are). UIKit has no such derived name.
    public var accessibilityGroupLabel: String? {
        guard !isAccessibilityElement else { return nil }
        if shouldGroupAccessibilityChildren {
            let own = AccessibilityDescription(label: accessibilityLabel, value: accessibilityValue).spoken
            if !own.isEmpty { return own }
        }
        if let title = viewController?.title?.trimmingSpaces, !title.isEmpty { return String(title) }
        return nil
    }

    /// The shown elements of this subtree with the groups they lie in, in drawing order: an
    /// element is a leaf; a group (`accessibilityGroupLabel`) with elements inside is a node
    /// with them as children; a group with none is left out.
    public var accessibilityHierarchy: [AccessibilityNode] {
        guard !isHidden else { return [] }
        if isAccessibilityElement { return [AccessibilityNode(view: self, spoken: accessibility.spoken, children: [])] }
        let children = subviews.flatMap(\.accessibilityHierarchy)
        guard let group = accessibilityGroupLabel, !children.isEmpty else { return children }
        return [AccessibilityNode(view: self, spoken: group, children: children)]
    }
}

/// The parts of a view's accessibility the app set (nil: the default).
struct AccessibilityOverrides {
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var isElement: Bool?
    var groupsChildren = false
}
