/// One row of tabs, as UIKit's `UITabBar`: one item per tab, the selected one highlighted.
/// A `TabBarController` owns one and keeps its items and selection in line with its tabs;
/// the bar itself selects nothing: it reports clicks and keys (`onItemChosen`) and the
/// controller decides.
///
/// Guarantees:
/// - Derived, never stale: the bar keeps no copy of an item's content. It reads the items'
///   titles, symbols and badges at each layout pass and fits them again whenever any of them,
///   the selection or the width changed, so every change shows in the next frame.
/// - Fitting (see `TabBarLayout`): full labels if they fit, else titles truncated by display
///   width, else symbols alone, else a scrolling window with "‹" / "›" marks; the selected
///   item is always shown (cut to the width if even it alone does not fit). A wide character
///   is never cut in half, and control characters in titles are drawn inert (`^[`).
/// - Looks, readable without colour: the whole row in `barStyle`, else the theme's `bar`
///   (reverse video in the standard theme, like the navigation bar); the selected item with
///   reverse toggled and bold, so it reads as a tab joined to the content; its badge bold;
///   while the bar has focus the selected item is underlined too, and drawn in the tint when
///   the theme draws focus in it (`Theme.focusUsesTint`).
/// - Input: a left press and release on the same item reports it (`onItemChosen`, by mouse),
///   also the selected one; on "‹" or "›" it reports the item before or after the selected
///   one. The bar takes focus (so keys reach its tab bar controller whatever the selected tab
///   shows); while focused, Left and Right report the item before and after the selected one
///   (by key).
/// - Draws on its top row; meant to be one row high.
@MainActor
open class TabBar: View {
    /// The chosen tab, as a tab, with its place ("Inbox, tab, 2 of 5").
    open override var defaultAccessibility: AccessibilityDescription {
        guard let selected = selectedIndex, items.indices.contains(selected) else {
            return AccessibilityDescription(traits: .tab, isElement: !items.isEmpty)
        }
        return AccessibilityDescription(
            label: items[selected].title, value: "\(selected + 1) of \(items.count)", traits: [.tab, .selected],
            isElement: true)
    }

    /// The items shown, left to right. The bar holds them strongly (their controllers own
    /// them too); an item keeps its controller weakly.
    public var items: [TabBarItem] = [] {
        didSet { setNeedsLayout() }
    }

    /// The highlighted item, if it is one of `items`.
    public weak var selectedItem: TabBarItem? {
        didSet { if selectedItem !== oldValue { setNeedsLayout() } }
    }

    /// The index of `selectedItem` in `items`; derived.
    public var selectedIndex: Int? {
        guard let selectedItem else { return nil }
        return items.firstIndex { $0 === selectedItem }
    }

    /// How the user chose an item.
    public enum Choice: Sendable {
        /// A click on the item (or on a "more" mark).
        case mouse
        /// Left or Right while the bar has focus.
        case key
    }

    /// Called with the index of the item the user chose and how. Held strongly: capture owners
    /// weakly.
    public var onItemChosen: (@MainActor (_ index: Int, _ choice: Choice) -> Void)?

    /// The bar's background and items' style. Default `nil`: the theme's `bar` (`Theme`).
    public var barStyle: Style? {
        didSet { if barStyle != oldValue { setNeedsDisplay() } }
    }

    /// The first item shown while the bar scrolls (0 otherwise).
    public var firstVisibleIndex: Int { layout.firstVisible }

    /// The columns item `index` takes in the bar now (padding included), or `nil` when it is
    /// not shown. Measured at the last layout pass: what the last frame showed.
    public func columns(ofItemAt index: Int) -> Range<Int>? { layout.slot(for: index)?.columns }

    private(set) var layout = TabBarLayout.make(entries: [], width: 0, selected: nil)
    private var fittedInputs: Inputs?
    /// The item a left press began on (or -1 / -2 for the marks), until its release.
    private var pressedTarget: Int?

    /// Everything a layout is computed from.
    private struct Inputs: Equatable {
        var entries: [TabBarLayout.Entry]
        var width: Int
        var selected: Int?
    }

    private var currentInputs: Inputs {
        Inputs(entries: items.map(Self.entry), width: bounds.width, selected: selectedIndex)
    }

    /// What an item shows: its title (its controller's title by default), "Untitled" when it
    /// has neither title nor symbol.
    private static func entry(_ item: TabBarItem) -> TabBarLayout.Entry {
        let title = item.title ?? ""
        return TabBarLayout.Entry(
            title: title.isEmpty && item.symbol == nil ? "Untitled" : title,
            symbol: item.symbol, badge: item.badgeValue)
    }

