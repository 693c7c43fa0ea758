import Testing

@testable import Shoji
@testable import ShojiTesting

/// The key help: F1 (or `?` outside text input) shows the keys active now, F1 or Escape
/// closes it.
@MainActor
struct KeyHelpTests {
    static let heading = "Keys (F1 or Escape closes)"

    func app(_ root: ViewController, size: Size = Size(width: 70, height: 24)) -> Pilot {
        let pilot = Pilot(Application(rootViewController: root), size: size)
        pilot.settle()
        return pilot
    }

    func deepNavigation() -> NavigationController {
        let navigation = NavigationController(rootViewController: MenuPane("Root"))
        navigation.pushViewController(MenuPane("Deep"), animated: false)
        return navigation
    }

    @Test func f1ShowsTheActiveKeysAndF1ClosesThem() throws {
        let menu = try SideMenuController(viewControllers: [deepNavigation()], menuTitles: ["One"])
        let pilot = app(menu)
        #expect(!pilot.text.contains(Self.heading))
        pilot.press(.function(1))
        pilot.settle()
        for text in [Self.heading, "Navigation", "Back", "Esc", "Side menu", "F2, m", "Show or hide the menu", "Quit"] {
            #expect(pilot.text.contains(text), "\(text) is listed")
        }
        let navigation = try #require(pilot.position(of: "Navigation"))
        let sideMenu = try #require(pilot.position(of: "Side menu"))
        #expect(navigation.y < sideMenu.y, "innermost first")
        pilot.press(.function(1))
        pilot.settle()
        #expect(!pilot.text.contains(Self.heading))
        #expect(pilot.text.contains("Deep content"), "the screen under it is back")
    }

    @Test func questionMarkOpensItAndEscapeClosesIt() {
        let pilot = app(deepNavigation())
        pilot.press(.character("?"))
        pilot.settle()
        #expect(pilot.text.contains(Self.heading))
        pilot.press(.escape)
        pilot.settle()
        #expect(!pilot.text.contains(Self.heading))
        #expect(pilot.text.contains("Deep content"), "Escape closed the help, it did not go back")
    }

    @Test func itListsWhatIsActiveWhenItOpens() {
        let navigation = NavigationController(rootViewController: MenuPane("Root"))
        let pilot = app(navigation)
        pilot.press(.function(1))
        pilot.settle()
        #expect(pilot.text.contains("Quit") && !pilot.text.contains("Back"), "nothing to go back to at the root")
    }

    @Test func aQuestionMarkTypedIntoAFieldIsTextAndF1StillHelps() {
        let form = FormPane()
        let pilot = app(form)
        pilot.window.makeFirstResponder(form.field)
        pilot.type("why?")
        pilot.settle()
        #expect(form.field.text == "why?" && !pilot.text.contains(Self.heading))
        pilot.press(.function(1))
        pilot.settle()
        #expect(pilot.text.contains(Self.heading))
    }

    /// F1 in a text field lists its editing keys with their titles (issue 31: it listed only
    /// Alt-V), and they are what the keys do.
    @Test func f1InATextFieldListsItsEditingKeys() {
        let form = FormPane()
        let pilot = app(form, size: Size(width: 70, height: 40))
        pilot.window.makeFirstResponder(form.field)
        pilot.type("one two")
        let titles = pilot.window.activeKeyBindings().first?.bindings.map(\.title) ?? []
        for title in [
            "Back a character", "Forward a character", "Back a word", "Forward a word", "To the line's start",
            "To the line's end", "Delete back", "Delete forward", "Cut to the line's end", "Cut to the line's start",
            "Cut back to a space", "Cut back a word", "Cut forward a word", "Paste what was cut", "Paste"
        ] {
            #expect(titles.contains(title), "\(title) is listed: \(titles)")
        }
        pilot.press(.function(1))
        pilot.settle()
        for text in ["Text field", "Ctrl-A", "To the line's start", "Ctrl-K", "Cut to the line's end", "Alt-B"] {
            #expect(pilot.text.contains(text), "\(text) shows in the key help:\n\(pilot.text)")
        }
        pilot.press(.function(1))
        pilot.settle()
        // What the help says the keys do, they do.
        pilot.press(.character("a"), modifiers: .ctrl)
        pilot.press(.character("k"), modifiers: .ctrl)
        #expect(form.field.text.isEmpty, "Ctrl-A then Ctrl-K cut the whole line")
        pilot.press(.character("y"), modifiers: .ctrl)
        pilot.press(.character("b"), modifiers: .alt)
        pilot.press(.character("w"), modifiers: .ctrl)
        #expect(form.field.text == "two", "yanked back, then Alt-B and Ctrl-W cut \"one \": \(form.field.text)")
    }

