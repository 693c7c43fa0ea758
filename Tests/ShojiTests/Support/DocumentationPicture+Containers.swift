import Shoji
import ShojiTesting

/// The scenes of the containers' and controllers' pictures: each container with a few
/// children (`PicturePane`s) in the state that shows what it does (a side menu open, a dialog
/// over its screen), every transition run to its end.
extension DocumentationPicture {
    static let containers: [DocumentationPicture] = [
        navigationController, sideMenuController, tabBarController, overlayMenuController, overlayMenuView,
        placeholderViewController, splitViewController, stackController, alertController, keyHelpController,
        commandPaletteController
    ]

    static let navigationController = DocumentationPicture(
        typeName: "NavigationController", size: Size(width: 40, height: 8),
        caption:
            "A message pushed over the inbox: the bar (reverse video) has a back button to it and the message's items"
    ) { size in
        let inbox = PicturePane("Inbox", lines: ["Ada: Notes on the engine", "Grace: Compiler ready"])
        let message = PicturePane(
            "Message", top: 1,
            lines: [
                "From: Ada", "Subject: Notes on the engine", "", "The engine weaves algebraic patterns",
                "as the loom weaves flowers and leaves."
            ])
        message.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Reply")]
        let navigation = NavigationController(rootViewController: inbox)
        let pilot = Pilot(Window(rootViewController: navigation), size: size)
        navigation.pushViewController(message, animated: true)
        return PictureHost.settled(pilot)
    }

    static let sideMenuController = DocumentationPicture(
        typeName: "SideMenuController", size: Size(width: 40, height: 8),
        caption: "The menu open: the selected screen slid aside to show it, its first entry selected (reverse video)"
    ) { size in
        let screens = [
            PicturePane("Welcome", top: 1, lines: ["Hello!", "F2 opens the menu."]),
            PicturePane("Café", top: 1, lines: ["Espresso", "Cortado"]),
            PicturePane("Settings", top: 1, lines: ["Theme: light"])
        ]
        let menu = try SideMenuController(viewControllers: screens)
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        menu.setMenuVisible(true, animated: true)
        return PictureHost.settled(pilot)
    }

    static let tabBarController = DocumentationPicture(
        typeName: "TabBarController", size: Size(width: 40, height: 8),
        caption: "Three tabs, the second shown, with the tab bar (reverse video) at the bottom"
    ) { size in
        let tabs = [
            PicturePane("Inbox", symbol: "✉", lines: ["Ada: Notes on the engine"]),
            PicturePane("Calendar", symbol: "▦", lines: ["Today", "  10:00  Design review", "  14:30  Release 0.1"]),
            PicturePane("Contacts", symbol: "☺", lines: ["Ada Lovelace"])
        ]
        tabs[0].tabBarItem.badgeValue = "3"
        let tabBar = TabBarController(viewControllers: tabs)
        let pilot = Pilot(Window(rootViewController: tabBar), size: size)
        try tabBar.setSelectedIndex(1, animated: false)
        return PictureHost.settled(pilot)
    }

    /// Four children behind an open overlay menu, the second selected and dimmed under it.
    @MainActor
    private static func overlayMenu(size: Size) -> Pilot {
        let screens = [
            PicturePane("Mail", symbol: "✉", lines: ["Ada: Notes on the engine"]),
            PicturePane("Sunrise", symbol: "☼", lines: ["Sunrise 07:42", "Sunset 16:51"]),
            PicturePane("Forest", symbol: "♣", lines: ["Trails: 12"]),
            PicturePane("Ember", symbol: "♦", lines: ["Warm"])
        ]
        let overlay = OverlayMenuController(viewControllers: screens)
        overlay.selectedViewControllerIndex = 1
        let pilot = Pilot(Window(rootViewController: overlay), size: size)
        overlay.setMenuVisible(true, animated: true)
        return PictureHost.settled(pilot)
    }

    static let overlayMenuController = DocumentationPicture(
        typeName: "OverlayMenuController", size: Size(width: 60, height: 20),
        caption:
            "The menu open: the four children on a ring over the selected one (dimmed), whose entry is highlighted (reverse video)"
    ) { size in overlayMenu(size: size) }

    static let overlayMenuView = DocumentationPicture(
        typeName: "OverlayMenuView", size: Size(width: 40, height: 8),
        caption:
            "The overlay menu in a screen too small for a ring: a grid of entries, the selected one highlighted (reverse video)"
    ) { size in overlayMenu(size: size) }

