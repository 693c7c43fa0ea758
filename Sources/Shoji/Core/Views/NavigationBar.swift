/// One row showing a `NavigationItem`: a back button and the left items from the left edge,
/// the right items from the right edge, and the title centred, as UIKit's `UINavigationBar`
/// for a single item.
///
/// Guarantees:
/// - Derived, never stale: the bar keeps no copy of the item. It reads the title when it draws
///   and rebuilds its item buttons in the next layout pass whenever `NavigationItem.version`,
///   the item, `backItem` (or its title or enabled state) or its width changed, so every
///   change shows in the next frame.
/// - Items are `Button` subviews (compact brackets, `[Add]`, in the bar's style), so they read
///   as buttons and apart from each other without colour, Tab reaches them, Enter or Space or a
///   click runs the item's action, focus shows in the theme's focus look, and a disabled item
///   is dimmed. Buttons are kept
///   per item across rebuilds, so a focused item keeps focus when titles change. Tab order is
///   left to right. Each item appears once, however many times it is listed.
/// - Layout: a 1-column margin at each end and a 1-column gap between items. `backItem` is
///   leftmost, drawn `[< Title]`; then `leftBarButtonItems` left to right; `rightBarButtonItems`
///   end at the right edge, the last one rightmost. An item that does not fit whole is hidden,
///   as is every later item of its side (left items take precedence over right ones).
/// - The title (bold) is centred in the whole bar; if that would bring it within 1 column of an
///   item it slides away from the item, and if it still does not fit it is truncated with "…"
///   (`DisplayWidth.truncate`); when not even one character fits before the "…" it is not shown.
/// - The whole bar is filled with `barStyle`, or the theme's `bar` when that is `nil` (reverse
///   video in the standard theme, readable without colour). The bar is meant to be one row
///   high; it draws on its top row.
/// - Differs from UIKit: the bar shows one item, not a stack; `backItem` is the back *button*
///   (UIKit's `backItem` is the previous navigation item), set by the navigation controller.
///   Holds `navigationItem` weakly (its controller owns it) and `backItem` strongly.
@MainActor
open class NavigationBar: View {
    /// The item shown; held weakly, as its controller owns it.
    public weak var navigationItem: NavigationItem? {
        didSet { if navigationItem !== oldValue { setNeedsLayout() } }
    }

    /// The back button, drawn leftmost as `[< title]`; `nil` shows none.
    public var backItem: BarButtonItem? {
        didSet { if backItem !== oldValue { setNeedsLayout() } }
    }

    /// The bar's background and items' style; the title adds bold. Default `nil`: the theme's
    /// `bar` (`Theme`), as UIKit's `barTintColor` falls back to the appearance's.
    public var barStyle: Style? {
        didSet { if barStyle != oldValue { setNeedsLayout() } }
    }

    /// The style the bar is drawn in: `barStyle`, else the theme's.
    private var currentBarStyle: Style { barStyle ?? theme.bar }

    /// Everything the buttons are built from; a difference means the buttons are stale.
    private struct Inputs: Equatable {
        var item: ObjectIdentifier?
        var version: Int
        var back: ObjectIdentifier?
        var backTitle: String?
        var backIsEnabled: Bool
        var width: Int
        var style: Style
    }

    private var builtInputs: Inputs?
    /// The button showing each item, by item identity.
    private var buttons: [ObjectIdentifier: Button] = [:]
    /// Columns the title may use, between the items and their gaps; set by layout.
    private var titleColumns = 0..<0

    private var currentInputs: Inputs {
        Inputs(
            item: navigationItem.map(ObjectIdentifier.init), version: navigationItem?.version ?? 0,
            back: backItem.map(ObjectIdentifier.init), backTitle: backItem?.title,
            backIsEnabled: backItem?.isEnabled ?? false, width: bounds.width, style: currentBarStyle)
    }

    /// The button showing `item`, if the bar shows it now; for tests and for focusing an item.
    public func button(for item: BarButtonItem) -> Button? {
        guard let button = buttons[ObjectIdentifier(item)], !button.isHidden else { return nil }
        return button
    }