    @Test func titlesAreDrawnInertAndALongListScrolls() {
        let hostile = KeyBindings(
            title: "\u{1B}[2J evil",
            (1...30).map { KeyBinding(KeyCommand("c\($0)"), keys: [KeyEvent(.function($0))], title: "Do \($0)") })
        let root = MenuPane("Root")
        let pilot = app(root, size: Size(width: 40, height: 12))
        root.present(KeyHelpController(groups: [hostile]), animated: false)
        pilot.settle()
        #expect(pilot.text.contains("^[[2J evil"))
        #expect(pilot.text.contains("Do 1") && !pilot.text.contains("Do 30"))
        pilot.press(.end)
        #expect(pilot.text.contains("Do 30") && !pilot.text.contains("Do 1 "))
        pilot.press(.home)
        #expect(pilot.text.contains("Do 1"))
    }

    /// A list inside a scroll view: both bind the arrows and the page keys. Each key is listed
    /// once, under the innermost responder that takes it (the list); the scroll view keeps only
    /// the keys nothing inside takes (Left, Right, Space).
    @Test func aKeyIsListedOnlyUnderTheInnermostResponderThatTakesIt() throws {
        let scene = ListInScrollView()
        let pilot = app(HostController([scene.scrollView]), size: Size(width: 70, height: 40))
        pilot.window.makeFirstResponder(scene.list)
        pilot.press(.function(1))
        pilot.settle()
        let help = try #require(pilot.window.rootViewController?.presentedViewController as? KeyHelpController)
        let listed = help.groups.flatMap { group in group.bindings.flatMap { $0.keys.map { ($0, group.title) } } }
        for key in Set(listed.map(\.0)) {
            #expect(listed.filter { $0.0 == key }.count == 1, "\(key.displayName) listed under one group only")
        }
        let scrolling = try #require(help.groups.first { $0.title == "Scrolling" })
        #expect(scrolling.keys(for: .pageDown) == [KeyEvent(.character(" "))], "PageDown is the list's")
        #expect(scrolling[.moveDown] == nil && scrolling.keys(for: .moveRight) == [KeyEvent(.right)])
        #expect(help.groups.first { $0.title == "List" }?.keys(for: .pageDown) == [KeyEvent(.pageDown)])
        let rows = pilot.lines.filter { $0.contains("Page down") }
        #expect(rows.count == 2 && rows.contains { $0.contains("Space") && !$0.contains("PgDn") }, "\(rows)")
        withExtendedLifetime(scene) {}
    }

    @Test func keyListsShortenLongRuns() {
        #expect(KeyHelpController.keyList([KeyEvent(.function(2)), KeyEvent(.character("m"))]) == "F2, m")
        let digits = (1...9).map { KeyEvent(.character(Character(String($0))), modifiers: .alt) }
        #expect(KeyHelpController.keyList(digits) == "Alt-1…Alt-9")
        #expect(KeyHelpController.keyList([.ctrl("c"), KeyEvent(.tab, modifiers: .shift)]) == "Ctrl-C, Shift-Tab")
    }
}
