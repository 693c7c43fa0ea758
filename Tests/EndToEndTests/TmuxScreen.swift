import Foundation
import Shoji
@testable import ShojiTerminal
import ShojiTerminalCore
import ShojiTesting
import TestSupport
import Testing

/// Shoji's terminal backend drawing into a real terminal: a `TerminalScreen` created in the test
/// process on the tty of a tmux pane (where a program's output goes), so every frame is what
/// tmux receives from an app. After each frame the screen asks tmux for the cursor position
/// (DSR) and waits for the answer, so tmux has taken the whole frame in before `capture()`.
///
/// Attach it as a `Pilot`'s mirror; `checkEveryFrame` is called with each surface and the rows
/// tmux shows after it.
@MainActor
final class TmuxScreen: Screen {
    let tmux: TmuxSession
    let terminal: TerminalScreen
    private let file: UnsafeMutablePointer<FILE>
    private let descriptor: Int32
    /// Called after every frame with the surface and tmux's rows (plain text).
    var checkEveryFrame: ((Surface, [String]) -> Void)?
    private(set) var frames = 0
    /// The bytes of the last frame, for failure messages.
    private(set) var lastFrameBytes: [UInt8] = []

    /// `lastFrameBytes` with escapes spelled out.
    var lastFrameText: String {
        String(decoding: lastFrameBytes, as: UTF8.self).unicodeScalars.map { $0 == "\u{1B}" ? "\\e" : String($0) }
            .joined()
    }

    var size: Size { terminal.size }

