import Testing

@testable import Shoji
@testable import ShojiTesting

/// The command palette: Ctrl-P lists the commands active now with their keys, typing a few
/// letters finds one, Enter performs it once after the palette is gone, Escape closes it.
@MainActor
struct CommandPaletteTests {
    static let bump = KeyCommand("bump")
    static let reset = KeyCommand("reset")

    /// Two buttons and two commands of its own: "Bump the counter" (F5) and "Reset the
    /// counter" (F6, only while `canReset`); records where the focus was and whether a sheet
    /// was up when each performed.
    final class Counter: ViewController {
        let first = Button(title: "One", frame: Rect(x: 1, y: 1, width: 9, height: 1))
        let second = Button(title: "Two", frame: Rect(x: 1, y: 2, width: 9, height: 1))
        var canReset = false
        /// Per perform: the command, the focused view's title, whether a presentation was up.
        var performed: [(command: KeyCommand, focus: String?, presenting: Bool)] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(first)
            view.addSubview(second)
        }

        override var defaultKeyBindings: KeyBindings {
            KeyBindings(
                title: "Counter",
                [
                    KeyBinding(CommandPaletteTests.bump, keys: [KeyEvent(.function(5))], title: "Bump the counter"),
                    KeyBinding(CommandPaletteTests.reset, keys: [KeyEvent(.function(6))], title: "Reset the counter")
                ])
        }

        override func canPerform(_ command: KeyCommand) -> Bool {
            command == CommandPaletteTests.reset ? canReset : super.canPerform(command)
        }

