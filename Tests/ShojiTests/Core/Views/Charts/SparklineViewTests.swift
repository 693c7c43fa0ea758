import Testing
import Shoji
import ShojiTesting

/// `SparklineView`: bars in eighths, the newest values at the right, the range, ASCII, and
/// quiet for a screen reader.
@MainActor
struct SparklineViewTests {
    private func chart(_ values: [Double], width: Int = 9, height: Int = 1, rows: Int? = nil) -> (Pilot, SparklineView)
    {
        let view = SparklineView(frame: Rect(x: 0, y: 0, width: width, height: height))
        view.values = values
        return (pilot(showing: view, size: Size(width: width, height: rows ?? height)), view)
    }

    @Test func barsRiseInEighthsFromZeroToTheLargestValue() {
        let (pilot, _) = chart([0, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(pilot.lines[0] == " ▁▂▃▄▅▆▇█")
    }

    @Test func theNewestValuesShowAtTheRightAndTheRangeFollowsThem() {
        let (pilot, view) = chart([100, 1, 2, 4], width: 3)
        #expect(pilot.lines[0] == "▂▄█", "100 is not shown, so it does not set the range")
        view.append(8)
        pilot.settle()
        #expect(pilot.lines[0] == "▂▄█")
        view.valueRange = 0...16
        pilot.settle()
        #expect(pilot.lines[0] == "▁▂▄")
    }

    @Test func aTallerChartStacksWholeCellsAndAsciiHasItsOwnSteps() {
        let (pilot, _) = chart([2, 8, 16, 3], width: 4, height: 2)
        #expect(pilot.lines == ["  █ ", "▂██▃"], "of 0...16 on two rows: 2, 8, 16 and 3 sixteenths")
        let (ascii, _) = chart([1, 3, 6, 8], width: 4)
        ascii.window.glyphSet = .ascii
        ascii.settle()
        #expect(ascii.lines[0] == "_-=#")
    }

    @Test func gapsClampsAndTinyValues() {
        let (pilot, view) = chart([.nan, -5, 1000, 0.001], width: 4)
        view.valueRange = 0...8
        pilot.settle()
        #expect(
            pilot.lines[0] == "  █▁", "NaN a gap, below the range nothing, above it full, a tiny value its lowest step")
    }

    @Test func appendKeepsABoundedHistory() {
        let view = SparklineView()
        view.maximumValueCount = 3
        for value in 1...10 { view.append(Double(value)) }
        #expect(view.values == [8, 9, 10])
        #expect(view.accessibility.spoken == "chart, latest 10")
        view.append(2.5)
        #expect(view.accessibilityValue == "latest 2.5")
    }

    @Test func aNewValueAsksForNoFrameInTheScreenReaderMode() {
        let (pilot, view) = chart([1, 2, 3], rows: 2)
        pilot.window.isScreenReaderModeOn = true
        pilot.settle()
        let frames = pilot.screen.presentCount
        view.append(4)
        pilot.advance(by: 1)
        #expect(pilot.screen.presentCount == frames, "nothing written by itself")
        view.append(5)
        pilot.window.post(.announcement("tick"))
        pilot.settle()
        #expect(pilot.lines[0].hasSuffix("▁▃▄▆█"), "shown with the next frame something else asked for")
        pilot.window.isScreenReaderModeOn = false
        view.append(6)
        pilot.settle()
        #expect(pilot.screen.presentCount > frames + 1)
    }
}
