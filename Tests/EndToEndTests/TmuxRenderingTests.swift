import Foundation
import Shoji
@testable import ShojiTerminal
import ShojiTesting
import Testing

/// Titles and text with joiners, zero-width characters, variation selectors, emoji sequences and
/// flags, drawn by Shoji's terminal backend into tmux and captured after every frame: every
/// glyph stays in its cells, nothing shifts what follows, nothing is left behind (issue 13, #6).
/// Clusters that tmux 3.3a measures otherwise than Shoji (VS16 does not widen there, a skin
/// tone is a glyph of its own) show as tmux draws them alone in their cells ("calibration").
@Suite(.serialized)
@MainActor
struct TmuxRenderingTests {
    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// Strings the probe found corrupting the screen, and their kin.
    static let titles = [
        "Family 👨\u{200D}👩\u{200D}👧 ok", "Flags 🇯🇵🇫🇷 ok", "Heart ❤\u{FE0F} ok", "Zero\u{200B}width",
        "Non\u{200C}joiner", "Joiner a\u{200D}b", "Keycap #\u{FE0F}\u{20E3}1\u{FE0F}\u{20E3}", "Thumb 👍🏽 ok",
        "Rainbow 🏳\u{FE0F}\u{200D}🌈 flag", "Text ❤ ☺ ok", "漢字 and かな", "Marks e\u{301}\u{302}",
        "\u{200D}\u{200B}lead", "VS15 ❤\u{FE0E} 😀\u{FE0E}", "Lone 🇯 RI", "Tail ZWJ 👨\u{200D}",
        "Wide marks 漢\u{301}字\u{20DD} 😀\u{301}", "Edge\u{200B}\u{200B}\u{200D}\u{FE0F}x"
    ]

    /// A side menu whose panes (each under a navigation bar showing its title) have `titles`,
    /// on a tmux pane; every frame is compared with tmux's rows.
    private func run(titles: [String], size: Size = Size(width: 78, height: 22), script: (Pilot) -> Void) throws -> (
        frames: Int, failures: [String]
    ) {
        let panes = titles.map { NavigationController(rootViewController: TitledPane($0)) }
        let menu = try SideMenuController(viewControllers: panes)
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        let screen = try TmuxScreen(size: size)
        defer { screen.close() }
        // Every cluster that may show, measured by tmux alone in its cells.
        var clusters = Set<String>()
        for title in titles {
            var probe = Surface(size: Size(width: 200, height: 1))
            probe.write(title + " " + TitledPane.line(title, 0), at: .zero)
            clusters.formUnion(TmuxScreen.unsureClusters(probe))
        }
        let calibration = screen.calibrate(clusters.sorted())
        if ProcessInfo.processInfo.environment["SHOJI_SHOW_CALIBRATION"] != nil {
            for (cluster, shown) in calibration.sorted(by: { $0.key < $1.key }) {
                print(
                    "calibration \(cluster.unicodeScalars.map { String($0.value, radix: 16) }) -> \(shown.unicodeScalars.map { String($0.value, radix: 16) })"
                )
            }
        }
        var failures: [String] = []
        screen.checkEveryFrame = { surface, rows in
            for y in 0..<surface.size.height {
                let expected = TmuxScreen.expectedRow(surface, y, calibration: calibration)
                var shown = y < rows.count ? rows[y] : ""
                while shown.hasSuffix(" ") { shown.removeLast() }
                if shown != expected, failures.count < 4 {
                    failures.append(
                        "frame \(screen.frames) row \(y):\n  expected \(expected.debugDescription)\n  tmux     \(shown.debugDescription)"
                            + (failures.isEmpty ? "\n  bytes: \(screen.lastFrameText)" : ""))
                }
            }
        }
        pilot.screen.mirror = screen
        pilot.send(.redraw)
        script(pilot)
        return (screen.frames, failures)
    }

    @Test func titlesWithJoinersAndEmojiStayInTheirCells() throws {
        let titles = Self.titles
        let (frames, failures) = try run(titles: titles) { pilot in
            pilot.press(.function(2))
            pilot.settle()
            // Each title's pane slides in (a replacement), then out and back as the menu opens
            // and closes: every title crosses the sliding edge.
            for _ in 1..<titles.count {
                pilot.press(.down)
                pilot.press(.enter)
                pilot.settle()
                pilot.press(.function(2))
                pilot.settle()
            }
            pilot.press(.escape)
            pilot.settle()
        }
        #expect(frames > 30 * titles.count)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test(arguments: Array(UInt64(11)...UInt64(30)))
    func randomStringsShowAsTheSurfaceSays(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let alphabet = [
            "a", "b", " ", "\u{200D}", "\u{200B}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{301}",
            "👨", "👩", "❤", "☺", "🇯", "🇵", "👍", "🏽", "漢", "#", "1", "\u{20E3}", "😀", "🏳", "🌈"
        ]
        // Left out: a cluster led by a lone skin tone and carrying marks ("🏽⃣", "🏽︎"), which
        // tmux 3.3 joins to the cell before it or not depending on that cell (a known gap).
        func ledByASkinTone(_ character: Character) -> Bool {
            let base = character.unicodeScalars.first {
                !["\u{200D}", "\u{200B}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{301}", "\u{20E3}"].contains($0)
            }
            return character.unicodeScalars.count > 1 && base.map { (0x1F3FB...0x1F3FF).contains($0.value) } == true
        }
        var titles: [String] = []
        while titles.count < 8 {
            let title = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            if !title.contains(where: ledByASkinTone) { titles.append(title) }
        }
        let (frames, failures) = try run(titles: titles) { pilot in
            pilot.press(.function(2))
            pilot.settle()
            for _ in 0..<3 { pilot.press(.down) }
            pilot.press(.enter)
            pilot.settle()
            pilot.press(.function(2))
            pilot.advance(by: 0.1)
            pilot.press(.function(2))
            pilot.settle()
        }
        #expect(frames > 20)
        #expect(failures.isEmpty, "titles \(titles.map(\.debugDescription)):\n\(failures.joined(separator: "\n"))")
    }
}

/// A pane titled `title` whose rows repeat it, over `background` when given (and then with a
/// glyph in its bottom-right cell).
@MainActor
final class TitledPane: ViewController {
    let background: Style?

    init(_ title: String, background: Style? = nil) {
        self.background = background
        super.init()
        self.title = title
    }

    static func line(_ title: String, _ y: Int) -> String { "\(y): [\(title)] end" }

    override func loadView() {
        let view = LinesOfTitle()
        view.title = title ?? ""
        view.backgroundStyle = background
        self.view = view
    }
}

@MainActor
final class LinesOfTitle: View {
    var title = ""

    override func draw(in canvas: inout Canvas) {
        let background = backgroundStyle?.background ?? .default
        for y in 0..<bounds.size.height {
            var style = Style(foreground: .palette(y % 2 == 0 ? 15 : 250), background: background)
            if y % 4 == 2 { style.attributes.insert(.bold) }
            canvas.write(TitledPane.line(title, y), at: Point(x: 1 + y % 3, y: y), style: style)
        }
        if backgroundStyle != nil {
            canvas.write(
                "#", at: Point(x: bounds.size.width - 1, y: bounds.size.height - 1),
                style: Style(foreground: .palette(196), background: .palette(236)))
        }
    }
}
