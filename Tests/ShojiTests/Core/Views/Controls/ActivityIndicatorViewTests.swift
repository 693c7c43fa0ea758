import Testing
import Shoji
import ShojiTesting

/// `ActivityIndicatorView` under the manual clock: the frames it steps through, and that a
/// spinner nobody can see schedules nothing and asks for no frame.
@MainActor
struct ActivityIndicatorViewTests {
    /// A spinner at column 0 of row 0 inside a holder view, in a 4 by 1 window.
    private func spinner() -> (Pilot, ActivityIndicatorView, holder: View) {
        let holder = View(frame: Rect(x: 0, y: 0, width: 4, height: 1))
        let spinner = ActivityIndicatorView()
        spinner.sizeToFit()
        holder.addSubview(spinner)
        return (pilot(showing: holder, size: Size(width: 4, height: 1)), spinner, holder)
    }

    /// What the spinner's cell shows.
    private func cell(_ pilot: Pilot) -> String { String(pilot.lines[0].prefix(1)) }

    /// How many frames the screen received while `seconds` passed.
    private func framesPresented(_ pilot: Pilot, during seconds: Double) -> Int {
        let before = pilot.screen.presentCount
        pilot.advance(by: seconds)
        return pilot.screen.presentCount - before
    }

    @Test func aSpinningSpinnerStepsThroughItsFramesOnTheClock() {
        let (pilot, spinner, _) = spinner()
        spinner.startAnimating()
        pilot.advance(by: pilot.loop.frameInterval)
        var seen = [cell(pilot)]
        for _ in 0..<10 {
            pilot.advance(by: spinner.stepInterval)
            seen.append(cell(pilot))
        }
        #expect(seen == ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏", "⠋"])
        #expect(spinner.isSpinning && spinner.isAnimating)
        #expect(framesPresented(pilot, during: 1) == 10, "one frame a step")
    }

    @Test func asciiGlyphsTurnALine() {
        let (pilot, spinner, _) = spinner()
        pilot.window.glyphSet = .ascii
        spinner.startAnimating()
        pilot.advance(by: pilot.loop.frameInterval)
        var seen = [cell(pilot)]
        for _ in 0..<4 {
            pilot.advance(by: spinner.stepInterval)
            seen.append(cell(pilot))
        }
        #expect(seen == ["|", "/", "-", "\\", "|"])
    }

    @Test func aStoppedSpinnerIsHiddenSchedulesNothingAndAsksForNoFrame() {
        let (pilot, spinner, _) = spinner()
        #expect(!spinner.isSpinning && spinner.isHidden, "hidden while stopped, as UIKit's")
        #expect(pilot.loop.nextDeadline == nil)
        #expect(framesPresented(pilot, during: 5) == 0)
        spinner.startAnimating()
        pilot.advance(by: 0.35)
        spinner.stopAnimating()
        #expect(pilot.loop.nextDeadline != nil, "one frame to show it stopped")
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(cell(pilot) == " " && pilot.loop.nextDeadline == nil, "its timer went at once")
        #expect(framesPresented(pilot, during: 5) == 0)
        #expect(!spinner.isAnimating)
    }

    @Test func aStoppedSpinnerThatStaysShownShowsItsFirstFrame() {
        let (pilot, spinner, _) = spinner()
        spinner.hidesWhenStopped = false
        pilot.advance(by: 0.1)
        #expect(!spinner.isHidden && cell(pilot) == "⠋")
        spinner.startAnimating()
        pilot.advance(by: 0.25)
        #expect(cell(pilot) == "⠹")
        spinner.stopAnimating()
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(cell(pilot) == "⠋" && pilot.loop.nextDeadline == nil, "its timer went at once")
        spinner.hidesWhenStopped = true
        #expect(spinner.isHidden, "hidden at once while stopped")
    }

    @Test func hidingTheSpinnerDropsItsTimerAtOnce() {
        let (pilot, spinner, _) = spinner()
        spinner.startAnimating()
        pilot.advance(by: 0.25)
        spinner.isHidden = true
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(pilot.loop.nextDeadline == nil)
        #expect(framesPresented(pilot, during: 5) == 0)
        #expect(spinner.isSpinning, "still started, as UIKit's")
        spinner.isHidden = false
        pilot.advance(by: 0.001)
        let first = cell(pilot)
        pilot.advance(by: spinner.stepInterval)
        #expect(cell(pilot) != first, "shown again, it steps on")
    }

    @Test func aHiddenAncestorStopsItAfterTheStepAlreadyDueWithoutAFrame() {
        let (pilot, spinner, holder) = spinner()
        spinner.startAnimating()
        pilot.advance(by: 0.25)
        holder.isHidden = true
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(pilot.loop.nextDeadline != nil, "the step already scheduled")
        #expect(framesPresented(pilot, during: spinner.stepInterval) == 0, "it draws nothing")
        #expect(pilot.loop.nextDeadline == nil, "and schedules nothing more")
        #expect(framesPresented(pilot, during: 5) == 0)
        holder.isHidden = false
        pilot.advance(by: 0.001)
        let first = cell(pilot)
        pilot.advance(by: spinner.stepInterval)
        #expect(cell(pilot) != first, "shown again, it steps on")
    }

    @Test func aSpinnerClippedAwayStopsStepping() {
        let (pilot, spinner, holder) = spinner()
        spinner.startAnimating()
        pilot.advance(by: 0.25)
        // Moved outside its superview's frame: in the window, not drawn.
        spinner.frame.origin.x = 10
        pilot.advance(by: 0.2)
        #expect(pilot.loop.nextDeadline == nil)
        #expect(framesPresented(pilot, during: 5) == 0)
        spinner.frame.origin.x = 1
        pilot.advance(by: 0.001)
        #expect(pilot.loop.nextDeadline != nil, "drawn again, it steps on")
        _ = holder
    }

    @Test func aSpinnerOutOfTheWindowSchedulesNothing() {
        let (pilot, spinner, holder) = spinner()
        spinner.startAnimating()
        pilot.advance(by: 0.25)
        spinner.removeFromSuperview()
        #expect(pilot.loop.nextDeadline != nil, "the frame that removes it")
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(pilot.loop.nextDeadline == nil)
        #expect(framesPresented(pilot, during: 5) == 0)
        holder.addSubview(spinner)
        pilot.advance(by: 0.001)
        #expect(pilot.loop.nextDeadline != nil, "back in the window, it steps on")
    }

    @Test func aSpinnerStartedBeforeTheWindowRanSpinsFromItsFirstFrame() {
        let spinner = ActivityIndicatorView(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        spinner.startAnimating()
        let pilot = pilot(showing: spinner, size: Size(width: 1, height: 1))
        #expect(cell(pilot) == "⠋")
        pilot.advance(by: spinner.stepInterval)
        #expect(cell(pilot) == "⠙")
    }

    @Test func oneCellNotFocusableNotInteractive() {
        let spinner = ActivityIndicatorView()
        #expect(spinner.intrinsicContentSize == Size(width: 1, height: 1))
        #expect(!spinner.canBecomeFocused && !spinner.isUserInteractionEnabled)
        #expect(!spinner.isAnimating)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
    }
}
