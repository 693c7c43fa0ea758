import Shoji
import ShojiTesting

/// A read-only text view of `lines` numbered lines (`NumberedLines`) filling a 200x60 headless
/// window, for what a text's size must not cost (issue 33): `key()` is one change and the frame
/// it asks for, and costs about the same for a million lines as for a hundred.
/// - `.set`: the text is set in code (two texts of the same length in turn);
/// - `.append`: 10,000 lines are appended (`TextView.append`); `pause()` sets a text of the
///   first length again, one the view alone holds, so the append grows it in place;
/// - `.resize`: the window is one column narrower or wider in turn (the text wraps at the new
///   width).
@MainActor
public final class TextSizeScene: KeyScene {
    /// What `key()` does.
    public enum Change {
        case set, append, resize
    }

    public let textView: TextView
    let pilot: Pilot
    let change: Change
    let texts: [String]
    let appended: String
    let lines: Int
    var turn = 0

    public init(lines: Int, change: Change) {
        self.change = change
        self.lines = lines
        let text = NumberedLines.text(lines)
        texts = [text, "#" + text.dropFirst()]
        appended = "\n" + NumberedLines.text(10_000)
        textView = TextView(text: text)
        textView.isEditable = false
        pilot = Pilot(Window(rootViewController: TypingScene.Host(textView)), size: FrameDriver.size)
        pilot.screen.maximumStoredFrames = 1
        pilot.advance(by: 0.1)
    }

    /// The change and its frame.
    public func key() {
        turn += 1
        switch change {
        case .set:
            textView.text = texts[turn % 2]
            pilot.advance(by: 1.0 / 60)
        case .append:
            textView.append(appended)
            pilot.advance(by: 1.0 / 60)
        case .resize:
            let size = FrameDriver.size
            pilot.resize(to: Size(width: size.width - turn % 2, height: size.height))
        }
    }

    /// Checks the frame shows the text's first line; puts an appended text back (kept out of
    /// the measurement); lets time pass.
    public func pause() {
        precondition(pilot.screen.text.contains(":"), "the frame shows no text")
        if change == .append {
            // A text of its own, as a log's is: an append then grows it in place.
            textView.text = NumberedLines.text(lines)
            pilot.advance(by: 0.1)
        }
        pilot.advance(by: 0.02)
    }
}
