import Testing

@testable import Shoji
@testable import ShojiTesting

/// Keys as data: a responder's table decides what a key does before `keyPressed`, an app can
/// rebind or empty it, and the window reports what is active now.
@MainActor
struct KeyBindingTests {
    static let shout = KeyCommand("shout")

    /// A screen that binds `s` to `shout` (when `canShout`) and logs what reaches it.
    final class Shouter: ViewController {
        var canShout = true
        var log: [String] = []

        override var defaultKeyBindings: KeyBindings {
            KeyBindings(
                title: "Shouter", [KeyBinding(KeyBindingTests.shout, keys: [KeyEvent(.character("s"))], title: "Shout")]
            )
        }
        override func canPerform(_ command: KeyCommand) -> Bool {
            command == KeyBindingTests.shout ? canShout : super.canPerform(command)
        }
        override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
            guard command == KeyBindingTests.shout else { return super.perform(command, key: key) }
            log.append("shout")
            return true
        }
        override func keyPressed(_ event: KeyEvent) -> Bool {
            log.append("key \(event.displayName)")
            return false
        }
    }

    @Test func aBoundKeyPerformsItsCommandAndAnUnboundOneGoesToKeyPressed() {
        let shouter = Shouter()
        let pilot = Pilot(Application(rootViewController: shouter, quitKeys: []))
        pilot.press(.character("s"))
        pilot.press(.character("x"))
        #expect(shouter.log == ["shout", "key x"])
    }

    @Test func aCommandThatCannotRunNowLeavesItsKeyToKeyPressedAndTheChain() {
        let shouter = Shouter()
        shouter.canShout = false
        shouter.keyBindings.setKeys([KeyEvent(.character("q"))], for: Self.shout)
        let pilot = Pilot(Application(rootViewController: shouter))
        pilot.press(.character("q"))
        #expect(shouter.log == ["key q"])
        #expect(!pilot.isRunning, "the key went on to the application, which quit")
    }

    @Test func rebindingAndUnbindingTakeEffectAtTheNextKey() {
        let shouter = Shouter()
        let pilot = Pilot(Application(rootViewController: shouter, quitKeys: []))
        shouter.keyBindings.setKeys([KeyEvent(.function(7))], for: Self.shout)
        pilot.press(.character("s"))
        pilot.press(.function(7))
        shouter.keyBindings.unbind(KeyEvent(.function(7)))
        pilot.press(.function(7))
        #expect(shouter.log == ["key s", "shout", "key F7"])
    }

    @Test func aTableKeepsOneBindingPerCommandWhereItStands() {
        var table = KeyBindings(
            title: "T",
            [
                KeyBinding(.goBack, keys: [KeyEvent(.escape)], title: "Back"),
                KeyBinding(.activate, keys: [KeyEvent(.enter)], title: "Open"),
                KeyBinding(.goBack, keys: [KeyEvent(.left, modifiers: .alt)], title: "Back again")
            ])
        #expect(table.bindings.map(\.title) == ["Back again", "Open"])
        #expect(table.binding(for: KeyEvent(.escape)) == nil)
        table.setKeys([KeyEvent(.enter), KeyEvent(.character(" "))], for: .activate)
        #expect(table.binding(for: KeyEvent(.character(" ")))?.command == .activate)
        table.setKeys([KeyEvent(.function(9))], for: KeyCommand("new"))
        #expect(table.bindings.map(\.command) == [.goBack, .activate, KeyCommand("new")])
        table.unbind(KeyEvent(.enter))
        #expect(table.keys(for: .activate) == [KeyEvent(.character(" "))])
    }

    /// A side menu around a navigation controller two screens deep, in an application.
    func deepMenu(content: ViewController = MenuPane("Deep")) throws -> (Pilot, Application) {
        let navigation = NavigationController(rootViewController: MenuPane("Root"))
        navigation.pushViewController(content, animated: false)
        let menu = try SideMenuController(viewControllers: [navigation], menuTitles: ["One"])
        let app = Application(rootViewController: menu)
        let pilot = Pilot(app, size: Size(width: 60, height: 20))
        pilot.settle()
        return (pilot, app)
    }

    @Test func theActiveBindingsAreListedInnermostFirstWithoutShadowedOrIdleOnes() throws {
        let (_, app) = try deepMenu()
        let groups = app.window.activeKeyBindings()
        let titles = groups.map(\.title)
        let navigation = try #require(titles.firstIndex(of: "Navigation"))
        let menu = try #require(titles.firstIndex(of: "Side menu"))
        #expect(navigation < menu && titles.suffix(2) == ["Window", "App"], "\(titles)")
        #expect(groups[navigation].keys(for: .goBack) == [KeyEvent(.escape), KeyEvent(.left, modifiers: .alt)])
        #expect(groups[menu][.closeMenu] == nil, "hiding a hidden menu is not active")
        #expect(groups[menu].keys(for: .toggleMenu) == [KeyEvent(.function(2)), KeyEvent(.character("m"))])
        #expect(groups.last?.keys(for: .quit) == [.ctrl("c"), KeyEvent(.character("q"))])
    }

    @Test func aKeyThatTypesTextIsNotListedNorPerformedAboveAFocusedTextField() throws {
        let form = FormPane()
        let (pilot, app) = try deepMenu(content: form)
        pilot.window.makeFirstResponder(form.field)
        let groups = app.window.activeKeyBindings()
        let listed = groups.flatMap(\.bindings).flatMap(\.keys)
        #expect(!listed.contains(KeyEvent(.character("m"))) && !listed.contains(KeyEvent(.character("q"))))
        #expect(!listed.contains(KeyEvent(.character("?"))))
        #expect(listed.contains(KeyEvent(.function(2))) && listed.contains(KeyEvent(.function(1))))
        pilot.type("mq?")
        #expect(form.field.text == "mq?" && pilot.isRunning)
    }
}