    init(size: Size, term: String = "tmux-256color") throws {
        tmux = try TmuxSession(["sleep", "100000"], width: size.width, height: size.height)
        let path = try tmux.format("pane_tty")
        guard let file = fopen(path, "r+") else { throw TmuxError(message: "cannot open \(path)") }
        self.file = file
        descriptor = fileno(file)
        terminal = try TerminalScreen(terminalType: term, output: file, input: file, useColor: true)
        if terminal.size != size { terminal.resize(to: size) }
        let descriptor = self.descriptor
        // Each piece of a frame in its own write, as the terminal backend writes them.
        terminal.frameSink = { [unowned self] bytes in
            lastFrameBytes += bytes
            var offset = 0
            while offset < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }

    func close() {
        terminal.shutdown()
        fclose(file)
        // The pilot whose mirror this is may keep it alive past the test: end tmux now.
        tmux.close()
    }

    func invalidate() { terminal.invalidate() }

    func present(_ surface: Surface) {
        frames += 1
        if terminal.size != surface.size {
            terminal.resize(to: surface.size)
            try? tmux.resize(width: surface.size.width, height: surface.size.height)
        }
        lastFrameBytes = []
        terminal.present(surface)
        // SHOJI_DUMP_FRAMES=file appends every frame's bytes there, for reading a failure.
        if let dump = ProcessInfo.processInfo.environment["SHOJI_DUMP_FRAMES"],
            let handle = FileHandle(forWritingAtPath: dump)
        {
            handle.seekToEndOfFile()
            handle.write(("FRAME \(frames)\n" + lastFrameText + "\n").data(using: .utf8)!)
            handle.closeFile()
        }
        settle()
        guard let checkEveryFrame else { return }
        let rows = (try? tmux.capture()) ?? ""
        checkEveryFrame(surface, rows.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Where tmux's picture (`capture-pane -e -N`, colours and attributes included) differs
    /// from `surface` in what a user sees: the glyph, or the colours and attributes of a glyph or
    /// a blank. Rows are compared up to their first cluster that is not sure (see `isSure`;
    /// `expectedRow` covers those), and only as far as tmux's capture reaches (it leaves out the
    /// cells it erased). Colours are compared on 256-colour terminal types.
    func styleMismatches(_ surface: Surface, term: String) -> [String] {
        let captured = ((try? tmux.captureStyledWithBlanks()) ?? "").split(
            separator: "\n", omittingEmptySubsequences: false)
        let width = surface.size.width
        let model = TerminalModel(columns: width, rows: surface.size.height)
        var reach: [Int] = []
        // tmux carries the rendition from one row's end to the next row's start.
        for y in 0..<surface.size.height {
            model.feed(Array("\u{1B}[\(y + 1);1H".utf8))
            if y < captured.count { model.feed(Array(captured[y].utf8)) }
            reach.append(
                y < captured.count && !captured[y].isEmpty ? (model.cursorX == width - 1 ? width : model.cursorX) : 0)
        }
        let colours = term.hasSuffix("256color")
        let mapper = ColorMapper(colorCount: 256)
        var result: [String] = []
        for y in 0..<surface.size.height {
            for x in 0..<min(width, reach[y]) {
                let cell = surface[x, y]
                if cell.isContinuation { continue }
                guard Self.isSure(cell) else { break }
                let shown = model[x, y]
                var expected = TerminalModel.Rendition(style: cell.style, italic: !term.hasPrefix("screen")) {
                    Int(mapper.number(for: $0))
                }
                var actual = shown.rendition
                if !colours {
                    expected.foreground = .default; expected.background = .default
                    actual.foreground = .default; actual.background = .default
                }
                let blank = cell.grapheme == " "
                if shown.text != cell.grapheme
                    || TerminalModel.visible(text: blank ? " " : "x", expected)
                        != TerminalModel.visible(text: shown.text == " " ? " " : "x", actual)
                {
                    result.append(
                        "(\(x), \(y)): expected \(cell.grapheme.debugDescription) \(expected), tmux has \(shown.text.debugDescription) \(actual)"
                    )
                    break
                }
            }
        }
        return result
    }

    /// Waits until tmux has read everything written so far: asks for the cursor position and
    /// reads the answer (ncurses put the tty in raw mode, without echo).
    func settle() {
        // The answer must never be echoed onto the screen being checked: the pane's tty is
        // ncurses' (raw, no echo), but the harness does not depend on that for its own probe.
        var modes = termios()
        if tcgetattr(descriptor, &modes) == 0, modes.c_lflag & tcflag_t(ECHO | ICANON) != 0 {
            modes.c_lflag &= ~tcflag_t(ECHO | ICANON)
            _ = tcsetattr(descriptor, TCSANOW, &modes)
        }
        terminal.writeToTerminal(Array("\u{1B}[6n".utf8))
        var reply: [UInt8] = []
        var byte: UInt8 = 0
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            guard read(descriptor, &byte, 1) == 1 else { break }
            reply.append(byte)
            if byte == UInt8(ascii: "R") { return }
        }
        Issue.record("tmux did not answer the cursor position query: \(reply)")
    }

    /// What tmux shows for each of `clusters` drawn by Shoji in its own cells: the text of
    /// those cells as `capture-pane` has it. Drawn one per row between bars, so each cluster's
    /// text is what lies between two bars.
    func calibrate(_ clusters: [String]) -> [String: String] {
        var result: [String: String] = [:]
        let height = terminal.size.height, width = terminal.size.width
        var pending = clusters
        while !pending.isEmpty {
            var surface = Surface(size: terminal.size)
            var placed: [(row: Int, cluster: String)] = []
            var y = 0
            while y < height, let cluster = pending.first {
                pending.removeFirst()
                guard DisplayWidth.of(cluster) + 2 < width else { continue }
                surface.write("|\(cluster)|", at: Point(x: 0, y: y))
                placed.append((y, cluster))
                y += 1
            }
            terminal.invalidate()
            terminal.present(surface)
            settle()
            let rows = ((try? tmux.capture()) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            for (row, cluster) in placed where row < rows.count {
                let parts = rows[row].split(separator: "|", omittingEmptySubsequences: false)
                result[cluster] = parts.count >= 3 ? String(parts[1]) : "?"
            }
        }
        terminal.invalidate()
        return result
    }

    /// The row tmux should show for row `y` of `surface`: each glyph as it is, except clusters
    /// tmux measures otherwise, which show as `calibration` says; trailing blanks left out (as
    /// `capture-pane` leaves them out).
    ///
    /// On the last row of a terminal without a switch for automatic margins (tmux's types), a
    /// cluster whose scalars, drawn one by one, would run past the right margin (and scroll the
    /// screen) is sent in part, as the frame writer does: the scalars that fit its cells by the
    /// narrowest reading, without a trailing joiner.
    static func expectedRow(_ surface: Surface, _ y: Int, calibration: [String: String]) -> String {
        var text = ""
        let width = surface.size.width
        for x in 0..<width {
            let cell = surface[x, y]
            if cell.isContinuation { continue }
            if y == surface.size.height - 1 && !isSure(cell) {
                let scalars = cell.grapheme.unicodeScalars.drop { systemWidth(wchar_t(bitPattern: $0.value)) == 0 }
                let drawn = scalars.reduce(0) { $0 + max(0, Int(systemWidth(wchar_t(bitPattern: $1.value)))) }
                if x + drawn > width {
                    var fitting: [Unicode.Scalar] = [], used = 0
                    for scalar in scalars {
                        let columns = max(0, Int(systemWidth(wchar_t(bitPattern: scalar.value))))
                        if !fitting.isEmpty && used + columns > cell.width { break }
                        used += columns
                        fitting.append(scalar)
                    }
                    while fitting.count > 1 && fitting.last == "\u{200D}" { fitting.removeLast() }
                    var prefix = String(String.UnicodeScalarView(fitting))
                    if let shown = calibration[prefix] { prefix = shown } else if used < cell.width { prefix += " " }
                    text += prefix
                    continue
                }
            }
            text += isSure(cell) ? cell.grapheme : (calibration[cell.grapheme] ?? "<uncalibrated \(cell.grapheme)>")
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// A single scalar of the cell's width (by the C library's `wcwidth`, which tmux uses): every
    /// terminal draws it as Shoji measures it.
    static func isSure(_ cell: Cell) -> Bool {
        let scalars = cell.grapheme.unicodeScalars
        return scalars.count == 1 && systemWidth(wchar_t(bitPattern: scalars.first!.value)) == Int32(cell.width)
    }

    /// The clusters of `surface` that are not sure (see `isSure`).
    static func unsureClusters(_ surface: Surface) -> Set<String> {
        Set(surface.cells.filter { !$0.isContinuation && !isSure($0) }.map(\.grapheme))
    }
}

/// glibc's `wcwidth` (its header hides it from Swift).
@_silgen_name("wcwidth")
private func systemWidth(_ character: wchar_t) -> Int32
