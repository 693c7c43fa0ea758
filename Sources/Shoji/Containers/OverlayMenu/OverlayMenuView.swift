/// The overlay of an `OverlayMenuController`: its entries (a symbol and a title each) on a ring
/// around the centre, or in a grid when the ring does not fit (`OverlayMenuLayout`), drawn over
/// the dimmed selected child, with the highlighted entry's title in the middle.
///
/// Guarantees:
/// - What it shows is derived: the entries are read from the controller (its children's tab bar
///   items: symbols and titles) each time it draws or is clicked, so it is never stale.
/// - Looks, attribute-first so they read without colour: entries opaque in the plain style,
///   the highlighted one in reverse video, the selected child's title bold; the label bold, the
///   hint dim. Titles and symbols are cut by display width ("…"), never mid-character.
/// - Keys (without modifiers): Right, Down, Tab go to the next entry and Left, Up, Shift-Tab to
///   the previous (in a grid Down and Up move a row), wrapping around; Home, End; Enter or
///   Space chooses the highlighted entry; Escape dismisses. Other keys go on up the chain.
/// - Mouse: a left press on an entry highlights it and the release on the same entry chooses
///   it; a press anywhere else (any button) dismisses; the wheel moves the highlight. Nothing
///   under the overlay gets these events.
/// - The overlay is not a controller and owns no child: the controller shows and hides it.
///
/// Read it, don't change it: the controller sets its frame, alpha, mask and visibility.
@MainActor
public final class OverlayMenuView: View {
    /// One entry as drawn.
    struct Entry: Equatable {
        var symbol: String
        var title: String
        var isSelected: Bool

        /// Symbol, a blank, the title.
        var content: String { symbol + " " + title }
    }

    /// The hint under the label in a ring.
    static let hint = "Enter opens · Esc closes"

    /// The controller whose children are the entries.
    weak var menuController: OverlayMenuController?
    /// Called with the entry the user chose.
    var onChoose: (@MainActor (Int) -> Void)?
    /// Called when the user dismissed the overlay (Escape, a press outside the entries).
    var onDismiss: (@MainActor () -> Void)?

    /// The entry the keys act on (clamped to the entries; 0 when there are none).
    public var highlightedIndex: Int {
        get { min(storedHighlight, max(0, entries.count - 1)) }
        set {
            let clamped = min(max(0, newValue), max(0, entries.count - 1))
            guard clamped != storedHighlight else { return }
            storedHighlight = clamped
            setNeedsDisplay()
        }
    }
    private var storedHighlight = 0
    /// The entry a left press began on, until its release.
    private var pressedEntry: Int?

    /// The entries, derived from the controller.
    var entries: [Entry] { menuController?.overlayEntries ?? [] }

    /// Where the entries go now.
    var layout: OverlayMenuLayout {
        let entries = self.entries
        let widest = entries.map { DisplayWidth.of($0.title) }.max() ?? 0
        // A blank column on each side of the label's text.
        let label = max(min(widest, OverlayMenuLayout.maximumContentWidth), DisplayWidth.of(Self.hint)) + 2
        return OverlayMenuLayout(
            contentWidths: entries.map { DisplayWidth.of($0.content) }, labelWidth: label,
            in: bounds.size)
    }

    /// Whether the entries are on a ring (else a grid).
    public var showsRing: Bool { layout.style == .ring }

    /// Each entry's rectangle as drawn now, or `nil` for one scrolled out of a grid: a grid
    /// scrolls just enough to show the highlighted entry, and entries scrolled above the first
    /// entry row are not drawn (the label stays).
    private func shownFrames(in layout: OverlayMenuLayout) -> [Rect?] {
        guard layout.style == .grid, layout.frames.indices.contains(highlightedIndex),
            let top = layout.frames.first?.minY
        else { return layout.frames }
        let offset = max(0, layout.frames[highlightedIndex].maxY - bounds.height)
        return layout.frames.map { frame in
            let shown = frame.offsetBy(dx: 0, dy: -offset)
            return shown.minY >= top ? shown : nil
        }
    }

    /// Entry `index`'s rectangle in this view's coordinates as drawn now, if it is drawn.
    public func entryFrame(at index: Int) -> Rect? {
        let frames = shownFrames(in: layout)
        return frames.indices.contains(index) ? frames[index] : nil
    }

    /// The entry drawn at `point`, if any.
    func entry(at point: Point) -> Int? {
        shownFrames(in: layout).firstIndex { $0?.contains(point) == true }
    }

    /// Focusable while its controller shows it (not while it fades out).
    public override var canBecomeFocused: Bool { !isHidden && (menuController?.isMenuVisible ?? false) }

    /// Where the highlighted entry's symbol and title start while it shows, for screen readers
    /// (`Window.cursorFollowsFocus`); else the view's first cell.
    public override var accessibilityCursorPosition: Point? {
        let layout = self.layout
        let frames = shownFrames(in: layout)
        guard frames.indices.contains(highlightedIndex), let frame = frames[highlightedIndex] else {
            return super.accessibilityCursorPosition
        }
        return layout.style == .ring
            ? Point(x: frame.minX + 2, y: frame.minY + 1) : Point(x: frame.minX + 1, y: frame.minY)
    }