    /// One row, and no width of its own (`View.noIntrinsicMetric`): the bar spans what it is
    /// given and fits its items into it (see the type's fitting rules).
    open override var intrinsicContentSize: Size {
        var size = Size(width: 0, height: 1)
        size.width = View.noIntrinsicMetric
        return size
    }

    open override func layoutIfNeeded() {
        // Items change without telling the bar; compare what it was fitted from.
        if fittedInputs != currentInputs { setNeedsLayout() }
        super.layoutIfNeeded()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inputs = currentInputs
        fittedInputs = inputs
        layout = TabBarLayout.make(
            entries: inputs.entries, width: inputs.width, selected: inputs.selected,
            firstVisible: layout.firstVisible)
    }

    /// The selected tab's label while it shows, for screen readers (`Window.cursorFollowsFocus`);
    /// else the bar's first cell.
    open override var accessibilityCursorPosition: Point? {
        guard let selected = selectedIndex, let slot = layout.slots.first(where: { $0.index == selected }) else {
            return super.accessibilityCursorPosition
        }
        return Point(x: slot.labelX, y: 0)
    }

    // MARK: Drawing

    open override func draw(in canvas: inout Canvas) {
        let barStyle = barStyle ?? theme.bar
        canvas.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: min(1, canvas.size.height)), style: barStyle)
        let selected = selectedIndex
        var selectedStyle = barStyle
        selectedStyle.attributes.formSymmetricDifference(.reverse)
        selectedStyle.attributes.insert(.bold)
        if isFocused {
            // Reverse is already the selection's: focus underlines it instead (see `Theme`).
            selectedStyle.attributes.insert(.underline)
            if theme.focusUsesTint, tintColor != .default { selectedStyle.foreground = tintColor }
        }
        for slot in layout.slots {
            let style = slot.index == selected ? selectedStyle : barStyle
            let area = Rect(x: slot.columns.lowerBound, y: 0, width: slot.columns.count, height: 1)
            canvas.fill(area, style: style)
            canvas.write(slot.label, at: Point(x: slot.labelX, y: 0), style: style, within: area)
            if let badge = slot.badgeColumns {
                canvas.restyle(Rect(x: badge.lowerBound, y: 0, width: badge.count, height: 1)) {
                    var bold = $0
                    bold.attributes.insert(.bold)
                    return bold
                }
            }
        }
        if layout.showsLeadingMore { canvas.write(TabBarLayout.leadingMore, at: Point(x: 0, y: 0), style: barStyle) }
        if layout.showsTrailingMore {
            canvas.write(TabBarLayout.trailingMore, at: Point(x: canvas.size.width - 1, y: 0), style: barStyle)
        }
    }

    // MARK: Input

    /// Focusable while it has items, so keys reach the tab bar controller even when the
    /// selected tab shows nothing focusable.
    open override var canBecomeFocused: Bool { !items.isEmpty }

    open override func focusDidChange() {
        super.focusDidChange()
        setNeedsDisplay()
    }

    /// What a click at column `x` chooses: an item's index, or the neighbour of the selected
    /// item for the "more" marks.
    private func target(at x: Int) -> Int? {
        if layout.showsLeadingMore, x == 0 { return neighbour(by: -1) }
        if layout.showsTrailingMore, x == bounds.width - 1 { return neighbour(by: 1) }
        return layout.index(at: x)
    }

    /// The index `offset` items from the selected one, if there is such an item.
    private func neighbour(by offset: Int) -> Int? {
        guard let selected = selectedIndex else { return items.isEmpty ? nil : 0 }
        let index = selected + offset
        return items.indices.contains(index) ? index : nil
    }

    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left):
            pressedTarget = point.y == 0 ? target(at: point.x) : nil
            return true
        case .drag(.left):
            return pressedTarget != nil
        case .release:
            guard let pressed = pressedTarget else { return false }
            pressedTarget = nil
            if point.y == 0, target(at: point.x) == pressed { onItemChosen?(pressed, .mouse) }
            return true
        default:
            return false
        }
    }

    /// Left and Right (`.moveLeft`, `.moveRight`) report the item before and after the
    /// selected one; at either end they are still taken, so focus does not leak to a view
    /// behind.
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(title: "Tab bar", standard: [.moveLeft, .moveRight])
    }

    /// Reports the neighbouring item (`onItemChosen`).
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .moveLeft || command == .moveRight else { return super.perform(command, key: key) }
        if let index = neighbour(by: command == .moveLeft ? -1 : 1) { onItemChosen?(index, .key) }
        return true
    }
}
