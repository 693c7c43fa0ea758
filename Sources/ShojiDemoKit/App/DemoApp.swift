import Shoji

/// The demo app: the panes of a menu file in a window, in the root container that
/// `makeRootController` makes (the side menu, once it lands), with the lifecycle
/// journal that lifecycle panes show and the optional `--log` writer.
///
/// Guarantees:
/// - One pane per menu item, in file order, titled with the item's title, all created (and
///   observed by the journal and the log) before the window shows.
/// - Events go to the window first; a `q` nobody handled quits (`MainLoop.stop()`), and an
///   unhandled Ctrl-C is left to the toolkit's default quit.
/// - Keeps the journal and the log writer alive as long as the app.
@MainActor
public final class DemoApp: MainLoopDelegate {
    public let window: Window
    public let menu: MenuFile
    public let options: DemoOptions
    /// Every controller's lifecycle events, for lifecycle panes.
    public let journal: LifecycleJournal
    /// One per menu item, in order.
    public let panes: [ViewController]
    /// Writes the `--log` file, when asked for.
    public let logWriter: LifecycleLogWriter?

    /// Builds the app; `seconds()` stamps journal entries (seconds since the demo started).
    /// Starts `logWriter` (if any) before any pane exists, so the log has every event.
    public init(menu: MenuFile, options: DemoOptions, seconds: @escaping @MainActor () -> Double,
                logWriter: LifecycleLogWriter? = nil) {
        self.menu = menu
        self.options = options
        self.logWriter = logWriter
        logWriter?.start()
        journal = LifecycleJournal(seconds: seconds)
        journal.start()
        let factory = PaneFactory(journal: journal, animates: options.animates)
        panes = menu.items.map(factory.makePane)
        window = Window(rootViewController: Self.makeRootController(menu: menu, panes: panes, options: options))
    }

    /// The window's root: the container that shows the panes.
    static func makeRootController(menu: MenuFile, panes: [ViewController], options: DemoOptions) -> ViewController {
        // ── INTEGRATION POINT (issue 5: SideMenuController) ─────────────────────────────────
        // Replace the placeholder below with the side menu, configured from the options:
        //   let sideMenu = SideMenuController(viewControllers: panes,
        //                                     menuTitles: menu.items.map(\.title))
        //   sideMenu.title = menu.title
        //   sideMenu.exposedWidth = options.exposedWidth
        //   sideMenu.animationDuration = options.animationDuration   // 0 with --no-animation
        //   return sideMenu
        // and delete PlaceholderRootController.swift.
        let placeholder = PlaceholderRootController(content: panes[0])
        placeholder.title = menu.title
        return placeholder
    }

    public func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        if window.mainLoop(loop, handle: event) { return true }
        if case .key(let key) = event, key == KeyEvent(.character("q")) {
            loop.stop()
            return true
        }
        return false
    }

    public func mainLoop(_ loop: MainLoop, didResizeTo size: Size) {
        window.mainLoop(loop, didResizeTo: size)
    }

    public func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        window.mainLoop(loop, render: &surface)
    }
}
