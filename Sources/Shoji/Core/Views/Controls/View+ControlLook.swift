extension View {
    /// `style` as a control shows it now: the theme's `disabled` attributes added while disabled
    /// (and nothing else), the theme's focus look in the control's tint while focused
    /// (`focusLook(_:)`). The one look of enablement and focus every `Control` shows
    /// (`Control.currentStyle`); each adds its own state on top.
    func controlLook(_ style: Style, isEnabled: Bool) -> Style {
        var result = style
        if !isEnabled {
            result.attributes.formUnion(theme.disabled)
        } else if isFocused {
            result = focusLook(result)
        }
        return result
    }
}
