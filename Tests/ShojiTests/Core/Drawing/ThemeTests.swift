import Testing
import Shoji
import ShojiTesting

/// `Theme` and `tintColor`: one focus look on every focusable view, the tint inherited down
/// the tree, a new theme shown at the next frame, and every preset readable without colour.
@MainActor
struct ThemeTests {
    /// A row of focusable views and a list, in a window of 40x6.
    @MainActor
    final class Gallery {
        let button = Button(title: "OK", frame: Rect(x: 0, y: 0, width: 6, height: 1))
        let toggle = Switch(frame: Rect(x: 8, y: 0, width: 7, height: 1))
        let field = TextField(frame: Rect(x: 17, y: 0, width: 6, height: 1))
        let disabled = Button(title: "No", frame: Rect(x: 25, y: 0, width: 6, height: 1))
        let list = ListView(frame: Rect(x: 0, y: 2, width: 20, height: 3))
        let source = StaticRows(["One", "Two", "Three"])
        let pilot: Pilot

        init(theme: Theme = .standard) {
            disabled.isEnabled = false
            list.dataSource = source
            list.selectedRow = 1
            pilot = ShojiTests.pilot(showing: button, toggle, field, disabled, list, size: Size(width: 40, height: 6))
            pilot.window.theme = theme
            pilot.advance(by: 0.1)
        }

        func style(_ x: Int, _ y: Int) -> Style { pilot.screen.lastFrame![x, y].style }

        /// Moves focus to `view` by Tab, the way a user does.
        func focus(_ view: View) {
            for _ in 0..<6 where !view.isFocused { pilot.press(.tab) }
            pilot.advance(by: 0.1)
        }
    }

    final class StaticRows: ListViewDataSource {
        let rows: [String]
        init(_ rows: [String]) { self.rows = rows }
        func numberOfRows(in listView: ListView) -> Int { rows.count }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { rows[row] }
    }

    @Test func focusShowsTheSameWayOnEveryFocusableView() {
        let gallery = Gallery(theme: .dark)
        let focusReverse = Style(attributes: .reverse, foreground: .brightCyan)
        gallery.focus(gallery.button)
        #expect(gallery.style(2, 0) == focusReverse, "a focused button: reverse in the tint")
        gallery.focus(gallery.toggle)
        #expect(gallery.style(9, 0).attributes.contains(.reverse) && gallery.style(9, 0).foreground == .brightCyan)
        #expect(!gallery.style(2, 0).attributes.contains(.reverse), "the button let go of focus")
        gallery.focus(gallery.field)
        #expect(gallery.style(18, 0) == Style(attributes: [.underline, .reverse], foreground: .brightCyan))
        gallery.focus(gallery.list)
        #expect(gallery.style(1, 3) == focusReverse, "the focused list's selected row")
        gallery.focus(gallery.button)
        #expect(gallery.style(1, 3) == Style(attributes: [.reverse, .dim]), "a list without focus: the inactive look")
    }

    @Test func aDisabledControlTakesTheThemesDisabledLook() {
        var theme = Theme.standard
        theme.disabled = .italic
        let gallery = Gallery(theme: theme)
        #expect(gallery.style(27, 0) == Style(attributes: .italic))
    }

    @Test func theTintIsInheritedAndTheNearestSetOneWins() {
        let gallery = Gallery(theme: .light)
        #expect(gallery.toggle.tintColor == .blue, "from the theme")
        gallery.toggle.isOn = true
        gallery.pilot.advance(by: 0.1)
        #expect(gallery.style(10, 0).foreground == .blue, "a switch that is on is drawn in the tint")
        let root = gallery.toggle.superview!
        root.tintColor = .magenta
        gallery.pilot.advance(by: 0.1)
        #expect(gallery.toggle.tintColor == .magenta && gallery.style(10, 0).foreground == .magenta)
        gallery.toggle.tintColor = .green
        root.tintColor = .red
        gallery.pilot.advance(by: 0.1)
        #expect(gallery.style(10, 0).foreground == .green, "its own tint wins over an ancestor's")
        gallery.toggle.tintColor = nil
        gallery.pilot.advance(by: 0.1)
        #expect(gallery.toggle.tintColor == .red && gallery.style(10, 0).foreground == .red, "nil inherits again")
    }

