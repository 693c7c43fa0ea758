import Testing
import Shoji
import ShojiTesting

/// `BarChartView`: vertical and horizontal bars in eighths, labels and values, the range, only
/// whole bars, ASCII, hostile labels and what it says.
@MainActor
struct BarChartViewTests {
    private func chart(
        _ bars: [BarChartView.Bar], width: Int, height: Int, configure: (BarChartView) -> Void = { _ in }
    ) -> (Pilot, BarChartView) {
        let view = BarChartView(frame: Rect(x: 0, y: 0, width: width, height: height))
        view.bars = bars
        configure(view)
        return (pilot(showing: view, size: Size(width: width, height: height)), view)
    }

    @Test func verticalBarsRiseInEighthsAboveTheirCentredLabels() {
        let (pilot, _) = chart(
            [.init(label: "B", value: 4), .init(label: "KB", value: 16), .init(label: "MB", value: 9)], width: 11,
            height: 3)
        // Of 0...16 on two rows: 4, 16 and 9 sixteenths.
        #expect(pilot.lines == ["    ███ ▁▁▁", "▄▄▄ ███ ███", " B  KB  MB "])
    }

    @Test func horizontalBarsGrowAfterTheirLabelsAndEndInTheirValues() {
        let (pilot, view) = chart(
            [.init(label: "Disk", value: 50), .init(label: "Swap", value: 100), .init(label: "Tmp", value: 1)],
            width: 20, height: 3
        ) {
            $0.barDirection = .horizontal; $0.barSpacing = 0
        }
        // 20 columns: the label (4), a gap, 11 cells of bar, a gap, the value (3).
        #expect(pilot.lines[0] == "Disk █████▌ 50      ")
        #expect(pilot.lines[1] == "Swap ███████████ 100")
        #expect(pilot.lines[2] == "Tmp  ▏ 1            ", "a small value shows its lowest step")
        view.showsValues = false
        pilot.settle()
        #expect(pilot.lines[1] == "Swap ███████████████")
    }

    @Test func theRangeFollowsTheBarsOrIsTheAppsAndClampsOutliers() {
        let (pilot, view) = chart(
            [
                .init(label: "", value: 2), .init(label: "", value: 8), .init(label: "", value: .nan),
                .init(label: "", value: -3)
            ],
            width: 7, height: 1
        ) { $0.barWidth = 1 }
        #expect(pilot.lines[0] == "▃ █    ", "of -3...8: NaN and the bottom draw nothing; no label row")
        view.valueRange = 0...4
        pilot.settle()
        #expect(pilot.lines[0] == "▄ █    ", "of 0...4: 8 is drawn full")
    }

    @Test func onlyWholeBarsShow() {
        let (pilot, _) = chart(
            [.init(label: "a", value: 8), .init(label: "b", value: 8), .init(label: "c", value: 8)], width: 10,
            height: 2)
        #expect(pilot.lines == ["███ ███   ", " a   b    "], "the third bar would be cut: it is left out")
        let (rows, _) = chart(
            [.init(label: "a", value: 1), .init(label: "b", value: 1), .init(label: "c", value: 1)], width: 6,
            height: 2
        ) {
            $0.barDirection = .horizontal; $0.barSpacing = 0
        }
        #expect(rows.lines == ["a ██ 1", "b ██ 1"])
    }

    @Test func asciiBarsUseWholeCellsAndTheirOwnTopSteps() {
        let (pilot, view) = chart(
            [.init(label: "x", value: 3), .init(label: "y", value: 16)], width: 10, height: 3
        ) { $0.barWidth = 1 }
        pilot.window.glyphSet = .ascii
        pilot.settle()
        #expect(pilot.lines.map { String($0.prefix(3)) } == ["  #", "- #", "x y"])
        view.barDirection = .horizontal
        view.bars = [.init(label: "a", value: 1), .init(label: "b", value: 20)]
        view.barSpacing = 0
        pilot.settle()
        // The label, a gap, 5 cells of bar (10 less the label, the value and their gaps).
        #expect(Array(pilot.lines.prefix(2)) == ["a # 1     ", "b ##### 20"], "a part of a cell shows as one #")
    }

    @Test func hostileLabelsAreDrawnAsTextAndCutToTheirRoom() {
        let (pilot, view) = chart(
            [.init(label: "\u{1B}[2J\u{07}evil label", value: 1), .init(label: "ok", value: 2)], width: 12,
            height: 2
        ) {
            $0.barDirection = .horizontal; $0.barSpacing = 0
        }
        #expect(!pilot.lines.joined().contains("\u{1B}"))
        #expect(pilot.lines[0].hasPrefix("^[[… "), "shown as text, at most a third of the width, cut")
        #expect(view.accessibility.spoken == "bar chart, ^[[2J^Gevil label 1, ok 2")
    }
}
