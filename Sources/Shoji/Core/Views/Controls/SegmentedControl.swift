/// A row of segments of which one (or none) is selected, as UIKit's `UISegmentedControl`:
/// `[ One | Two | Three ]`.
///
/// Guarantees:
/// - `selectedSegmentIndex` is a segment's index or `SegmentedControl.noSegment` (-1), never
///   anything else: a value set out of range becomes `noSegment`, and removing segments keeps
///   it on the same segment or makes it `noSegment` when that segment went.
/// - `onValueChanged` runs on the main actor once per selection the user changes, after
///   `selectedSegmentIndex` changed, and only while `isEnabled`: Left and Right while focused
///   select the nearest enabled segment before or after the selected one (from none: the last
///   or the first), and a left press then release on the same enabled segment selects it.
///   Choosing the selected segment again, a disabled segment, or moving past either end
///   changes nothing and calls nothing. Changes made in code call nothing (UIKit's rule). The
///   keys and clicks are consumed even when nothing changes, so they never reach a view behind.
/// - Looks, readable without colour: each segment is its title with a space on either side,
///   segments apart by `|`, the row in brackets. From the base `style` (default plain): the
///   selected segment has `.reverse` toggled, `.bold` and the tint (`tintColor`, where the
///   style has no foreground); focused takes the theme's focus look over the whole control (as
///   a `Button`), so the selected segment still stands out; a disabled segment, or every
///   segment of a disabled control, adds the theme's `disabled` attributes.
/// - `intrinsicContentSize` is the width of that row (titles measured by display width) by one
///   row; in a narrower frame the row is cut at the right edge. Drawn on the middle row.
/// - Ownership: the control holds `onValueChanged` strongly; capture its owner weakly.
@MainActor
open class SegmentedControl: Control {
    /// Adjustable; its value the chosen segment and its place ("Week, 2 of 3").
    open override var defaultAccessibility: AccessibilityDescription {
        var description = super.defaultAccessibility
        if titles.indices.contains(selectedSegmentIndex) {
            description.value = "\(titles[selectedSegmentIndex]), \(selectedSegmentIndex + 1) of \(titles.count)"
        }
        description.traits.insert(.adjustable)
        return description
    }

    /// The index that means no segment is selected (UIKit's `noSegment`).
    public static let noSegment = -1

    /// The segments' titles, left to right.
    public private(set) var titles: [String]
    /// Whether each segment can be chosen, as `titles`.
    private var enabledSegments: [Bool]

