extension View {
    /// `style` as a control shows it now: dim while disabled (and nothing else), reverse video
    /// while focused. The one look of enablement and focus the built-in controls (`Button`,
    /// `Switch`, `SegmentedControl`, `Stepper`) share; each adds its own state on top.
    func controlLook(_ style: Style, isEnabled: Bool) -> Style {
        var result = style
        if !isEnabled {
            result.attributes.insert(.dim)
        } else if isFocused {
            result.attributes.formSymmetricDifference(.reverse)
        }
        return result
    }
}