    /// One row, and no width of its own (`View.noIntrinsicMetric`): the bar spans what it is
    /// given and fits its items into it.
    open override var intrinsicContentSize: Size {
        var size = Size(width: 0, height: 1)
        size.width = View.noIntrinsicMetric
        return size
    }

    open override func layoutIfNeeded() {
        // The item changes without telling the bar; its version says whether it did.
        if builtInputs != currentInputs { setNeedsLayout() }
        super.layoutIfNeeded()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        builtInputs = currentInputs
        let width = bounds.width
        let leftItems = ((backItem.map { [$0] } ?? []) + (navigationItem?.leftBarButtonItems ?? [])).filter {
            !$0.isHidden
        }
        let rightItems = (navigationItem?.rightBarButtonItems ?? []).filter { !$0.isHidden }

        // Reuse the button of every item still shown; drop the others.
        var kept: [ObjectIdentifier: Button] = [:]
        var ordered: [Button] = []
        for item in leftItems + rightItems where kept[ObjectIdentifier(item)] == nil {
            let button = buttons[ObjectIdentifier(item)] ?? makeButton(for: item)
            button.title = item === backItem ? "< " + item.title : item.title
            button.isEnabled = item.isEnabled
            button.style = currentBarStyle
            // The back button's "<" is a picture: it says the title and that it goes back.
            button.accessibilityLabel = item.accessibilityLabel ?? (item === backItem ? item.title : nil)
            button.accessibilityValue = item.accessibilityValue ?? (item === backItem ? "back" : nil)
            item.bar = self
            kept[ObjectIdentifier(item)] = button
            ordered.append(button)
        }
        for (id, button) in buttons where kept[id] == nil { button.removeFromSuperview() }
        buttons = kept
        // Subview order is Tab order: left to right.
        for (index, button) in ordered.enumerated() where index >= subviews.count || subviews[index] !== button {
            insertSubview(button, at: index)
        }

        var placed = Set<ObjectIdentifier>()
        var leftEnd = 0
        var fits = true
        for item in leftItems where !placed.contains(ObjectIdentifier(item)) {
            placed.insert(ObjectIdentifier(item))
            let button = buttons[ObjectIdentifier(item)]!
            let itemWidth = button.intrinsicContentSize.width
            let x = leftEnd + 1
            fits = fits && x + itemWidth <= width - 1
            button.isHidden = !fits
            if fits {
                button.frame = Rect(x: x, y: 0, width: itemWidth, height: 1)
                leftEnd = x + itemWidth
            }
        }
        var rightStart = width
        fits = true
        for item in rightItems.reversed() where !placed.contains(ObjectIdentifier(item)) {
            placed.insert(ObjectIdentifier(item))
            let button = buttons[ObjectIdentifier(item)]!
            let itemWidth = button.intrinsicContentSize.width
            let x = rightStart - 1 - itemWidth
            fits = fits && x >= leftEnd + 1
            button.isHidden = !fits
            if fits {
                button.frame = Rect(x: x, y: 0, width: itemWidth, height: 1)
                rightStart = x
            }
        }
        titleColumns = (leftEnd + 1)..<max(leftEnd + 1, rightStart - 1)
    }

    private func makeButton(for item: BarButtonItem) -> Button {
        let button = Button(title: item.title, style: currentBarStyle)
        button.border = .compact
        // The item is owned by its navigation item (or by this bar, for the back item).
        button.action = { [weak item] in item?.activate() }
        return button
    }

    open override func draw(in canvas: inout Canvas) {
        canvas.fill(style: currentBarStyle)
        guard let title = navigationItem?.title, !title.isEmpty, !titleColumns.isEmpty else { return }
        let shown = DisplayWidth.truncate(title, toWidth: titleColumns.count)
        // An ellipsis alone says nothing: no room for the title.
        guard shown != DisplayWidth.ellipsis || title == DisplayWidth.ellipsis else { return }
        let titleWidth = DisplayWidth.of(shown)
        let centred = (canvas.size.width - titleWidth) / 2
        let x = min(max(centred, titleColumns.lowerBound), titleColumns.upperBound - titleWidth)
        var style = currentBarStyle
        style.attributes.insert(.bold)
        canvas.write(shown, at: Point(x: x, y: 0), style: style)
    }
}
