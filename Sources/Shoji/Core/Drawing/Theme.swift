/// The few styles the built-in views share, in one place: bars, focus, an inactive selection,
/// selected text, disabled and dimmed content, destructive actions, and the tint the controls are drawn in.
/// A window has one (`Window.theme`); every view reads it through `View.theme` when it draws,
/// so changing the window's theme redraws everything in the next frame.
///
/// Guarantees:
/// - Every preset reads without colour: each state is told apart by attributes (reverse, bold,
///   underline, dim) and colours only add to them, so `NO_COLOR`, a monochrome terminal or a
///   screen reader loses nothing. Colours degrade from 24-bit to 256 to 16 to 8 by what the
///   terminal reports (the backend's job, not the theme's).
/// - Focus shows the same way on every focusable view: its item (a control, the selected row of
///   a list or table, a text field's row) is drawn `focused(_:tint:)`. The tab bar, whose
///   selected item is already set apart from the bar, adds `focus.attributes` as underline
///   instead (see `TabBar`).
/// - A value: changing a copy changes nothing on screen until it is set on a window.
///
/// UIKit has no single equivalent: it spreads these over `tintColor`, `UIAppearance` and each
/// bar's properties. Shoji keeps `tintColor` (inherited down the view tree, as UIKit's) and puts
/// the rest here; a view's own style properties (`NavigationBar.barStyle`,
/// `ListView.selectedRowStyle`, …) still win over the theme where set.
public struct Theme: Hashable, Sendable {
    /// The controls' accent: a switch that is on, the selected segment, the filled part of a
    /// progress bar, a spinner, a bordered button's title, and the colour focus is drawn in.
    /// `.default` draws them in the terminal's own colours.
    public var tintColor: Color
    /// Navigation and tab bars: the whole row and the items on it.
    public var bar: Style
    /// How a focused item shows: `attributes` are toggled on the item's own style (so reverse
    /// video stays visible on a bar that is already reversed); `foreground` and `background`,
    /// where not `.default`, replace the item's (see `focused(_:tint:)`).
    public var focus: Style
    /// Whether focus is also drawn in the tint (the item's `tintColor` as its foreground, which
    /// reverse video shows as a block of the tint).
    public var focusUsesTint: Bool
    /// The selected row of a list or table that does not have focus.
    public var inactiveSelection: Style
    /// Added to a disabled control's style.
    public var disabled: TextAttributes
    /// Added to what lies behind a presentation, and to views whose `alpha` dims them.
    public var dimming: TextAttributes
    /// Actions that destroy something (an alert's destructive button).
    public var destructive: Style
    /// Selected text in a text field or text view: `attributes` are toggled on the text's own
    /// look (so a selection in a focused, reversed field shows un-reversed), and colours, where
    /// not `.default`, replace the text's (see `selected(_:)`). Reverse video in every preset,
    /// so a selection reads without colour.
    public var selection: Style
    /// The lines between areas: a side menu's separator, a split view's divider. Dim in every
    /// preset, so the line reads as a border rather than content.
    public var separator: Style

    /// A theme from its parts (see each property).
    public init(
        tintColor: Color, bar: Style, focus: Style, focusUsesTint: Bool, inactiveSelection: Style,
        disabled: TextAttributes, dimming: TextAttributes, destructive: Style,
        selection: Style = Style(attributes: .reverse), separator: Style = Style(attributes: .dim)
    ) {
        self.tintColor = tintColor
        self.bar = bar
        self.focus = focus
        self.focusUsesTint = focusUsesTint
        self.inactiveSelection = inactiveSelection
        self.disabled = disabled
        self.dimming = dimming
        self.destructive = destructive
        self.selection = selection
        self.separator = separator
    }

    /// The default: attributes only (reverse bars, reverse focus, dim for disabled and
    /// dimmed), and red for destructive actions. Readable on any background.
    public static let standard = Theme(
        tintColor: .default, bar: Style(attributes: .reverse), focus: Style(attributes: .reverse),
        focusUsesTint: false, inactiveSelection: Style(attributes: [.reverse, .dim]), disabled: .dim,
        dimming: .dim, destructive: Style(attributes: .underline, foreground: .red))

