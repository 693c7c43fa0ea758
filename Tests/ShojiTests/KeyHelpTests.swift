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

    @Test func keyListsShortenLongRuns() {
        #expect(KeyHelpController.keyList([KeyEvent(.function(2)), KeyEvent(.character("m"))]) == "F2, m")
        let digits = (1...9).map { KeyEvent(.character(Character(String($0))), modifiers: .alt) }
        #expect(KeyHelpController.keyList(digits) == "Alt-1…Alt-9")
        #expect(KeyHelpController.keyList([.ctrl("c"), KeyEvent(.tab, modifiers: .shift)]) == "Ctrl-C, Shift-Tab")
    }
}
