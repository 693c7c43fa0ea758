extension ViewController {
    /// Whether `event` is one of `keys` and may act as this controller's shortcut now: a key
    /// that types a character (`KeyEvent.typesText`) is left to a focused view that takes text
    /// input, so a container's `m` can still be typed into a text field.
    public func isShortcut(_ event: KeyEvent, among keys: [KeyEvent]) -> Bool {
        guard keys.contains(event) else { return false }
        return !(window?.focusedViewTakesText(event) ?? false)
    }
}