        override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
            guard command == CommandPaletteTests.bump || command == CommandPaletteTests.reset else { return false }
            let focus = (view.window?.firstResponder as? Button)?.title
            performed.append((command, focus, presentedViewController != nil))
            return true
        }
    }

    func app(_ root: ViewController, size: Size = Size(width: 80, height: 24)) -> (Application, Pilot) {
        let app = Application(rootViewController: root)
        let pilot = Pilot(app, size: size)
        pilot.settle()
        return (app, pilot)
    }

    func openPalette(_ pilot: Pilot) -> CommandPaletteController? {
        pilot.press(.character("p"), modifiers: .ctrl)
        pilot.settle()
        return pilot.window.rootViewController?.presentedViewController as? CommandPaletteController
    }

    @Test func ctrlPListsTheFocusedChainsCommandsWithTheirKeys() throws {
        let navigation = NavigationController(rootViewController: MenuPane("Root"))
        navigation.pushViewController(MenuPane("Deep"), animated: false)
        let menu = try SideMenuController(viewControllers: [navigation], menuTitles: ["One"])
        let (_, pilot) = app(menu)
        let palette = try #require(openPalette(pilot))
        for text in [
            "Navigation: Back", "Esc", "Side menu: Show or hide the menu", "F2, m", "App: Quit", "Ctrl-C, q",
            "App: Keys", "F1, ?", "commands"
        ] {
            #expect(pilot.text.contains(text), "\(text) is listed:\n\(pilot.text)")
        }
        let back = try #require(pilot.position(of: "Navigation: Back"))
        let toggle = try #require(pilot.position(of: "Side menu: Show or hide"))
        #expect(back.y < toggle.y, "innermost first")
        let backRow = pilot.lines[back.y]
        #expect(backRow.contains("Esc"), "the key is on the command's row: \(backRow)")
        #expect(!palette.matches.contains { $0.command.title == "Commands" }, "the palette's own key is left out")
        // The commands are what the key help lists, in its order.
        let listed = palette.matches.map(\.command.displayText)
        #expect(listed.contains("Navigation: Back"), "\(listed)")
        #expect(listed.last == "App: Repaint the screen", "\(listed)")
    }

    @Test func typingAFewLettersFindsOneAndEnterPerformsItOnceAfterTheDismissal() throws {
        let counter = Counter()
        let (_, pilot) = app(counter)
        pilot.window.makeFirstResponder(counter.second)
        let palette = try #require(openPalette(pilot))
        pilot.type("bmp")
        pilot.settle()
        #expect(palette.matches.first?.command.title == "Bump the counter")
        #expect(palette.searchField.accessibilityValue == "bmp, 1 match")
        #expect(pilot.text.contains("1 match") && pilot.text.contains("F5"))
        #expect(counter.performed.isEmpty, "typing performs nothing")
        pilot.press(.enter)
        // The command runs only once the palette is gone, with the focus back where it was.
        stepFrames(pilot) {
            if !counter.performed.isEmpty {
                #expect(pilot.window.rootViewController?.presentedViewController == nil)
            }
        }
        pilot.settle()
        #expect(counter.performed.count == 1, "once: \(counter.performed.map(\.command))")
        #expect(counter.performed.first?.command == Self.bump)
        #expect(counter.performed.first?.focus == "Two", "the focus was back on the button it was on")
        #expect(counter.performed.first?.presenting == false)
        #expect(pilot.window.firstResponder === counter.second)
        #expect(!pilot.text.contains("Bump the counter"))
    }

    @Test func enterTwiceStillPerformsOnce() throws {
        let counter = Counter()
        let (_, pilot) = app(counter)
        let palette = try #require(openPalette(pilot))
        pilot.type("bump")
        palette.searchField.onReturn?(palette.searchField)
        palette.searchField.onReturn?(palette.searchField)
        pilot.settle()
        #expect(counter.performed.count == 1)
    }

    @Test func upAndDownChooseAndTheMatchedLettersAreSetApart() throws {
        let counter = Counter()
        counter.canReset = true
        let (_, pilot) = app(counter)
        let palette = try #require(openPalette(pilot))
        pilot.type("counter")
        pilot.settle()
        #expect(palette.matches.map(\.command.title) == ["Bump the counter", "Reset the counter"])
        // The matched letters of the selected row, "counter", are bold and underlined; the rest is not.
        let row = try #require(pilot.position(of: "Counter: Bump the counter"))
        let frame = try #require(pilot.screen.lastFrame)
        let offsets = palette.matches[0].match.offsets
        #expect(offsets.count == 7)
        for (offset, character) in "Counter: Bump the counter".enumerated() {
            let cell = frame[row.x + offset, row.y]
            #expect(cell.grapheme == String(character))
            let emphasized = cell.style.attributes.isSuperset(of: [.bold, .underline])
            #expect(emphasized == offsets.contains(offset), "\(character) at \(offset), matched at \(offsets)")
        }
        pilot.press(.down)
        #expect(palette.listView.accessibility.value == "Reset the counter, F6, Counter, 2 of 2")
        pilot.press(.enter)
        pilot.settle()
        #expect(counter.performed.map(\.command) == [Self.reset])
    }

    @Test func escapeClosesItAndTheFocusIsWhereItWas() throws {
        let counter = Counter()
        let (_, pilot) = app(counter)
        pilot.window.makeFirstResponder(counter.second)
        #expect(openPalette(pilot) != nil)
        #expect(pilot.window.firstResponder is TextField, "the field has the focus")
        pilot.type("bu")
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.rootViewController?.presentedViewController == nil)
        #expect(pilot.window.firstResponder === counter.second)
        #expect(counter.performed.isEmpty)
        // Ctrl-P again closes it as well.
        #expect(openPalette(pilot) != nil)
        pilot.press(.character("p"), modifiers: .ctrl)
        pilot.settle()
        #expect(pilot.window.rootViewController?.presentedViewController == nil)
    }

    @Test func disabledCommandsAreNotListed() throws {
        let counter = Counter()
        let (app, pilot) = app(counter)
        app.paletteCommands = [
            PaletteCommand("Hidden thing", isEnabled: { false }) {},
            PaletteCommand("Shown thing") {}
        ]
        let palette = try #require(openPalette(pilot))
        let titles = palette.commands.map(\.title)
        #expect(titles.contains("Bump the counter") && !titles.contains("Reset the counter"), "\(titles)")
        #expect(titles.contains("Shown thing") && !titles.contains("Hidden thing"))
        #expect(!pilot.text.contains("Reset the counter") && pilot.text.contains("Commands: Shown thing"))
    }

    @Test func anAppCommandIsFoundAndPerformed() throws {
        let counter = Counter()
        let (app, pilot) = app(counter)
        var opened = 0
        app.paletteCommands = [PaletteCommand("Open About", group: "Demo") { opened += 1 }]
        _ = try #require(openPalette(pilot))
        pilot.type("about")
        pilot.press(.enter)
        pilot.settle()
        #expect(opened == 1)
    }

    @Test func aBindingWhoseKeysEachActIsOneCommandPerKey() throws {
        let tabs = ["One", "Two", "Three"].map { title in
            let tab = ViewController()
            tab.title = title
            return tab
        }
        let tabBar = TabBarController(viewControllers: tabs)
        let (_, pilot) = app(tabBar)
        let palette = try #require(openPalette(pilot))
        let numbered = palette.matches.map(\.command).filter { $0.title.hasPrefix("Tab by number") }
        #expect(numbered.map(\.title) == (1...9).map { "Tab by number (Alt-\($0))" })
        #expect(numbered.map(\.keys) == (1...9).map { [KeyEvent(.character(Character(String($0))), modifiers: .alt)] })
        pilot.type("alt-3")
        #expect(palette.matches.first?.command.title == "Tab by number (Alt-3)")
        pilot.press(.enter)
        pilot.settle()
        #expect(tabBar.selectedIndex == 2, "the third tab, as Alt-3 selects it")
    }

    @Test func noMatchListsNothingAndEnterDoesNothing() throws {
        let counter = Counter()
        let (_, pilot) = app(counter)
        let palette = try #require(openPalette(pilot))
        pilot.type("zzzz")
        pilot.settle()
        #expect(palette.matches.isEmpty && pilot.text.contains("0 matches"))
        pilot.press(.enter)
        pilot.press(.down)
        pilot.settle()
        #expect(counter.performed.isEmpty && pilot.window.rootViewController?.presentedViewController === palette)
    }

    @Test func ctrlPCanBeRebound() throws {
        let counter = Counter()
        let (app, pilot) = app(counter)
        app.keyBindings.setKeys([.ctrl("k")], for: .toggleCommandPalette)
        #expect(openPalette(pilot) == nil, "Ctrl-P does nothing now")
        pilot.press(.character("k"), modifiers: .ctrl)
        pilot.settle()
        #expect(pilot.window.rootViewController?.presentedViewController is CommandPaletteController)
        pilot.press(.escape)
        pilot.settle()
        pilot.press(.function(1))
        pilot.settle()
        #expect(pilot.lines.contains { $0.contains("Ctrl-K") && $0.contains("Commands") }, "F1 lists the new key")
    }

    /// A focused view that binds Ctrl-P itself keeps it: the palette's key is the app's, the
    /// last responder.
    @Test func aResponderThatBindsCtrlPKeepsIt() throws {
        let counter = Counter()
        counter.keyBindings.setKeys([.ctrl("p")], for: Self.bump)
        let (_, pilot) = app(counter)
        #expect(openPalette(pilot) == nil)
        #expect(counter.performed.map(\.command) == [Self.bump])
    }

    /// In a text field, Ctrl-P types nothing and opens the palette, whose list holds the
    /// field's editing commands.
    @Test func ctrlPInATextFieldOpensThePalette() throws {
        let form = FormPane()
        let (_, pilot) = app(form)
        pilot.window.makeFirstResponder(form.field)
        pilot.type("ab")
        let palette = try #require(openPalette(pilot))
        #expect(form.field.text == "ab")
        #expect(palette.commands.contains { $0.displayText == "Text field: To the line's start" })
        pilot.type("line start")
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.window.firstResponder === form.field)
        pilot.type("X")
        #expect(form.field.text == "Xab", "the insertion point went to the line's start")
    }

    @Test func theLifecycleStaysBalanced() throws {
        let counter = Counter()
        let (app, pilot) = app(counter)
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        var events: [LifecycleEvent] = []
        func take() {
            let taken = recorder.takeEvents()
            events += taken
            checker.consume(taken)
            #expect(checker.violations.isEmpty)
        }
        app.toggleCommandPalette()
        stepFrames(pilot, take)
        let palette = try #require(counter.presentedViewController as? CommandPaletteController)
        pilot.type("bump")
        pilot.press(.enter)
        stepFrames(pilot, take)
        try checker.verify(window: pilot.window)
        let log = events.filter { $0.controllerID == palette.debugIdentifier }.map(\.call)
        #expect(log.filter { $0.hasPrefix("viewDidAppear") }.count == 1, "\(log)")
        #expect(log.last?.hasPrefix("viewDidDisappear") == true, "\(log)")
    }

    @Test func hostileTitlesAreDrawnInertInATinyWindow() throws {
        let counter = Counter()
        let (app, pilot) = app(counter, size: Size(width: 12, height: 4))
        app.paletteCommands = [
            PaletteCommand("\u{1B}[2J evil " + String(repeating: "長", count: 200), group: "\u{7}") {}
        ]
        _ = try #require(openPalette(pilot))
        #expect(!pilot.text.contains("\u{1B}"))
        pilot.type("evil")
        pilot.settle()
        pilot.resize(to: Size(width: 3, height: 2))
        pilot.settle()
        pilot.resize(to: Size(width: 40, height: 10))
        pilot.settle()
        #expect(pilot.text.contains("^[[2J evil"))
    }
}
