import Shoji
import ShojiTesting

/// A focused read-only text view of `lines` numbered lines filling a 200x60 headless window.
/// `key()` is End then Home in turn, each with the frame it asks for: jumping from one end of
/// the text to the other must be one frame, whatever the text's length.
@MainActor
public final class JumpScene: KeyScene {
    public let textView: TextView
    let pilot: Pilot
    let lines: Int
    var atEnd = false

    public init(lines: Int) {
        self.lines = lines
        textView = TextView(text: NumberedLines.text(lines))
        textView.isEditable = false
        pilot = Pilot(Window(rootViewController: TypingScene.Host(textView)), size: FrameDriver.size)
        pilot.screen.maximumStoredFrames = 1
        _ = textView.becomeFirstResponder()
        pilot.advance(by: 0.1)
    }

    /// End or Home, and its frame.
    public func key() {
        pilot.press(atEnd ? .home : .end)
        atEnd.toggle()
    }

    /// Checks that the frame just drawn shows the end (or the start) of the text; lets time
    /// pass to the next key (kept out of the measurement).
    public func pause() {
        let wanted = "line \(atEnd ? lines : 1):"
        precondition(pilot.screen.text.contains(wanted), "the jump took more than one frame")
        pilot.advance(by: 0.02)
    }
}
