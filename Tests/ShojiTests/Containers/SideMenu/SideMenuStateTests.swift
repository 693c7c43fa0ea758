import Foundation
import Testing
import TestSupport
@testable import Shoji
import ShojiTesting

/// The side menu's state as a value: taken, saved as JSON, handed back to a new side menu at
/// start-up, which comes back where the first one was, with balanced calls.
@MainActor
struct SideMenuStateTests {
    private func makeMenu(right: Bool = true) throws -> (SideMenuController, ViewController) {
        let panes = (0..<4).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        let settings = MenuPane("Settings")
        if right { menu.rightMenuViewController = settings }
        menu.exposedWidth = 20
        menu.dockingWidth = 100
        return (menu, settings)
    }

    @Test func aSavedStateComesBackInANewMenuAtStartUp() throws {
        let (first, _) = try makeMenu()
        let pilot = Pilot(Window(rootViewController: first), size: Size(width: 60, height: 12))
        try first.setSelectedIndex(2, animated: true)
        pilot.settle()
        pilot.press(.function(3))
        pilot.settle()
        #expect(first.state == SideMenuState(visibleMenu: .right, selectedIndex: 2, isDocked: false))
        let saved = try JSONEncoder().encode(first.state)
        #expect(String(decoding: saved, as: UTF8.self).contains("\"right\""), "the side is coded by name")

        let (second, settings) = try makeMenu()
        let recorder = LifecycleRecorder(.tree(second))
        try second.restore(JSONDecoder().decode(SideMenuState.self, from: saved))
        let restored = Pilot(Window(rootViewController: second), size: Size(width: 60, height: 12))
        restored.settle()
        #expect(second.selectedIndex == 2 && second.isRightMenuVisible)
        #expect(second.paneView.frame.minX == -24 && settings.appearancePhase == .didAppear)
        #expect(restored.line(0).contains("Pane 2") && restored.line(1).contains("│"), "\(restored.line(0))")
        try LifecycleChecker.verify(recorder.takeEvents())
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: restored.window))
    }

    @Test func restoringOnScreenIsImmediateAndTheDockedFlagIsTheWidths() throws {
        let (menu, _) = try makeMenu()
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 120, height: 12))
        pilot.settle()
        #expect(menu.state == SideMenuState(visibleMenu: nil, selectedIndex: 0, isDocked: true))
        try menu.restore(SideMenuState(visibleMenu: .left, selectedIndex: 3, isDocked: false))
        #expect(menu.selectedIndex == 3 && menu.isMenuVisible && menu.isDocked, "docking follows the width")
        #expect(menu.listView.isFocused)
        pilot.resize(to: Size(width: 60, height: 12))
        pilot.settle()
        #expect(menu.state == SideMenuState(visibleMenu: .left, selectedIndex: 3, isDocked: false))
    }

    @Test func aStateThisMenuCannotShowIsRefusedOrOpensNothing() throws {
        let (menu, _) = try makeMenu(right: false)
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 12))
        pilot.settle()
        #expect(throws: SideMenuError.indexOutOfRange(index: 9, count: 4)) {
            try menu.restore(SideMenuState(visibleMenu: .left, selectedIndex: 9))
        }
        pilot.settle()
        #expect(menu.state == SideMenuState(), "nothing changed")
        try menu.restore(SideMenuState(visibleMenu: .right, selectedIndex: 1))
        pilot.settle()
        #expect(menu.selectedIndex == 1 && menu.visibleMenu == nil && menu.paneView.frame.minX == 0)
    }
}
