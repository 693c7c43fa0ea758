import Testing
import TestSupport
@testable import Shoji
import ShojiTesting

/// Several windows in one process, driven by one `MainLoopGroup` (as an SSH server drives its
/// sessions): they share the thread and the clock, and nothing else.
@MainActor
struct MainLoopGroupTests {
    /// A waiter for a manual clock: passes never block.
    final class ManualWaiter: LoopWaiter {
        func wait(timeout: Double?) {}
        nonisolated func wake() {}
    }

    /// One window of the group: its side menu app, screen and scripted input.
    struct Member {
        let menu: SideMenuController
        let application: Application
        let screen: HeadlessScreen
        let input: ScriptedInput
        let loop: MainLoop
    }

    let clock = ManualClock()
    let group = MainLoopGroup(waiter: ManualWaiter())

    func addMember(stopped: @escaping @MainActor () -> Void = {}) throws -> Member {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        let application = Application(rootViewController: menu)
        let screen = HeadlessScreen(size: Size(width: 60, height: 12))
        let input = ScriptedInput(clock: clock)
        let loop = MainLoop(screen: screen, input: input, clock: clock)
        loop.delegate = application.window
        application.window.mainLoop(loop, didResizeTo: screen.size)
        group.add(loop, whenStopped: stopped)
        return Member(menu: menu, application: application, screen: screen, input: input, loop: loop)
    }

    /// Passes at each frame time for `seconds`, as the real group would wake for them.
    func run(for seconds: Double) {
        let end = clock.seconds + seconds
        group.runPass(waiting: false)
        while let timeout = group.waitTimeout, clock.seconds + timeout <= end {
            clock.advance(by: timeout)
            group.runPass(waiting: false)
        }
        clock.advance(to: end)
        group.runPass(waiting: false)
    }

    @Test func aMenuSlidingInOneWindowMovesNothingInTheOther() throws {
        let a = try addMember()
        let b = try addMember()
        run(for: 0.1)
        let bFrames = b.screen.presentCount
        let bPicture = b.screen.text
        a.input.enqueue(.key(KeyEvent(.function(2))))
        var positions: [Int] = []
        let end = clock.seconds + 1
        group.runPass(waiting: false)
        while let timeout = group.waitTimeout, clock.seconds + timeout <= end {
            clock.advance(by: timeout)
            group.runPass(waiting: false)
            positions.append(a.menu.paneView.frame.minX)
            #expect(b.menu.paneView.frame.minX == 0)
        }
        #expect(a.menu.isMenuVisible && !b.menu.isMenuVisible)
        #expect(Set(positions).count > 3, "A's pane moved over several frames: \(positions)")
        #expect(positions.last == 20)
        #expect(b.screen.presentCount == bFrames, "B drew no frame while A animated")
        #expect(b.screen.text == bPicture)
        #expect(group.waitTimeout == nil, "both idle: the group waits with no time limit")
    }

    @Test func focusThemeAndReducedMotionBelongToOneWindow() throws {
        let a = try addMember()
        let b = try addMember()
        run(for: 0.1)
        a.application.window.theme = .monochrome
        a.application.window.areAnimationsEnabled = false
        a.input.enqueue(.key(KeyEvent(.function(2))))
        b.input.enqueue(.key(KeyEvent(.function(2))))
        group.runPass(waiting: false)
        clock.advance(by: 1.0 / 60)
        group.runPass(waiting: false)
        #expect(a.menu.paneView.frame.minX == 20, "reduced motion in A: the menu is open at once")
        #expect(b.menu.paneView.frame.minX < 20, "B animates: \(b.menu.paneView.frame.minX)")
        #expect(b.application.window.theme == .standard)
        run(for: 1)
        #expect(a.menu.listView.isFocused && b.menu.listView.isFocused)
        a.input.enqueue(.key(KeyEvent(.down)))
        run(for: 0.1)
        #expect(a.menu.listView.selectedRow != b.menu.listView.selectedRow, "a key moves only its own window's list")
    }

    @Test func aWindowThatQuitsLeavesTheGroupAndTheOthersRunOn() throws {
        var stopped: [String] = []
        let a = try addMember { stopped.append("a") }
        let b = try addMember { stopped.append("b") }
        run(for: 0.1)
        a.input.enqueue(.key(KeyEvent(.character("q"))))
        run(for: 0.1)
        #expect(stopped == ["a"])
        #expect(group.loops.count == 1 && group.loops[0] === b.loop)
        b.input.enqueue(.key(KeyEvent(.function(2))))
        run(for: 1)
        #expect(b.menu.isMenuVisible)
        b.input.enqueue(.terminate)
        run(for: 0.1)
        #expect(stopped == ["a", "b"] && group.loops.isEmpty)
    }

    @Test func theGroupWaitsUntilTheEarliestDeadlineOfAnyWindow() throws {
        let a = try addMember()
        let b = try addMember()
        run(for: 0.1)
        #expect(group.waitTimeout == nil)
        b.loop.schedule(after: 0.5) {}
        #expect(group.waitTimeout == 0.5)
        a.input.enqueue(.key(KeyEvent(.function(2))))
        group.runPass(waiting: false)
        #expect(group.waitTimeout == 0, "the key's own frame is due at once")
        group.runPass(waiting: false)
        let timeout = try #require(group.waitTimeout)
        #expect(timeout > 0 && timeout <= 1.0 / 60 + 1e-9, "the animation's next frame: \(timeout)")
    }
}
