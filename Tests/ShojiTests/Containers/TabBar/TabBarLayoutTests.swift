import Testing
@testable import Shoji

/// How a tab bar fits its items: full, truncated titles, symbols, then a scrolling window
/// that always holds the selected item.
struct TabBarLayoutTests {
    typealias Entry = TabBarLayout.Entry

    private let mail = [
        Entry(title: "Inbox", symbol: "✉", badge: "3"), Entry(title: "Settings", symbol: "⚙"),
        Entry(title: "Archive", symbol: "▤")
    ]

    /// The row a layout draws, as plain text (marks included), `width` columns.
    private func row(_ layout: TabBarLayout, width: Int) -> String {
        var cells = Array(repeating: " ", count: width)
        for slot in layout.slots {
            var x = slot.labelX
            for character in slot.label {
                let w = DisplayWidth.of(character)
                guard w > 0 else { continue }
                cells[x] = String(character)
                for extra in 1..<max(1, w) { cells[x + extra] = "" }
                x += w
            }
        }
        if layout.showsLeadingMore { cells[0] = TabBarLayout.leadingMore }
        if layout.showsTrailingMore { cells[width - 1] = TabBarLayout.trailingMore }
        return cells.joined()
    }

    @Test func labelsThatFitAreShownWholeSideBySide() {
        let layout = TabBarLayout.make(entries: mail, width: 60, selected: 0)
        #expect(layout.fit == .full)
        #expect(row(layout, width: 60).hasPrefix(" ✉ Inbox (3)  ⚙ Settings  ▤ Archive "))
        #expect(layout.slots.map(\.columns) == [0..<13, 13..<25, 25..<36])
        #expect(layout.slot(for: 0)?.badgeColumns == 9..<12, "the badge's columns, for its bold")
    }

    @Test func labelsThatFillTheWidthExactlyAreShownWhole() {
        // The labels with their padding take 36 columns.
        let exact = TabBarLayout.make(entries: mail, width: 36, selected: 2)
        #expect(exact.fit == .full)
        #expect(row(exact, width: 36) == " ✉ Inbox (3)  ⚙ Settings  ▤ Archive ")
        #expect(exact.slots.last?.columns == 25..<36)
        #expect(TabBarLayout.make(entries: mail, width: 35, selected: 2).fit == .truncated, "one column less cuts")
    }

    @Test func titlesAreCutToACommonWidthBeforeAnythingCollapses() {
        // Full needs 36 columns; at 31 the longer titles are cut to 5 columns, at 30 to 4.
        let layout = TabBarLayout.make(entries: mail, width: 31, selected: 1)
        #expect(layout.fit == .truncated)
        #expect(row(layout, width: 31) == " ✉ Inbox (3)  ⚙ Sett…  ▤ Arch… ")
        let narrower = TabBarLayout.make(entries: mail, width: 30, selected: 1)
        #expect(row(narrower, width: 30) == " ✉ Inb… (3)  ⚙ Set…  ▤ Arc…   ")
    }

    @Test func itemsCollapseToTheirSymbolsWhenTitlesWouldBeCutBelowTheMinimum() {
        let layout = TabBarLayout.make(entries: mail, width: 20, selected: 1)
        #expect(layout.fit == .symbols)
        #expect(row(layout, width: 20) == " ✉(3)  ⚙  ▤         ")
        let untitled = TabBarLayout.make(entries: mail + [Entry(title: "Notes and more")], width: 20, selected: 3)
        #expect(untitled.fit == .symbols)
        #expect(row(untitled, width: 20) == " ✉(3)  ⚙  ▤  Not…   ", "an item without a symbol keeps a minimal title")
    }

    @Test func whenEvenSymbolsDoNotFitTheBarScrollsAndKeepsTheSelectedItemInView() {
        let entries = (1...12).map { Entry(title: "Tab \($0)", symbol: Character("\($0 % 10)")) }
        // Collapsed each item is 3 columns: 36 in all; 14 columns show a window with marks.
        for selected in entries.indices {
            let layout = TabBarLayout.make(entries: entries, width: 14, selected: selected)
            #expect(layout.fit == .scrolling)
            #expect(layout.slot(for: selected) != nil, "selected \(selected) is shown")
            #expect(layout.showsLeadingMore == (layout.firstVisible > 0))
            #expect(layout.showsTrailingMore == (layout.slots.last!.index < entries.count - 1))
            for slot in layout.slots {
                #expect(slot.columns.lowerBound >= (layout.showsLeadingMore ? 1 : 0))
                #expect(slot.columns.upperBound <= 14 - (layout.showsTrailingMore ? 1 : 0))
            }
        }
        let start = TabBarLayout.make(entries: entries, width: 14, selected: 0)
        #expect(row(start, width: 14) == " 1  2  3  4  ›")
    }

