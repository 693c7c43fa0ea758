/// One entry of a menu file's `right-items`: a row of the demo's right-hand settings menu
/// (`SettingsPane`), with its title and the setting it changes.
public struct SettingsEntry: Equatable, Sendable {
    /// The row's title, before the setting's value ("Theme" shows "Theme: dark"); never empty
    /// or blank.
    public var title: String
    /// What Enter or a click on the row changes.
    public var setting: MenuSetting

    /// An entry titled `title` (the validator guarantees it is not blank) that changes `setting`.
    public init(title: String, setting: MenuSetting) {
        self.title = title
        self.setting = setting
    }
}