    /// No colour at all: `standard` without its red, for apps that must look the same on every
    /// terminal (a terminal without colours, or `NO_COLOR`, draws every preset this way).
    public static let monochrome: Theme = {
        var theme = Theme.standard
        theme.destructive = Style(attributes: [.underline, .bold])
        return theme
    }()

    /// For dark backgrounds: bright cyan controls and focus, blue bars.
    public static let dark = Theme(
        tintColor: .brightCyan, bar: Style(attributes: .reverse, foreground: .blue),
        focus: Style(attributes: .reverse), focusUsesTint: true,
        inactiveSelection: Style(attributes: [.reverse, .dim]), disabled: .dim, dimming: .dim,
        destructive: Style(attributes: .underline, foreground: .brightRed))

    /// For light backgrounds: blue controls and focus, bars in blue with the background's colour
    /// for text.
    public static let light = Theme(
        tintColor: .blue, bar: Style(attributes: .reverse, foreground: .blue),
        focus: Style(attributes: .reverse), focusUsesTint: true,
        inactiveSelection: Style(attributes: [.reverse, .dim]), disabled: .dim, dimming: .dim,
        destructive: Style(attributes: .underline, foreground: .red))

    /// For low vision: nothing dim, bold wherever a state shows, and the terminal's own colours
    /// (the user's high-contrast scheme, if any) for text and controls. Focus is reverse and bold;
    /// an inactive selection bold and underlined; a disabled control italic and struck by no
    /// dimming, so its text keeps full contrast; destructive actions bold, underlined, bright
    /// red; separators and what lies behind a sheet at full brightness.
    public static let highContrast = Theme(
        tintColor: .default, bar: Style(attributes: [.reverse, .bold]), focus: Style(attributes: [.reverse, .bold]),
        focusUsesTint: false, inactiveSelection: Style(attributes: [.bold, .underline]), disabled: .italic,
        dimming: [], destructive: Style(attributes: [.underline, .bold], foreground: .brightRed),
        selection: Style(attributes: .reverse), separator: .plain)

    /// The presets' names, as `named(_:)` takes them and a settings screen lists them.
    public static let presetNames = ["standard", "monochrome", "dark", "light", "high-contrast"]

    /// The name of the preset this theme is (one of `presetNames`), or nil for a theme of the
    /// app's own (a preset with a part changed is the app's own): what a settings screen shows.
    /// Derived by comparing with the presets, so a theme never says a name it does not match.
    public var name: String? { Self.presetNames.first { Self.named($0) == self } }

    /// The presets by name, for settings and environment variables: "standard", "monochrome"
    /// (also "none" and "plain"), "dark", "light", "high-contrast" (also "contrast"). Case and
    /// surrounding spaces do not matter; `nil` for other names.
    public static func named(_ name: String) -> Theme? {
        switch name.trimmingSpaces.lowercased() {
        case "standard", "default": return .standard
        case "monochrome", "none", "plain": return .monochrome
        case "dark": return .dark
        case "light": return .light
        case "high-contrast", "highcontrast", "contrast": return .highContrast
        default: return nil
        }
    }

    /// `style` as a focused item shows it: `focus.attributes` toggled, `focus`'s colours where
    /// not `.default`, and `tint` as the foreground when `focusUsesTint` and `tint` is not
    /// `.default`.
    public func focused(_ style: Style, tint: Color) -> Style {
        var result = style
        result.attributes.formSymmetricDifference(focus.attributes)
        if focusUsesTint, tint != .default { result.foreground = tint }
        if focus.foreground != .default { result.foreground = focus.foreground }
        if focus.background != .default { result.background = focus.background }
        return result
    }

    /// `style` as selected text shows it: `selection.attributes` toggled, and `selection`'s
    /// colours where not `.default`.
    public func selected(_ style: Style) -> Style {
        var result = style
        result.attributes.formSymmetricDifference(selection.attributes)
        if selection.foreground != .default { result.foreground = selection.foreground }
        if selection.background != .default { result.background = selection.background }
        return result
    }

    /// `style` drawn in `tint` where it has no foreground of its own (a control's accent).
    public func tinted(_ style: Style, tint: Color) -> Style {
        guard style.foreground == .default else { return style }
        var result = style
        result.foreground = tint
        return result
    }
}