    static let placeholderViewController = DocumentationPicture(
        typeName: "PlaceholderViewController", size: Size(width: 40, height: 8),
        caption:
            "A split screen: the subclass's list at the left, the selected fund's screen in its placeholder at the right"
    ) { size in
        let split = PictureSplit()
        let pilot = Pilot(Window(rootViewController: split), size: size)
        try split.setInsetViewController(
            PicturePane("Growth", top: 1, lines: ["Growth fund", "", "1 year    +8.2%", "5 years  +41.0%"]),
            transition: .push(from: .right), animated: true)
        return PictureHost.settled(pilot)
    }

    static let splitViewController = DocumentationPicture(
        typeName: "SplitViewController", size: Size(width: 40, height: 8),
        caption:
            "Mailboxes in the primary column, the inbox in the secondary, the divider (dim) dragged two columns right"
    ) { size in
        let mailboxes = PicturePane("Mailboxes", lines: ["Inbox", "Drafts", "Sent", "Archive"])
        let inbox = PicturePane("Inbox", lines: ["Ada: Notes on the engine", "Grace: Compiler ready"])
        let split = SplitViewController(primary: mailboxes, secondary: inbox)
        split.preferredPrimaryColumnWidth = 10
        let pilot = Pilot(Window(rootViewController: split), size: size)
        pilot.press(at: Point(x: 10, y: 2))
        pilot.drag(to: Point(x: 12, y: 2))
        pilot.release(at: Point(x: 12, y: 2))
        return PictureHost.settled(pilot)
    }

    static let stackController = DocumentationPicture(
        typeName: "StackController", size: Size(width: 40, height: 8),
        caption:
            "A bottom sheet pushed with a cover from the bottom: its view is not opaque, so the screen under it shows"
    ) { size in
        let home = PicturePane(
            "Inbox", lines: ["Ada: Notes on the engine", "Grace: Compiler ready", "Alan: Tea at four?"])
        let stack = StackController(rootViewController: home)
        let pilot = Pilot(Window(rootViewController: stack), size: size)
        stack.pushViewController(PictureSheet(), transition: .cover(from: .bottom), animated: true)
        return PictureHost.settled(pilot)
    }

    static let alertController = DocumentationPicture(
        typeName: "AlertController", size: Size(width: 40, height: 10),
        caption:
            "An alert over its presenter (dimmed): the focus on Cancel (reverse video), Delete destructive (red, underlined)"
    ) { size in
        let files = PicturePane("Files", top: 1, lines: ["notes.txt", "todo.txt", "recipes.md"])
        let pilot = Pilot(Window(rootViewController: files), size: size)
        let alert = AlertController(title: "Delete “notes.txt”?", message: "It cannot be undone.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        files.present(alert, animated: true)
        return PictureHost.settled(pilot)
    }

    static let keyHelpController = DocumentationPicture(
        typeName: "KeyHelpController", size: Size(width: 48, height: 16),
        caption: "The key help (F1) over a side menu's screen: the keys active now, innermost first"
    ) { size in
        let screens = [
            PicturePane("Welcome", top: 1, lines: ["Hello!"]), PicturePane("Settings", top: 1, lines: ["Theme: light"])
        ]
        let menu = try SideMenuController(viewControllers: screens)
        let pilot = Pilot(Application(rootViewController: menu), size: size)
        pilot.press(.function(1))
        return PictureHost.settled(pilot)
    }

    static let commandPaletteController = DocumentationPicture(
        typeName: "CommandPaletteController", size: Size(width: 56, height: 14),
        caption:
            "The command palette (Ctrl-P) over a side menu's screen, \"men\" typed: the matching commands, best first, their matched letters bold and underlined, their keys beside them"
    ) { size in
        let screens = [
            PicturePane("Welcome", top: 1, lines: ["Hello!"]), PicturePane("Settings", top: 1, lines: ["Theme: light"])
        ]
        let menu = try SideMenuController(viewControllers: screens)
        let app = Application(rootViewController: menu)
        app.paletteCommands = [PaletteCommand("Open the settings menu", group: "Help") {}]
        let pilot = Pilot(app, size: size)
        pilot.press(.character("p"), modifiers: .ctrl)
        pilot.settle()
        pilot.type("men")
        return PictureHost.settled(pilot)
    }
}