    /// The selected segment's index, or `noSegment`. Setting it calls no callback; an index
    /// out of range becomes `noSegment`.
    public var selectedSegmentIndex: Int = SegmentedControl.noSegment {
        didSet {
            if !titles.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = Self.noSegment }
            if selectedSegmentIndex != oldValue { setNeedsDisplay() }
        }
    }

    /// Run after each selection the user changes (see the type's guarantees): the control's
    /// handler of `.valueChanged` (`Control.addAction(for:_:)` adds more). Capture owners weakly.
    public var onValueChanged: (@MainActor (SegmentedControl) -> Void)? {
        didSet { replaceAction(&onValueChangedID, for: .valueChanged, withTyped: onValueChanged) }
    }
    private var onValueChangedID: Control.ActionIdentifier?

    /// The segment the press being tracked began on, if any.
    private var pressedSegment: Int?

    /// A control with a segment per title, none selected; give it a frame or call
    /// `sizeToFit()`.
    public init(items: [String], style: Style = .plain, frame: Rect = .zero) {
        titles = items
        enabledSegments = Array(repeating: true, count: items.count)
        super.init(style: style, frame: frame)
    }

    // MARK: Segments

    /// How many segments there are.
    public var numberOfSegments: Int { titles.count }

    /// The title of segment `index`, `nil` out of range.
    public func titleForSegment(at index: Int) -> String? {
        titles.indices.contains(index) ? titles[index] : nil
    }

    /// Changes the title of segment `index`; out of range does nothing.
    public func setTitle(_ title: String, forSegmentAt index: Int) {
        guard titles.indices.contains(index), titles[index] != title else { return }
        titles[index] = title
        invalidateIntrinsicContentSize()
    }

    /// Inserts an enabled segment titled `title` at `index` (clamped to 0...numberOfSegments);
    /// the selection stays on the segment it was on.
    public func insertSegment(withTitle title: String, at index: Int) {
        let at = min(max(0, index), titles.count)
        titles.insert(title, at: at)
        enabledSegments.insert(true, at: at)
        if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
    }

    /// Removes segment `index` (out of range does nothing); a selection on it becomes
    /// `noSegment`, one after it moves with its segment.
    public func removeSegment(at index: Int) {
        guard titles.indices.contains(index) else { return }
        titles.remove(at: index)
        enabledSegments.remove(at: index)
        if selectedSegmentIndex == index {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > index {
            selectedSegmentIndex -= 1
        }
        invalidateIntrinsicContentSize()
    }

    /// Removes every segment; nothing is selected.
    public func removeAllSegments() {
        titles = []
        enabledSegments = []
        selectedSegmentIndex = Self.noSegment
        invalidateIntrinsicContentSize()
    }

    /// Lets the user choose segment `index` or not, as UIKit's method of the same name; out of
    /// range does nothing. A disabled segment can still be selected in code.
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard enabledSegments.indices.contains(index), enabledSegments[index] != enabled else { return }
        enabledSegments[index] = enabled
        setNeedsDisplay()
    }

    /// Whether the user can choose segment `index` (false out of range).
    public func isEnabledForSegment(at index: Int) -> Bool {
        enabledSegments.indices.contains(index) && enabledSegments[index]
    }

    // MARK: Choosing

    /// Selects segment `index` as the user does: if the control and the segment are enabled
    /// and it is not selected yet, selects it and calls `onValueChanged`. Returns whether the
    /// selection changed.
    @discardableResult
    public func choose(_ index: Int) -> Bool {
        guard isEnabled, isEnabledForSegment(at: index), index != selectedSegmentIndex else { return false }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
        return true
    }

    /// The nearest enabled segment from the selected one in `direction` (-1 or 1); from none,
    /// the first (1) or the last (-1) enabled one.
    private func neighbour(_ direction: Int) -> Int? {
        var index = selectedSegmentIndex == Self.noSegment ? (direction > 0 ? -1 : titles.count) : selectedSegmentIndex
        index += direction
        while titles.indices.contains(index) {
            if enabledSegments[index] { return index }
            index += direction
        }
        return nil
    }

    // MARK: Size and drawing

    /// The text of segment `index` as drawn: its title with a space on either side.
    private func cell(_ index: Int) -> String { " " + titles[index] + " " }

    /// Each segment's first column and width in the full row.
    private var segmentColumns: [(start: Int, width: Int)] {
        var x = 1
        return titles.indices.map { index in
            let width = DisplayWidth.of(cell(index))
            defer { x += width + 1 }
            return (x, width)
        }
    }

    /// The full row's width (brackets, segments and separators) by one row; an empty control
    /// is `[]`.
    open override var intrinsicContentSize: Size {
        let segments = titles.indices.reduce(0) { $0 + DisplayWidth.of(cell($1)) }
        return Size(width: 2 + segments + max(0, titles.count - 1), height: 1)
    }

    open override func draw(in canvas: inout Canvas) {
        guard let (look, row) = fillBackground(in: &canvas) else { return }
        var x = canvas.write("[", at: Point(x: 0, y: row), style: look)
        for index in titles.indices {
            if index > 0 { x = canvas.write("|", at: Point(x: x, y: row), style: look) }
            var segment = look
            if index == selectedSegmentIndex {
                segment = theme.tinted(segment, tint: tintColor)
                segment.attributes.formSymmetricDifference(.reverse)
                segment.attributes.insert(.bold)
            }
            if !isEnabledForSegment(at: index) { segment.attributes.formUnion(theme.disabled) }
            x = canvas.write(cell(index), at: Point(x: x, y: row), style: segment)
        }
        canvas.write("]", at: Point(x: x, y: row), style: look)
    }

    // MARK: Input

    /// Left and Right select the segment before and after the selected one.
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Segmented control",
            [
                KeyBinding(.moveLeft, keys: [KeyEvent(.left)], title: "Previous segment"),
                KeyBinding(.moveRight, keys: [KeyEvent(.right)], title: "Next segment")
            ])
    }

    /// Selects the neighbouring enabled segment (`choose(_:)`); taken even when nothing changes.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .moveLeft: if let index = neighbour(-1) { choose(index) }
        case .moveRight: if let index = neighbour(1) { choose(index) }
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// The segment at column `x` of the row, if any (not a bracket or a separator).
    public func segmentIndex(atColumn x: Int) -> Int? {
        segmentColumns.firstIndex { x >= $0.start && x < $0.start + $0.width }
    }

    /// A press is tracked on a segment (not on a bracket or a separator).
    open override func beginTracking(at point: Point) -> Bool {
        pressedSegment = segmentIndex(atColumn: point.x)
        return isEnabled && pressedSegment != nil
    }

    /// A release on the segment the press began on chooses it.
    open override func endTracking(at point: Point) {
        if let pressed = pressedSegment, isTouchInside, segmentIndex(atColumn: point.x) == pressed { choose(pressed) }
        pressedSegment = nil
    }
}
