extension View {
    /// The window's theme (`Window.theme`), or `.standard` outside a window. Read when drawing,
    /// so a new theme on the window shows in its next frame.
    public var theme: Theme { window?.theme ?? .standard }

    /// The colour the view's controls are drawn in, as UIKit's `tintColor`: the colour set on
    /// this view, else its superview's tint, else the theme's `tintColor`. Set `nil` to inherit
    /// again; reading never gives `nil`. Setting it tells this view and every view below it that
    /// inherits it (`tintColorDidChange()`).
    public var tintColor: Color! {
        get {
            var view: View? = self
            while let current = view {
                if let own = current.ownTintColor { return own }
                view = current.superview
            }
            return theme.tintColor
        }
        set {
            guard newValue != ownTintColor else { return }
            ownTintColor = newValue
            var pending: [View] = [self]
            while let view = pending.popLast() {
                view.tintColorDidChange()
                pending.append(contentsOf: view.subviews.filter { $0.ownTintColor == nil })
            }
        }
    }

    /// `style` as this view draws a focused item in it: the theme's focus look in this view's
    /// tint (`Theme.focused(_:tint:)`).
    public func focusLook(_ style: Style) -> Style { theme.focused(style, tint: tintColor) }
}
