import Shoji

/// The demo's right-hand menu (the menu file's `right-items`, F3 or `M`): a list headed
/// "Settings" whose rows show each setting with its current value ("Theme: dark",
/// "Motion: on"; an `about` row shows its title alone).
///
/// Guarantees:
/// - A row's value is read from the window each time the row is drawn (its `theme`, its
///   `transitionDuration`); the pane keeps no copy, so a value set elsewhere (`SHOJI_THEME`,
///   `--no-animation`, code) shows as it is; under reduced motion (`SHOJI_ANIMATIONS=none`,
///   the window's `animationsAllowed` false) the motion row says "reduced" rather than "on".
/// - Enter or a click on a row changes its setting at once, and the row shows the new value
///   in the next frame: `theme` sets the window's theme to the preset after the current one
///   in `themeNames` (after a theme that is none of them, the first); `motion` sets the
///   window's `transitionDuration`, the app's one motion setting, to 0, or from 0 back to
///   `motionDuration`; `about` presents an `AboutSheet`, which Escape dismisses.
/// - Its list is its only focusable view and has the first row selected, so the list takes
///   the keys when the side menu shows this controller (Up, Down, Enter).
@MainActor
public final class SettingsPane: ViewController, ListViewDataSource {
    /// The presets `theme` cycles through, in order, by their `Theme.named(_:)` names.
    nonisolated public static let themeNames = ["standard", "dark", "light", "monochrome", "high-contrast"]
    /// What a theme that is none of `themeNames` is called in its row.
    public static let customThemeName = "custom"
    /// What the about sheet says.
    public static let aboutText =
        "Shoji's demo: view controllers in the terminal. This sheet came from the settings menu (F3 or M)."

    /// The rows, in order.
    public let entries: [SettingsEntry]
    /// The transition duration, in seconds, that `motion` turns back on (above 0).
    public let motionDuration: Double
    /// The rows, under the "Settings" header, filling the view.
    public let listView = ListView()

    /// A settings menu of `entries` (one row each) whose `motion` row turns motion on with
    /// `motionDuration` seconds (`TransitionStyle.defaultDuration` when that is not above 0).
    public init(entries: [SettingsEntry], motionDuration: Double) {
        self.entries = entries
        self.motionDuration = motionDuration > 0 ? motionDuration : TransitionStyle.defaultDuration
        super.init()
        title = "Settings"
    }

    /// Adds the list, its first row selected, Enter and clicks wired to `activate(row:)`.
    public override func viewDidLoad() {
        super.viewDidLoad()
        listView.headerTitle = "Settings"
        listView.frame = view.bounds
        listView.autoresizingMask = .flexibleSize
        listView.dataSource = self
        listView.selectedRow = entries.isEmpty ? nil : 0
        listView.onActivate = { [weak self] row in self?.activate(row: row) }
        view.addSubview(listView)
    }

    // MARK: Values

    /// The window's theme by its name in `themeNames`, or `customThemeName`; `nil` while the
    /// pane is in no window.
    public var themeName: String? {
        guard let theme = window?.theme else { return nil }
        return theme.name ?? Self.customThemeName
    }

    /// Whether transitions move (the window's `transitionDuration` is above 0); `nil` while the
    /// pane is in no window.
    public var isMotionOn: Bool? { window.map { $0.transitionDuration > 0 } }

    /// What row `row` shows: the entry's title, then its setting's value when it has one and
    /// the pane is in a window ("Theme: dark").
    public func text(forRow row: Int) -> String {
        let entry = entries[row]
        let value: String?
        switch entry.setting {
        case .theme: value = themeName
        case .motion:
            // Reduced motion (SHOJI_ANIMATIONS=none) stops every animation, whatever the duration.
            let allowed = window?.animationsAllowed ?? View.areAnimationsEnabled
            value = isMotionOn.map { $0 ? (allowed ? "on" : "reduced") : "off" }
        case .about: value = nil
        }
        return value.map { "\(entry.title): \($0)" } ?? entry.title
    }

    // MARK: Changing

    /// Changes the setting of row `row` as Enter or a click on it does (see the type's
    /// guarantees); does nothing for a row out of range or while the pane is in no window.
    public func activate(row: Int) {
        guard entries.indices.contains(row), let window else { return }
        switch entries[row].setting {
        case .theme:
            window.theme = Self.theme(after: window.theme)
        case .motion:
            window.transitionDuration = window.transitionDuration > 0 ? 0 : motionDuration
            // Nothing else redraws for a duration (a theme change redraws everything).
            listView.setNeedsDisplay()
        case .about:
            present(AboutSheet(text: Self.aboutText), animated: true)
        }
    }

    /// The preset after `theme` in `themeNames`, wrapping around (after a theme that is none
    /// of them, the first): what the `theme` row and the command palette's "Cycle theme" set.
    public static func theme(after theme: Theme) -> Theme {
        let current = themeNames.firstIndex { Theme.named($0) == theme }
        let next = current.map { ($0 + 1) % themeNames.count } ?? 0
        return Theme.named(themeNames[next]) ?? .standard
    }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { entries.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String { text(forRow: row) }
}