    @Test func settingATintTellsTheViewsThatInheritIt() {
        final class Watcher: View {
            var changes = 0
            override func tintColorDidChange() {
                super.tintColorDidChange()
                changes += 1
            }
        }
        let top = View(), inheriting = Watcher(), own = Watcher(), belowOwn = Watcher()
        top.addSubview(inheriting)
        top.addSubview(own)
        own.addSubview(belowOwn)
        own.tintColor = .green
        #expect(own.changes == 1 && belowOwn.changes == 1)
        top.tintColor = .blue
        #expect(inheriting.changes == 1, "inherits the new tint")
        #expect(own.changes == 1 && belowOwn.changes == 1, "keeps its own tint: not told")
    }

    @Test func aNewThemeShowsInTheNextFrameEverywhere() {
        let controller = ViewController()
        controller.title = "Inbox"
        controller.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Add")]
        let navigation = NavigationController(rootViewController: controller)
        let pilot = Pilot(Window(rootViewController: navigation), size: Size(width: 30, height: 4))
        pilot.settle()
        #expect(pilot.screen.lastFrame![0, 0].style == Style(attributes: .reverse))
        pilot.window.theme = .dark
        pilot.advance(by: 0.1)
        let bar = pilot.screen.lastFrame![0, 0].style
        #expect(bar == Style(attributes: .reverse, foreground: .blue), "the bar: \(bar)")
        #expect(
            pilot.screen.lastFrame![25, 0].style == Style(foreground: .brightCyan),
            "its focused item: reverse toggled off the bar, in the tint")
    }

    @Test func anAlertsDestructiveActionFollowsTheTheme() throws {
        let alert = AlertController(title: "Delete?", message: nil)
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        alert.addAction(AlertAction(title: "Keep", style: .cancel))
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 12))
        pilot.window.theme = .monochrome
        root.present(alert, animated: false)
        pilot.settle()
        let delete = try #require(pilot.position(of: "Delete ]"))
        #expect(pilot.screen.lastFrame![delete.x, delete.y].style.foreground == .default, "no colour")
        #expect(pilot.screen.lastFrame![delete.x, delete.y].style.attributes.isSuperset(of: [.underline, .bold]))
        pilot.window.theme = .standard
        pilot.settle()
        #expect(pilot.screen.lastFrame![delete.x, delete.y].style.foreground == .red, "the new theme's red")
    }

    /// The guarantee every preset makes: with the colours taken away (`NO_COLOR`), focus,
    /// an inactive selection and a disabled control still look different from the rest.
    @Test(arguments: Theme.presetNames)
    func everyPresetReadsWithoutColour(_ name: String) {
        let gallery = Gallery(theme: Theme.named(name)!)
        func attributes(_ x: Int, _ y: Int) -> TextAttributes { gallery.style(x, y).attributes }
        gallery.focus(gallery.button)
        let focusedButton = attributes(2, 0)
        gallery.focus(gallery.list)
        let unfocusedButton = attributes(2, 0), focusedRow = attributes(1, 3), plainRow = attributes(1, 2)
        gallery.focus(gallery.button)
        let inactiveRow = attributes(1, 3)
        #expect(focusedButton != unfocusedButton, "focus on a button")
        #expect(focusedRow != plainRow && inactiveRow != plainRow && inactiveRow != focusedRow, "a list's selection")
        #expect(attributes(27, 0) != unfocusedButton, "a disabled button")
        #expect(Theme.named(" \(name.uppercased()) ") == Theme.named(name))
    }

    /// High contrast: no state is shown by dimming, which lowers contrast.
    @Test func highContrastDimsNothing() {
        let gallery = Gallery(theme: .highContrast)
        var dimmed: [String] = []
        for focused in [gallery.button, gallery.list] as [View] {
            gallery.focus(focused)
            let frame = gallery.pilot.screen.lastFrame!
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width where frame[x, y].style.attributes.contains(.dim) {
                    dimmed.append("\(x),\(y)")
                }
            }
        }
        #expect(dimmed.isEmpty, "dim cells: \(dimmed.prefix(10))")
        #expect(Theme.named("High-Contrast") == .highContrast)
    }

    @Test func aThemeSaysWhichPresetItIs() {
        for name in Theme.presetNames { #expect(Theme.named(name)?.name == name) }
        var own = Theme.dark
        own.tintColor = .magenta
        #expect(own.name == nil, "changed: the app's own")
        #expect(Theme.named("none")?.name == "monochrome", "an alias says the preset's name")
    }

    @Test func unknownThemeNamesAreRefused() {
        #expect(Theme.named("solarized") == nil && Theme.named("") == nil)
        #expect(Theme.named("none") == .monochrome && Theme.named("default") == .standard)
    }
}