    @Test func theWindowMovesAsLittleAsNeeded() {
        let entries = (1...12).map { Entry(title: "Tab \($0)", symbol: Character("\($0 % 10)")) }
        var layout = TabBarLayout.make(entries: entries, width: 14, selected: 0)
        var firsts: [Int] = []
        for selected in 0..<12 {
            layout = TabBarLayout.make(
                entries: entries, width: 14, selected: selected, firstVisible: layout.firstVisible)
            firsts.append(layout.firstVisible)
        }
        // Moving right one at a time: the window follows only when the selection reaches its edge.
        #expect(firsts == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8], "\(firsts)")
        // Back left: it stays until the selection reaches its start.
        layout = TabBarLayout.make(entries: entries, width: 14, selected: 9, firstVisible: layout.firstVisible)
        #expect(layout.firstVisible == 8)
        layout = TabBarLayout.make(entries: entries, width: 14, selected: 10, firstVisible: 3)
        #expect(layout.firstVisible == 7, "the selection at the window's right edge")
        #expect(row(layout, width: 14) == "‹ 8  9  0  1 ›")
        layout = TabBarLayout.make(entries: entries, width: 14, selected: 11, firstVisible: 3)
        #expect(layout.firstVisible == 8, "at the end: as many items before as fit")
        #expect(!layout.showsTrailingMore)
        #expect(row(layout, width: 14) == "‹ 9  0  1  2  ")
    }

    @Test func theSelectedItemAloneIsCutToATinyWidth() {
        let layout = TabBarLayout.make(entries: [Entry(title: "Inbox")] + mail, width: 4, selected: 0)
        #expect(layout.slots.count == 1 && layout.slots[0].index == 0)
        #expect(row(layout, width: 4) == " I… ")
        let one = TabBarLayout.make(entries: mail, width: 1, selected: 2)
        #expect(one.slots.map(\.index) == [2])
        #expect(row(one, width: 1) == "▤")
        #expect(TabBarLayout.make(entries: mail, width: 0, selected: 0).slots.isEmpty)
        #expect(TabBarLayout.make(entries: [], width: 40, selected: nil).slots.isEmpty)
    }

    @Test func wideCharactersAreMeasuredByDisplayWidthAndNeverCutInHalf() {
        let entries = [Entry(title: "日本語のタブ"), Entry(title: "한국어 탭"), Entry(title: "Tea 🍵🍵")]
        for width in 1...60 {
            for selected in entries.indices {
                let layout = TabBarLayout.make(entries: entries, width: width, selected: selected)
                for slot in layout.slots {
                    let labelWidth = DisplayWidth.of(slot.label)
                    #expect(slot.labelX + labelWidth <= slot.columns.upperBound, "width \(width): \(slot)")
                    #expect(slot.columns.upperBound <= width)
                }
                #expect(layout.slot(for: selected) != nil)
            }
        }
        let cut = TabBarLayout.make(entries: entries, width: 26, selected: 0)
        #expect(cut.fit == .truncated)
        #expect(
            cut.slots[0].label == "日本…",
            "a wide character that would straddle the cut is left out: \(cut.slots[0].label)")
    }

    @Test func longBadgesAreCut() {
        let layout = TabBarLayout.make(entries: [Entry(title: "Mail", badge: "12345678")], width: 40, selected: 0)
        #expect(layout.slots[0].label == "Mail (123…)")
    }

    @Test func aHugeTitleCostsLittle() {
        let title = String(repeating: "x", count: 200_000)
        let layout = TabBarLayout.make(entries: [Entry(title: title), Entry(title: "B")], width: 40, selected: 0)
        #expect(layout.fit == .truncated)
        #expect(DisplayWidth.of(layout.slots[0].label) <= 40)
    }
}
