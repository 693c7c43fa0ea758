import Shoji
import ShojiTesting

/// Seeded text for the text benchmarks (the same on every run).
public enum BenchText {
    /// Prose of about `bytes` bytes (ASCII): words of 1 to 11 letters, paragraphs of 200 to 3,000
    /// characters.
    public static func prose(bytes: Int) -> String {
        var generator = SeededGenerator(seed: 19)
        var text = ""
        text.reserveCapacity(bytes + 16)
        var paragraph = 0
        var paragraphLength = Int.random(in: 200...3_000, using: &generator)
        while text.utf8.count < bytes {
            let length = Int.random(in: 1...11, using: &generator)
            for _ in 0..<length {
                text.append(Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &generator))))
            }
            paragraph += length + 1
            if paragraph >= paragraphLength {
                text.append("\n")
                paragraph = 0
                paragraphLength = Int.random(in: 200...3_000, using: &generator)
            } else {
                text.append(" ")
            }
        }
        return text
    }

    /// One word of `count` graphemes: ASCII, accented letters and wide characters mixed.
    public static func longWord(_ count: Int) -> String {
        let pieces: [Character] = ["a", "b", "c", "é", "日", "x", "y", "z", "本", "q"]
        var word = ""
        word.reserveCapacity(count * 2)
        for index in 0..<count { word.append(pieces[(index * 7 + index / 3) % pieces.count]) }
        return word
    }
}

/// A focused editable `TextView` of 80x10 (a margin of 1, about the demo's notes in an 80x24
/// terminal) holding `bytes` of `BenchText.prose`, headless under a manual clock, with the
/// insertion point at the end or in the middle. `key()` is one key and the frame it asks for:
/// "x" and Backspace in turn, so the text stays the same length however many keys are sent.
@MainActor
public final class TypingScene: KeyScene {
    /// Hosts one view filling the window.
    public final class Host: ViewController {
        let content: View
        public init(_ content: View) {
            self.content = content
            super.init()
        }
        override public func viewDidLoad() { view.addSubview(content) }
        override public func viewDidLayoutSubviews() { content.frame = view.bounds }
    }

    public let textView: TextView
    let pilot: Pilot
    var typed = false

    public init(bytes: Int, inTheMiddle: Bool = false) {
        textView = TextView(text: BenchText.prose(bytes: bytes))
        textView.horizontalMargin = 1
        pilot = Pilot(Window(rootViewController: Host(textView)), size: Size(width: 80, height: 10))
        pilot.screen.maximumStoredFrames = 1
        _ = textView.becomeFirstResponder()
        if inTheMiddle { textView.insertionPoint = textView.text.count / 2 }
        pilot.advance(by: 0.1)
    }

    /// One key and its frame.
    public func key() {
        if typed { pilot.press(.backspace) } else { pilot.press(.character("x")) }
        typed.toggle()
    }

    /// Time passing between keys (no work: kept out of the measurement).
    public func pause() { pilot.advance(by: 0.02) }
}
