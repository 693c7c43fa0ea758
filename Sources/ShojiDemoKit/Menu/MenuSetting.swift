/// What an entry of a menu file's `right-items` changes (its `"setting"`): the settings the
/// demo's right-hand menu offers.
public enum MenuSetting: String, CaseIterable, Sendable {
    /// The window's theme, cycled through the presets (`SettingsPane.themeNames`).
    case theme
    /// The app's one motion setting (`Window.transitionDuration`), on or off.
    case motion
    /// Presents the about sheet (`AboutSheet`); no value of its own.
    case about

    /// Every accepted name, for messages: `theme, motion, about`.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
