import Testing
@testable import Shoji
@testable import ShojiDemoKit
import ShojiTesting

/// Every pane of the demo, walked with Tab as a screen-reader user would: every element that
/// takes the focus says what it is.
@MainActor
struct DemoAccessibilityTests {
    @Test func everyFocusableElementOfEveryPaneHasALabel() throws {
        let app = try DemoApp(
            menu: try MenuFile.builtIn(), options: try DemoOptions.parse(["--no-animation"]), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 100, height: 30))
        pilot.settle()
        var unlabeled: [String] = []
        var seenInAll = 0
        for index in app.menu.items.indices {
            try app.sideMenu.setSelectedIndex(index, animated: false)
            pilot.settle()
            var seen: [ObjectIdentifier] = []
            for _ in 0..<40 {
                guard let view = pilot.window.firstResponder else { break }
                let id = ObjectIdentifier(view)
                if seen.contains(id) { break }
                seen.append(id)
                if (view.accessibilityLabel ?? "").isEmpty {
                    unlabeled.append("\(app.menu.items[index].title): \(type(of: view)) (\(view.accessibility.spoken))")
                }
                pilot.press(.tab)
                pilot.settle()
            }
            seenInAll += seen.count
        }
        #expect(seenInAll > app.menu.items.count, "the walk reached more than one element per pane")
        #expect(unlabeled.isEmpty, "\(unlabeled.joined(separator: "\n"))")
    }
}
