import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what a user and an app do to a side menu (toggle either menu, select, push, pop,
/// replace the children,
/// present a sheet or a full-screen controller from the shown pane or the topmost presented
/// one, dismiss, resize, click, press, drag and release the pane, let time pass), checked
/// after every step: the lifecycle rules
/// hold; once nothing moves, exactly one child is shown (none under a full-screen
/// presentation) and the menu state matches the pane position.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter SideMenuPropertyTests`.
@MainActor
struct SideMenuPropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the side menu; the user's keys and clicks, resizes and time are
    /// the shared steps.
    enum Action: CustomStringConvertible {
        case select(Int, animated: Bool)
        case toggle(animated: Bool)
        case toggleRight(animated: Bool)
        /// Takes the right menu away, or gives it one.
        case replaceRight
        /// Replaces all children (`setViewControllers`) with `count` of them: new panes and,
        /// picked by `keep`'s bits, some of the current ones (the selected one too), as they are
        /// or as their navigation controllers' roots.
        case replaceAll(count: Int, keep: Int)
        case push(animated: Bool)
        case pop(animated: Bool)
        case present(fullScreen: Bool, animated: Bool)
        case dismiss(fromPane: Bool, animated: Bool)
        /// Dismisses every presentation (the lowest one's presenter dismisses what it presented);
        /// not drawn at random, the example tests end with it.
        case dismissAll(animated: Bool)
        /// Presses the pane's bar and drags it `cells` columns (right when positive) in five
        /// motions 10 ms apart, as far as it goes, and holds it there; then `key`, if any, is
        /// pressed with the button still held (a menu key at full extent).
        case dragAndHold(cells: Int, key: KeyEvent?)
        /// Presses and motions read at once with no release between them (lost: let go outside
        /// the terminal), then `keys` Downs read at once behind them.
        case lostReleaseBurst([MouseEvent], keys: Int)

        var description: String {
            switch self {
            case .select(let index, let animated): return "select \(index) animated \(animated)"
            case .toggle(let animated): return "toggle animated \(animated)"
            case .toggleRight(let animated): return "toggle right animated \(animated)"
            case .replaceRight: return "replace the right menu"
            case .replaceAll(let count, let keep): return "replace all children with \(count), keep \(keep)"
            case .push(let animated): return "push animated \(animated)"
            case .pop(let animated): return "pop animated \(animated)"
            case .present(let fullScreen, let animated):
                return "present \(fullScreen ? "full screen" : "sheet") animated \(animated)"
            case .dismiss(let fromPane, let animated):
                return "dismiss from \(fromPane ? "the pane" : "the top") animated \(animated)"
            case .dismissAll(let animated): return "dismiss all animated \(animated)"
            case .dragAndHold(let cells, let key):
                return "drag the bar \(cells) and hold" + (key.map { ", then key \($0)" } ?? "")
            case .lostReleaseBurst(let mice, let keys):
                let reports = mice.map { "\($0.kind == .press(.left) ? "press" : "drag") \($0.position)" }
                return "burst [\(reports.joined(separator: ", "))] then \(keys) Downs"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        let keys: [KeyEvent] = [
            KeyEvent(.function(2)), KeyEvent(.character("m")), KeyEvent(.escape), KeyEvent(.down),
            KeyEvent(.up), KeyEvent(.enter), KeyEvent(.end), KeyEvent(.tab), KeyEvent(.function(3)),
            KeyEvent(.character("M"))
        ]
        func point() -> Point {
            Point(x: Int.random(in: 0..<80, using: &rng), y: Int.random(in: 0..<3, using: &rng))
        }
        switch Int.random(in: 0..<20, using: &rng) {
        case 0, 1: return .key(keys.randomElement(using: &rng)!)
        case 2: return .app(.select(Int.random(in: 0..<5, using: &rng), animated: Bool.random(using: &rng)))
        case 3: return .app(.toggle(animated: Bool.random(using: &rng)))
        case 4: return .app(.push(animated: Bool.random(using: &rng)))
        case 5: return .app(.pop(animated: Bool.random(using: &rng)))
        case 6:
            return .resize(
                Size(width: Int.random(in: 1...120, using: &rng), height: Int.random(in: 1...40, using: &rng)))
        case 7: return .click(Point(x: Int.random(in: 0..<80, using: &rng), y: Int.random(in: 0..<3, using: &rng)))
        case 8: return .app(.present(fullScreen: Bool.random(using: &rng), animated: Bool.random(using: &rng)))
        case 9: return .app(.dismiss(fromPane: Bool.random(using: &rng), animated: Bool.random(using: &rng)))
        case 10: return .mouseDown(point())
        case 11: return .mouseDrag(point())
        case 12: return .mouseUp(point())
        case 13: return .app(.toggleRight(animated: Bool.random(using: &rng)))
        case 14: return Int.random(in: 0..<4, using: &rng) == 0 ? .app(.replaceRight) : .key(KeyEvent(.function(3)))
        case 15:
            return .app(
                .replaceAll(count: Int.random(in: 1...4, using: &rng), keep: Int.random(in: 0..<256, using: &rng)))
        case 16:
            let cells = Int.random(in: 3...40, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let key = Int.random(in: 0..<3, using: &rng) == 0 ? nil : keys.randomElement(using: &rng)!
            return .app(.dragAndHold(cells: cells, key: key))
        case 17:
            let mice = (0..<Int.random(in: 2...16, using: &rng)).map { _ in
                MouseEvent(Bool.random(using: &rng) ? .press(.left) : .drag(.left), at: point())
            }
            return .app(.lostReleaseBurst(mice, keys: Int.random(in: 1...40, using: &rng)))
        default: return .wait([0, 0.01, 0.05, 0.15, 0.4, 1].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` on a fresh side menu; returns the first problem, with the step number.
    /// `settled` is called with the pilot and the menu once everything settled at the end.
    static func firstFailure(
        seed: UInt64, steps: [Step], settled: (Pilot, SideMenuController) -> Void = { _, _ in }
    ) throws -> (step: Int, problem: String)? {
        var rng = SeededGenerator(seed: seed)
        var count = Int.random(in: 1...4, using: &rng)
        let panes = (0..<count).map { MenuPane("Pane \($0)", leftItem: $0 % 2 == 1) }
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        // Most runs have a right menu (a list that takes focus).
        var rights = 0
        func rightMenu() -> ViewController {
            rights += 1
            return MenuPane("Right \(rights)")
        }
        if Int.random(in: 0..<4, using: &rng) > 0 { menu.rightMenuViewController = rightMenu() }
        // Half the runs dock the menu from a width the resizes cross.
        if Bool.random(using: &rng) { menu.dockingWidth = Int.random(in: 20...100, using: &rng) }
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 12))
        var pushed = 0
        var replacements = 0

        for (index, step) in steps.enumerated() {
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case .app(.select(let target, let animated)):
                try? menu.setSelectedIndex(target % (count + 1), animated: animated)
            case .app(.toggle(let animated)): menu.toggleMenu(animated: animated)
            case .app(.toggleRight(let animated)): menu.toggleRightMenu(animated: animated)
            case .app(.replaceRight):
                menu.rightMenuViewController = menu.rightMenuViewController == nil ? rightMenu() : nil
            case .app(.replaceAll(let newCount, let keep)):
                // Bit i of `keep` keeps current child i; bit i + 4 passes its navigation
                // controller's root instead (which `setViewControllers` wraps anew).
                let kept = menu.viewControllers.enumerated().filter { keep & (1 << $0.offset) != 0 }.map {
                    keep & (1 << ($0.offset + 4)) != 0
                        ? ($0.element as? NavigationController)?.viewControllers.first ?? $0.element : $0.element
                }
                replacements += 1
                let fresh = (0..<max(0, newCount - kept.count)).map {
                    MenuPane("Replaced \(replacements).\($0)", leftItem: $0 % 2 == 0)
                }
                let children = Array((kept + fresh).prefix(max(newCount, 1)))
                try? menu.setViewControllers(children)
                count = menu.viewControllers.count
            case .app(.push(let animated)):
                if let navigation = menu.selectedViewController as? NavigationController,
                    navigation.viewControllers.count < 4
                {
                    pushed += 1
                    navigation.pushViewController(MenuPane("Pushed \(pushed)"), animated: animated)
                }
            case .app(.pop(let animated)):
                _ = (menu.selectedViewController as? NavigationController)?.popViewController(animated: animated)
            case .app(.present(let fullScreen, let animated)):
                let presented = MenuPane("Presented \(index)")
                presented.modalPresentationStyle = fullScreen ? .fullScreen : .formSheet
                let presenter =
                    pilot.window.presentedViewControllers.last
                    ?? (menu.selectedViewController as? NavigationController)?.topViewController ?? menu
                presenter.present(presented, animated: animated)
            case .app(.dismiss(let fromPane, let animated)):
                let requester =
                    fromPane
                    ? (menu.selectedViewController as? NavigationController)?.topViewController ?? menu
                    : pilot.window.presentedViewControllers.last ?? menu
                requester.dismiss(animated: animated)
            case .app(.dismissAll(let animated)):
                pilot.window.presentedViewControllers.first?.presentingViewController?.dismiss(animated: animated)
            case .app(.dragAndHold(let cells, let key)):
                let start = Point(x: menu.paneView.frame.minX + menu.paneView.frame.width / 2, y: 0)
                pilot.press(at: start)
                for step in 1...5 {
                    pilot.advance(by: 0.01)
                    pilot.drag(to: Point(x: start.x + cells * step / 5, y: 0))
                }
                if let key { pilot.press(key) }
            case .app(.lostReleaseBurst(let mice, let keys)):
                for mouse in mice { pilot.deliver(.mouse(mouse)) }
                for _ in 0..<keys { pilot.deliver(.key(KeyEvent(.down))) }
            }
            let problems = checker.consume(recorder.takeEvents())
            if let problem = problems.first { return (index, problem.description) }
            if let drag = pilot.window.interactiveTransition, drag.isAbandoned, pilot.window.heldBackEventCount > 0 {
                return (index, "a drag gone still holds \(pilot.window.heldBackEventCount) events")
            }
            // With events waiting, what is due now runs first (the loop's next pass would): their
            // delivery may be.
            if pilot.window.heldBackEventCount > 0 { pilot.advance(by: 0) }
            if !pilot.loop.isTicking, !menu.isTransitioning, !pilot.window.isPresentationTransitioning,
                pilot.window.interactiveTransition == nil
            {
                if let problem = settledProblems(menu: menu, pilot: pilot, checker: checker).first {
                    return (index, problem)
                }
            }
        }
        // The user lets go at the end, so a drag under way ends.
        pilot.release(at: .zero)
        pilot.settle()
        settled(pilot, menu)
        checker.consume(recorder.takeEvents())
        if let problem =
            (checker.violations.map(\.description) + settledProblems(menu: menu, pilot: pilot, checker: checker)).first
        {
            return (steps.count, problem)
        }
        return nil
    }

    static func settledProblems(menu: SideMenuController, pilot: Pilot, checker: LifecycleChecker) -> [String] {
        var problems = (checker.settledViolations() + LifecycleChecker.treeViolations(window: pilot.window)).map(
            \.description)
        if pilot.window.heldBackEventCount > 0 {
            problems.append("\(pilot.window.heldBackEventCount) events wait with nothing moving")
        }
        if pilot.window.hierarchyChangesDuringLayout > 0 { problems.append("layout changed the controller hierarchy") }
        let children = [menu.selectedViewController] + (menu.rightMenuViewController.map { [$0] } ?? [])
        if Set(menu.children.map(ObjectIdentifier.init)) != Set(children.map(ObjectIdentifier.init))
            || menu.children.count != children.count
        {
            problems.append(
                "expected the selected child and the right menu, got \(menu.children.map(\.debugIdentifier))")
        }
        let right = menu.rightMenuViewController.map { [$0] } ?? []
        let shown = (menu.viewControllers + right).filter { $0.appearancePhase == .didAppear }
        let expectedShown = [menu.selectedViewController] + (menu.isRightMenuVisible ? right : [])
        if pilot.window.isRootCovered {
            if !shown.isEmpty {
                problems.append("under a full-screen presentation, yet shown: \(shown.map(\.debugIdentifier))")
            }
        } else if Set(shown.map(ObjectIdentifier.init)) != Set(expectedShown.map(ObjectIdentifier.init)) {
            problems.append(
                "expected \(expectedShown.map(\.debugIdentifier)) shown, got \(shown.map(\.debugIdentifier))")
        }
        if menu.isRightMenuVisible != (right.first?.viewIfLoaded?.superview === menu.view) {
            problems.append("the right menu's view is in the tree exactly while it shows")
        }
        let docks = menu.dockingWidth.map { menu.view.bounds.width >= $0 } ?? false
        if menu.isDocked != docks {
            problems.append(
                "docked \(menu.isDocked) at width \(menu.view.bounds.width), docking from \(menu.dockingWidth!)")
        }
        if menu.isDocked != (menu.menuPhases[.left] == .shown) && !menu.isMenuVisible {
            problems.append("the docked menu is shown exactly while docked: \(menu.menuPhases[.left]!)")
        }
        let x = menu.paneView.frame.minX
        let expected = menu.restingPaneX
        if x != expected {
            problems.append(
                "menu \(menu.visibleMenu.map { "\($0)" } ?? "closed") but the pane is at x = \(x), expected \(expected)"
            )
        }
        var size = menu.view.bounds.size
        if menu.isDocked { size.width -= menu.dockedPaneX }
        if menu.paneView.frame.size != size {
            problems.append("pane size \(menu.paneView.frame.size), expected \(size) (docked \(menu.isDocked))")
        }
        return problems
    }

    /// Sequences random runs once failed with (shrunk): a full-screen presentation covers the
    /// menu while the window resizes, so the menu's view leaves the window with its layout
    /// pending or its slide cut short in the middle of the presentation's completion. The pane
    /// stayed laid out for the old width ("open, x = 17, expected 24"), or stopped between its
    /// ends ("closed, x = 20"): a strip of menu beside the content once the modal went away.
    /// Each ends by dismissing everything, so the pane is checked again in the window.
    nonisolated static let resizesUnderAPresentation: [(seed: UInt64, steps: [Step])] = [
        (
            15_091_201_617_609_257_835,
            [
                .app(.present(fullScreen: false, animated: true)), .wait(0.05), .wait(0.15),
                .resize(Size(width: 20, height: 6)), .app(.present(fullScreen: true, animated: false)),
                .resize(Size(width: 104, height: 29)), .app(.toggle(animated: false)), .key(KeyEvent(.character("m"))),
                .click(Point(x: 16, y: 2)), .resize(Size(width: 3, height: 37)), .resize(Size(width: 10, height: 18))
            ]
        ),
        (
            7_407_709_616_046_989_511,
            [
                .resize(Size(width: 2, height: 10)), .app(.present(fullScreen: false, animated: true)),
                .app(.present(fullScreen: true, animated: true)), .click(Point(x: 19, y: 2)), .wait(0.15),
                .app(.toggle(animated: false)), .key(KeyEvent(.down)), .wait(0.01), .wait(0.4),
                .resize(Size(width: 118, height: 29))
            ]
        ),
        (
            3_410_981_119_886_444_095,
            [
                .app(.present(fullScreen: false, animated: true)), .click(Point(x: 46, y: 2)),
                .resize(Size(width: 66, height: 12)), .resize(Size(width: 4, height: 8)), .key(KeyEvent(.tab)),
                .app(.present(fullScreen: true, animated: false)), .key(KeyEvent(.end)), .wait(0.15),
                .app(.toggle(animated: false)), .resize(Size(width: 21, height: 40)), .click(Point(x: 39, y: 2)),
                .click(Point(x: 72, y: 0)), .resize(Size(width: 112, height: 26))
            ]
        ),
        (
            17_947_525_995_161_079_989,
            [
                .app(.present(fullScreen: true, animated: true)), .wait(0.15), .click(Point(x: 17, y: 1)),
                .resize(Size(width: 15, height: 16)), .resize(Size(width: 43, height: 23)), .key(KeyEvent(.end)),
                .wait(0.05), .app(.dismiss(fromPane: true, animated: false)), .app(.toggle(animated: false)),
                .resize(Size(width: 102, height: 37)), .app(.toggle(animated: true)),
                .resize(Size(width: 12, height: 37))
            ]
        ),
        (
            17_947_525_995_161_079_989,
            [
                .app(.present(fullScreen: true, animated: true)), .wait(0.15), .click(Point(x: 17, y: 1)),
                .resize(Size(width: 15, height: 16)), .resize(Size(width: 43, height: 23)), .key(KeyEvent(.end)),
                .wait(0.05), .app(.toggle(animated: false)), .resize(Size(width: 102, height: 37)),
                .app(.toggle(animated: true)),
                .resize(Size(width: 12, height: 37))
            ]
        )
    ]

    @Test(arguments: resizesUnderAPresentation.indices)
    func resizesUnderAPresentationLeaveThePaneWhereTheMenuStateSays(example: Int) throws {
        let (seed, steps) = Self.resizesUnderAPresentation[example]
        let afterwards: [Step] = [.wait(1), .app(.dismissAll(animated: true)), .wait(1)]
        let failure = try Self.firstFailure(seed: seed, steps: steps + afterwards) { pilot, menu in
            #expect(pilot.window.presentedViewControllers.isEmpty && !pilot.window.isRootCovered)
            #expect(menu.view.window === pilot.window, "the menu is back in the window")
        }
        #expect(failure == nil, "\(failure.map { "step \($0.step): \($0.problem)" } ?? "")")
    }

    /// A shrunk failure: the menu reversed twice with no time between (the second slide found
    /// the pane where it was going, so it moved nothing), then a resize; the pane stayed at
    /// the old width's exposed width.
    @Test func aResizeAfterASlideThatMovedNothingPutsThePaneWhereTheStateSays() throws {
        let steps: [Step] = [
            .click(Point(x: 1, y: 0)), .resize(Size(width: 7, height: 22)), .app(.toggle(animated: true)),
            .app(.toggle(animated: true)), .resize(Size(width: 1, height: 39))
        ]
        let failure = try Self.firstFailure(seed: 11_528_105_913_092_747_133, steps: steps)
        #expect(failure == nil, "\(failure.map { "step \($0.step): \($0.problem)" } ?? "")")
    }

    /// A shrunk failure (CI): a press on the open pane's bar, then a press outside the screen
    /// (its release lost), then a motion that reached the pane by hit-testing: it began a drag
    /// from the stale press, and the final release went elsewhere, leaving the menu "closing"
    /// with the pane open. A report belongs to the last press only (`Window.pressNumber`).
    @Test func aMotionAfterAPressElsewhereDoesNotDragFromAStalePress() throws {
        let steps: [Step] = [
            .app(.present(fullScreen: false, animated: true)), .mouseDown(Point(x: 11, y: 1)),
            .mouseDown(Point(x: 46, y: 1)), .app(.toggle(animated: false)), .mouseDown(Point(x: 79, y: 1)),
            .app(.dismiss(fromPane: false, animated: true)), .mouseDrag(Point(x: 55, y: 2))
        ]
        let failure = try Self.firstFailure(seed: 4_224_469_896_055_248_608, steps: steps)
        #expect(failure == nil, "\(failure.map { "step \($0.step): \($0.problem)" } ?? "")")
    }

    /// Shrunk failures (issue 37): a menu key while the pane is held at its full extent ended
    /// the drag and then waited with nothing to end its wait, and every later event behind it;
    /// keys waiting behind a drag whose release was lost (a burst of presses read at once)
    /// waited for another key to end it, which the main loop stopped reading once 1,024 waited.
    nonisolated static let frozenBehindADrag: [(seed: UInt64, steps: [Step])] = [
        (2_312_422_533_113_495_198, [.app(.dragAndHold(cells: -30, key: KeyEvent(.character("M"))))]),
        (2_312_422_533_113_495_198, [.app(.dragAndHold(cells: 40, key: KeyEvent(.escape)))]),
        (
            2_312_422_533_113_495_198,
            [
                .app(
                    .lostReleaseBurst(
                        [
                            MouseEvent(.press(.left), at: Point(x: 8, y: 2)),
                            MouseEvent(.press(.left), at: Point(x: 30, y: 0)),
                            MouseEvent(.drag(.left), at: Point(x: 45, y: 0))
                        ], keys: 3)), .wait(1.5)
            ]
        ),
        // A key held behind a drag, delivered by the pass after the frame that ended the slide.
        (778_911_665_348_824_052, [.app(.dragAndHold(cells: 23, key: KeyEvent(.up))), .wait(0.05)])
    ]

    /// A shrunk failure (CI, in a clone at a long path): a resize while a drag is held, with
    /// the timer that ends a drag gone still due before the frame. `Pilot.send` ran only to
    /// that timer, so the check saw the pane before the frame's layout put it in place ("menu
    /// left but the pane is at x = 24, expected 13"); it now runs to the frame through it.
    @Test func aResizeDuringAHeldDragIsLaidOutAtTheFrameAfterIt() throws {
        let steps: [Step] = [
            .app(.toggleRight(animated: true)), .key(KeyEvent(.end)), .click(Point(x: 42, y: 0)),
            .app(.dragAndHold(cells: 20, key: KeyEvent(.down))), .app(.toggle(animated: false)), .wait(1.0),
            .mouseDrag(Point(x: 65, y: 2)), .resize(Size(width: 17, height: 2))
        ]
        let failure = try Self.firstFailure(seed: 4_292_915_504_185_091_129, steps: steps)
        #expect(failure == nil, "\(failure.map { "step \($0.step): \($0.problem)" } ?? "")")
    }

    @Test(arguments: frozenBehindADrag.indices)
    func nothingWaitsForGoodBehindADrag(example: Int) throws {
        let (seed, steps) = Self.frozenBehindADrag[example]
        let failure = try Self.firstFailure(seed: seed, steps: steps)
        #expect(failure == nil, "\(failure.map { "step \($0.step): \($0.problem)" } ?? "")")
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheSideMenuConsistent() async {
        await PropertyRuns.check("Side menu", step: { Self.randomStep(using: &$0) }) { sequence, _ in
            try Self.firstFailure(seed: sequence.seed, steps: sequence.steps)
        }
    }
}
