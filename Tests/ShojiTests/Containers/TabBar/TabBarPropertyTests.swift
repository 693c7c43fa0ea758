import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what a user and an app do to a tab bar controller (keys, clicks,
/// selections in and out of range, replacing and removing tabs, pushes and pops inside
/// navigation tabs, item changes, resizes, styles, time), alone or inside a side menu,
/// checked after every step: the lifecycle rules hold; once nothing moves, the tabs are the
/// children, exactly the selected tab is shown and the bar shows it.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter TabBarPropertyTests`.
@MainActor
struct TabBarPropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the tab bar controller (and the side menu around it); the user's
    /// keys and clicks, resizes and time are the shared steps.
    enum Action: CustomStringConvertible {
        case select(Int, animated: Bool)
        case setTabs(keep: [Int], add: Int, animated: Bool)
        case removeSelected(animated: Bool)
        case push(animated: Bool)
        case pop(animated: Bool)
        case item(Int, title: String?, badge: String?)
        case style(TransitionStyle)
        case position(TabBarPosition)
        case sideMenu(Int)
        case moveAway(Int)

        var description: String {
            switch self {
            case .select(let index, let animated): return "select \(index) animated \(animated)"
            case .setTabs(let keep, let add, let animated):
                return "setTabs keep \(keep) add \(add) animated \(animated)"
            case .removeSelected(let animated): return "removeSelected animated \(animated)"
            case .push(let animated): return "push animated \(animated)"
            case .pop(let animated): return "pop animated \(animated)"
            case .item(let index, let title, let badge):
                return "item \(index) title \(title ?? "nil") badge \(badge ?? "nil")"
            case .style(let style): return "style \(style)"
            case .position(let position): return "position \(position)"
            case .sideMenu(let index): return "side menu \(index)"
            case .moveAway(let index): return "move tab \(index) away"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        let keys: [KeyEvent] = [
            KeyEvent(.pageDown, modifiers: .ctrl), KeyEvent(.pageUp, modifiers: .ctrl),
            KeyEvent(.character("1"), modifiers: .alt),
            KeyEvent(.character("3"), modifiers: .alt), KeyEvent(.character("7"), modifiers: .alt), KeyEvent(.left),
            KeyEvent(.right), KeyEvent(.tab), KeyEvent(.escape), KeyEvent(.enter), KeyEvent(.function(2))
        ]
        let styles: [TransitionStyle] = [
            .none, .push(from: .right), .fade, .cover(from: .bottom), .slide(from: .left)
        ]
        switch Int.random(in: 0..<20, using: &rng) {
        case 0, 1, 2, 3: return .key(keys.randomElement(using: &rng)!)
        case 4, 5: return .app(.select(Int.random(in: -1...6, using: &rng), animated: Bool.random(using: &rng)))
        case 6:
            let keep = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0..<6, using: &rng) }
            return .app(
                .setTabs(keep: keep, add: Int.random(in: 0...2, using: &rng), animated: Bool.random(using: &rng)))
        case 7: return .app(.removeSelected(animated: Bool.random(using: &rng)))
        case 8: return .app(.push(animated: Bool.random(using: &rng)))
        case 9: return .app(.pop(animated: Bool.random(using: &rng)))
        case 10:
            let titles: [String?] = [nil, "A", "日本語のタブ", "\u{1B}[31mred", String(repeating: "long ", count: 12)]
            return .app(
                .item(
                    Int.random(in: 0..<6, using: &rng), title: titles.randomElement(using: &rng)!,
                    badge: [nil, "1", "99+"].randomElement(using: &rng)!))
        case 11: return .app(.style(styles.randomElement(using: &rng)!))
        case 12: return .app(.position(Bool.random(using: &rng) ? .top : .bottom))
        case 13:
            return .resize(
                Size(width: Int.random(in: 0...90, using: &rng), height: Int.random(in: 0...20, using: &rng)))
        case 14, 15:
            return .click(Point(x: Int.random(in: 0..<90, using: &rng), y: Int.random(in: 0..<20, using: &rng)))
        case 16: return .app(.sideMenu(Int.random(in: 0...2, using: &rng)))
        case 17: return .app(.moveAway(Int.random(in: 0..<6, using: &rng)))
        default: return .wait([0, 0.01, 0.05, 0.1, 0.2, 0.5, 1].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` on a fresh tab bar controller (inside a side menu when the seed says so);
    /// returns the first problem, with the step number.
    static func firstFailure(seed: UInt64, steps: [Step]) throws -> (step: Int, problem: String)? {
        var rng = SeededGenerator(seed: seed)
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        var made = 0
        func makeTab() -> ViewController {
            made += 1
            let pane = TabPane(
                "Tab \(made)", symbol: made % 3 == 0 ? nil : "✉", badge: made % 4 == 0 ? "\(made)" : nil,
                button: made % 2 == 0)
            return made % 3 == 1 ? NavigationController(rootViewController: pane) : pane
        }
        let controller = TabBarController(
            viewControllers: (0..<Int.random(in: 0...4, using: &rng)).map { _ in makeTab() })
        let nested = Bool.random(using: &rng)
        let menu = nested ? try SideMenuController(viewControllers: [controller, TabPane("Other")]) : nil
        let window = Window(rootViewController: menu ?? controller)
        let pilot = Pilot(window, size: Size(width: 60, height: 12))
        let elsewhere = TabPane("Elsewhere")
        var movedAway: [ViewController] = []
        var pushed = 0

        for (index, step) in steps.enumerated() {
            let tabs = controller.viewControllers
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case .app(.select(let target, let animated)): try? controller.setSelectedIndex(target, animated: animated)
            case .app(.setTabs(let keep, let add, let animated)):
                let kept = keep.compactMap { tabs.indices.contains($0) ? tabs[$0] : nil }
                controller.setViewControllers(kept + (0..<add).map { _ in makeTab() }, animated: animated)
            case .app(.removeSelected(let animated)):
                if let selected = controller.selectedViewController {
                    controller.setViewControllers(tabs.filter { $0 !== selected }, animated: animated)
                }
            case .app(.push(let animated)):
                if let navigation = controller.selectedViewController as? NavigationController,
                    navigation.viewControllers.count < 4
                {
                    pushed += 1
                    navigation.pushViewController(
                        TabPane("Pushed \(pushed)", button: pushed % 2 == 0), animated: animated)
                }
            case .app(.pop(let animated)):
                _ = (controller.selectedViewController as? NavigationController)?.popViewController(animated: animated)
            case .app(.item(let target, let title, let badge)):
                if tabs.indices.contains(target) {
                    let item = TabBarController.displayedItem(for: tabs[target])
                    item.title = title
                    item.badgeValue = badge
                }
            case .app(.style(let style)): controller.switchStyle = style
            case .app(.position(let position)): controller.tabBarPosition = position
            case .app(.sideMenu(let target)):
                if let menu { try? menu.setSelectedIndex(target, animated: true) }
            case .app(.moveAway(let target)):
                // Another container takes a tab (UIKit's `addChild` removes it from us first),
                // also while changes play or wait (those waiting must leave it there), but not
                // one in the middle of its own move (that breaks its UIKit sequence whoever
                // takes it).
                let movable = controller.children.filter { checker.states[$0.debugIdentifier]?.pendingMove == nil }
                if !movable.isEmpty {
                    let tab = movable[target % movable.count]
                    elsewhere.addChild(tab)
                    tab.didMove(toParent: elsewhere)
                    movedAway.append(tab)
                }
            }
            // The later move wins: no tabs asked for take a moved tab back.
            if let back = movedAway.first(where: { $0.parent !== elsewhere }) {
                return (index, "\(back.debugIdentifier), moved to another parent, was taken back")
            }
            let problems = checker.consume(recorder.takeEvents())
            if let problem = problems.first { return (index, problem.description) }
            if pilot.window.hierarchyChangesDuringLayout > 0 {
                return (index, "layout changed the controller hierarchy")
            }
            if !pilot.loop.isTicking, !controller.isTransitioning, !(menu?.isTransitioning ?? false) {
                pilot.advance(by: 0.02)  // a layout pass: the bar and a lost selection catch up
                checker.consume(recorder.takeEvents())
                if let problem = (checker.violations + checker.settledViolations()).first {
                    return (index, problem.description)
                }
                if let problem = settledProblems(controller, pilot: pilot, others: [elsewhere]).first {
                    return (index, problem)
                }
            }
        }
        pilot.settle()
        pilot.settle()
        pilot.advance(by: 0.1)
        checker.consume(recorder.takeEvents())
        let problems =
            (checker.violations + checker.settledViolations()).map(\.description)
            + settledProblems(controller, pilot: pilot, others: [elsewhere])
        if let problem = problems.first { return (steps.count, problem) }
        return nil
    }

    static func settledProblems(_ controller: TabBarController, pilot: Pilot, others: [ViewController]) -> [String] {
        var problems = LifecycleChecker.treeViolations(window: pilot.window, others: others).map(\.description)
        let tabs = controller.viewControllers
        if !tabs.elementsEqual(controller.children, by: ===) {
            problems.append(
                "the tabs \(tabs.map(\.debugIdentifier)) are not the children \(controller.children.map(\.debugIdentifier))"
            )
        }
        let selected = controller.selectedViewController
        if tabs.isEmpty != (selected == nil) {
            problems.append("selection \(selected?.debugIdentifier ?? "nil") with \(tabs.count) tabs")
        }
        if let selected {
            if controller.selectedIndex != tabs.firstIndex(where: { $0 === selected }) {
                problems.append(
                    "selectedIndex \(String(describing: controller.selectedIndex)) does not match the selected tab")
            }
            if controller.viewIfLoaded?.window != nil, selected.viewIfLoaded?.superview?.superview !== controller.view {
                problems.append("the selected tab's view is not in the content area")
            }
            let phase = selected.appearancePhase
            if controller.appearancePhase == .didAppear, phase != .didAppear {
                problems.append("the selected tab is \(phase) in a shown tab bar controller")
            }
        }
        let shown = tabs.filter { $0.viewIfLoaded?.superview != nil }
        if shown.count > 1 || (shown.first.map { $0 !== selected } ?? false) {
            problems.append("views in the tree: \(shown.map(\.debugIdentifier)), expected only the selected tab's")
        }
        // Off screen a view is laid out when it comes back, before it is drawn.
        if controller.isViewLoaded, controller.view.window != nil {
            let size = controller.view.bounds.size
            let bar = controller.tabBar.frame
            if bar.height != 1 || bar.width != size.width {
                problems.append("the bar is \(bar) in a view of \(size)")
            }
            if controller.tabBar.items.count != tabs.count {
                problems.append("the bar shows \(controller.tabBar.items.count) items for \(tabs.count) tabs")
            }
            if let index = controller.selectedIndex, size.width > 0, size.height > 0,
                controller.tabBar.layout.slot(for: index) == nil
            {
                problems.append("the selected tab \(index) is not shown on the bar \(controller.tabBar.layout)")
            }
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheTabBarControllerConsistent() async {
        await PropertyRuns.check("Tab bar", step: { Self.randomStep(using: &$0) }) { sequence, _ in
            try Self.firstFailure(seed: sequence.seed, steps: sequence.steps)
        }
    }
}