    // MARK: Drawing

    public override func draw(in canvas: inout Canvas) {
        let entries = self.entries
        let layout = self.layout
        let frames = shownFrames(in: layout)
        for (index, entry) in entries.enumerated() where frames.indices.contains(index) {
            guard let frame = frames[index], frame.minY < canvas.size.height else { continue }
            draw(entry, in: frame, boxed: layout.style == .ring, highlighted: index == highlightedIndex, on: &canvas)
        }
        drawLabel(
            entries.indices.contains(highlightedIndex) ? entries[highlightedIndex].title : "Nothing to choose",
            in: layout.labelFrame, withHint: layout.style == .ring, on: &canvas)
    }

    private func draw(_ entry: Entry, in frame: Rect, boxed: Bool, highlighted: Bool, on canvas: inout Canvas) {
        let base = highlighted ? focusLook(.plain) : Style.plain
        var text = base
        if entry.isSelected { text.attributes.insert(.bold) }
        canvas.fill(frame, style: base)
        let inner = frame.width - (boxed ? OverlayMenuLayout.boxPadding : OverlayMenuLayout.linePadding)
        let symbol = String(DisplayWidth.prefix(of: entry.symbol, fittingWidth: 2).text)
        let content = DisplayWidth.truncate(symbol + " " + entry.title, toWidth: inner)
        guard boxed else {
            canvas.write(content, at: Point(x: frame.minX + 1, y: frame.minY), style: text, within: frame)
            return
        }
        let rule = String(repeating: "─", count: max(0, frame.width - 2))
        canvas.write("╭" + rule + "╮", at: frame.origin, style: base, within: frame)
        canvas.write("│", at: Point(x: frame.minX, y: frame.minY + 1), style: base, within: frame)
        canvas.write(content, at: Point(x: frame.minX + 2, y: frame.minY + 1), style: text, within: frame)
        canvas.write("│", at: Point(x: frame.maxX - 1, y: frame.minY + 1), style: base, within: frame)
        canvas.write("╰" + rule + "╯", at: Point(x: frame.minX, y: frame.minY + 2), style: base, within: frame)
    }

    private func drawLabel(_ title: String, in frame: Rect, withHint: Bool, on canvas: inout Canvas) {
        guard !frame.isEmpty else { return }
        // Each line on a blank strip a column wider on each side, so it reads over the child.
        func centred(_ text: String, row: Int, style: Style) {
            let shown = DisplayWidth.truncate(text, toWidth: max(0, frame.width - 2))
            let width = DisplayWidth.of(shown)
            let x = frame.minX + (frame.width - width) / 2
            canvas.fill(Rect(x: x - 1, y: row, width: width + 2, height: 1).intersection(frame), style: .plain)
            canvas.write(shown, at: Point(x: x, y: row), style: style, within: frame)
        }
        centred(title, row: frame.minY, style: Style(attributes: .bold))
        if withHint, frame.height > 1 { centred(Self.hint, row: frame.minY + 1, style: Style(attributes: .dim)) }
    }

    // MARK: Keys

    /// The arrows, Tab and Shift-Tab, Home and End move the highlight; Enter or Space choose
    /// the highlighted entry; Escape hides the overlay.
    public override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(
            title: "Overlay menu entries",
            standard: [
                .moveRight, .moveLeft, .moveDown, .moveUp, .focusNext, .focusPrevious, .moveToStart, .moveToEnd,
                .activate, .closeMenu
            ])
        bindings.setKeys([KeyEvent(.enter), KeyEvent(.character(" "))], for: .activate)
        return bindings
    }

    /// Moves the highlight, chooses (`onChoose`) or hides (`onDismiss`).
    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        let count = entries.count
        let row = layout.style == .grid ? layout.columns : 1
        switch command {
        case .moveRight, .focusNext: step(by: 1, count: count)
        case .moveLeft, .focusPrevious: step(by: -1, count: count)
        case .moveDown: step(by: row, count: count)
        case .moveUp: step(by: -row, count: count)
        case .moveToStart: highlightedIndex = 0
        case .moveToEnd: highlightedIndex = count - 1
        case .activate: if count > 0 { onChoose?(highlightedIndex) }
        case .closeMenu: onDismiss?()
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// Moves the highlight by `delta` entries, wrapping around.
    private func step(by delta: Int, count: Int) {
        guard count > 0 else { return }
        highlightedIndex = ((highlightedIndex + delta) % count + count) % count
    }

    // MARK: Mouse

    public override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left):
            pressedEntry = entry(at: point)
            if let pressedEntry { highlightedIndex = pressedEntry } else { onDismiss?() }
        case .press:
            pressedEntry = nil
            onDismiss?()
        case .drag:
            break
        case .release:
            guard let started = pressedEntry else { return true }
            pressedEntry = nil
            if entry(at: point) == started { onChoose?(started) }
        case .wheelUp:
            step(by: -1, count: entries.count)
        case .wheelDown:
            step(by: 1, count: entries.count)
        }
        return true
    }
}
