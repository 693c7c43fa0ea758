import Shoji

/// The demo app: the panes of a menu file in a window, under a `SideMenuController` (which
/// wraps each pane in a `NavigationController` with a "Menu" bar button), with the lifecycle
/// journal that lifecycle panes show and the optional `--log` writer.
///
/// Guarantees:
/// - One pane per menu item, in file order, titled with the item's title, all created (and
///   observed by the journal and the log) before the window shows.
/// - With `right-items` in the menu file, a `SettingsPane` of them is the side menu's right
///   menu (F3, `M`, or a drag of the pane to the left), created before the window shows too;
///   without, there is no right menu.
/// - It is an `Application`: events go to the window first; a `q` nobody handled quits, and so
///   does an unhandled Ctrl-C; F1 (or `?`) lists the keys active now; Ctrl-P opens the command
///   palette, with the demo's own commands ("Cycle theme", "Open About") after the active
///   keys'; `run()` starts it on the terminal at `--fps`, on the whole screen or, with
///   `--inline N`, in N rows below the prompt.
/// - Keeps the journal and the log writer alive as long as the app.
@MainActor
public final class DemoApp: Application {
    public let menu: MenuFile
    public let options: DemoOptions
    /// Every controller's lifecycle events, for lifecycle panes.
    public let journal: LifecycleJournal
    /// One per menu item, in order (as made: the side menu shows each in a navigation
    /// controller).
    public let panes: [ViewController]
    /// The window's root.
    public let sideMenu: SideMenuController
    /// The side menu's right menu: the menu file's `right-items`; `nil` without them.
    public let settingsPane: SettingsPane?
    /// What the about sheet says when the command palette's "Open About" opens it.
    public static let paletteAboutText =
        "Shoji's demo: view controllers in the terminal. This sheet came from the command palette (Ctrl-P)."
    /// Writes the `--log` file, when asked for.
    public let logWriter: LifecycleLogWriter?

    /// Builds the app; `seconds()` stamps journal entries (seconds since the demo started).
    /// Starts `logWriter` (if any) before any pane exists, so the log has every event. Throws
    /// what the side menu throws (never for a `MenuFile`, which has at least one item and a
    /// title per item); nothing is shown before `main` hands the app to a terminal session.
    /// Clock panes sleep on `clock` and show `timeOfDay()` (tests pass a `ManualClock`).
    public init(
        menu: MenuFile, options: DemoOptions, seconds: @escaping @MainActor () -> Double,
        logWriter: LifecycleLogWriter? = nil, clock: any Clock<Duration> = ContinuousClock(),
        timeOfDay: @escaping @MainActor () -> Double = LocalTime.secondsSinceMidnight
    ) throws(SideMenuError) {
        self.menu = menu
        self.options = options
        self.logWriter = logWriter
        logWriter?.start()
        journal = LifecycleJournal(seconds: seconds)
        let factory = PaneFactory(journal: journal, clock: clock, timeOfDay: timeOfDay)
        panes = menu.items.map(factory.makePane)
        // This app's controllers only, from each pane's creation on (an SSH server runs many
        // apps in one process): the panes, then the side menu with everything it adds.
        for pane in panes { journal.start(observing: pane) }
        sideMenu = try SideMenuController(viewControllers: panes, menuTitles: menu.items.map(\.title))
        journal.start(observing: sideMenu)
        sideMenu.menuTitle = menu.title
        sideMenu.exposedWidth = options.exposedWidth
        sideMenu.dockingWidth = options.dockWidth
        // Motion turned back on takes --duration (the default duration after --duration 0).
        settingsPane =
            menu.rightItems.isEmpty
            ? nil : SettingsPane(entries: menu.rightItems, motionDuration: options.duration)
        sideMenu.rightMenuViewController = settingsPane
        let window = Window(rootViewController: sideMenu)
        // The app's one motion setting: every transition (open, close, replace, push, pop)
        // takes it; 0 with --no-animation.
        window.transitionDuration = options.animationDuration
        super.init(window: window, framesPerSecond: options.fps, presentation: options.presentation)
        paletteCommands = [
            PaletteCommand("Cycle theme", group: "Demo") { [unowned window] in
                window.theme = SettingsPane.theme(after: window.theme)
            },
            PaletteCommand("Open About", group: "Demo") { [unowned window] in
                window.topmostViewController?.present(AboutSheet(text: Self.paletteAboutText), animated: true)
            }
        ]
        if options.printSelection {
            runsInPipelines = true
            result = menu.items[sideMenu.selectedIndex].title
            sideMenu.delegate = self
        }
    }
}

extension DemoApp: SideMenuDelegate {
    /// With `--print-selection`, the entry now selected is what the demo prints when it quits.
    public func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int) {
        result = menu.items[index].title
    }
}
