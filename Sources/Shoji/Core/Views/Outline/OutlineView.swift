/// A table whose rows are a tree: items with children shown indented below them, expanded and
/// collapsed by the user, as AppKit's `NSOutlineView`. The columns, their layout, the header,
/// sorting, the row selection and its callbacks are `TableView`'s; the first column shows each
/// item's indentation and disclosure glyph before its text.
///
/// Guarantees:
/// - Lazy: the tree is asked of `outlineDataSource` as it is shown (see
///   `OutlineViewDataSource`). Only expanded items are kept (their child count and which of
///   their children are expanded); a row's item is found by walking those counts (a binary
///   search per level), never by flattening the tree. Expanding an item of a million children
///   asks its count, and then only for the rows drawn: a frame costs the rows on screen
///   whatever the tree holds.
/// - Items are known by identity (`AnyHashable`, unique within the tree): the selection
///   follows its item across `reloadData()` (as a table's follows its row's identity), and
///   expanded items stay expanded when the reload finds them again.
/// - Expanding and collapsing (keys, clicks, code) keep the selection on its item, or, when
///   a collapse hides it, move it to the collapsed item; the app's `onSelectionChange` hears
///   the user's changes of selected item only. Collapsing an item forgets which items below it
///   were expanded (AppKit's `collapseItem(_:collapseChildren:)` with `true`).
/// - Keys (in `keyBindings`, title "Outline", with the table's): Right expands the selected
///   item, or selects its first child when it is expanded; Left collapses it, or selects its
///   parent when it is collapsed; `*` expands the selected item and the items below it,
///   breadth first, until `expansionLimit` children were looked at (the rest stay collapsed);
///   Enter activates (`onActivate`), the other moves and sort keys as a table's. Left and
///   Right do not scroll sideways as in a table (the wheel and the scroll bar still do).
/// - Mouse: a left press on an item's disclosure glyph toggles it without selecting the row;
///   elsewhere the rows take the mouse as a table's.
/// - Looks: in the first column, `indentationPerLevel` spaces per level, then "▾" (expanded),
///   "▸" (collapsed) or a space (not expandable), a space and the item's text; `-` and `+` with
///   the `.ascii` glyph set.
/// - Screen readers: the value names the selected item's cells, its level (1 for the top
///   level), whether it is expanded or collapsed and its row ("Name src, Size 4 KB, level 2,
///   expanded, row 3 of 40").
/// - Main actor only; the data source is held weakly. The inherited `dataSource` is the
///   outline's own bridge to its table: set `outlineDataSource`, not `dataSource`.
@MainActor
open class OutlineView: TableView {
    /// Where the tree comes from; held weakly. Setting it reloads.
    public weak var outlineDataSource: (any OutlineViewDataSource)? {
        didSet { reloadData() }
    }

    /// Spaces of indentation per level in the first column (default 2; negative counts as 0),
    /// as `NSOutlineView.indentationPerLevel`.
    public var indentationPerLevel = 2 {
        didSet { if indentationPerLevel != oldValue { setNeedsDisplay() } }
    }

    /// How many children `*` (and `expandItem(_:expandChildren:)` with `true`) looks at, at
    /// most, when it expands a subtree (default 10,000): each one is asked of the data source,
    /// so a subtree of millions is expanded only as far as that.
    public var expansionLimit = 10_000

    /// The invisible root, whose children are the top-level rows.
    private var root = OutlineNode(item: nil, index: 0, parent: nil, childCount: 0)
    /// The expanded items' nodes.
    private var expandedNodes: [AnyHashable: OutlineNode] = [:]
    /// The table's data source, held here (the table holds it weakly).
    private lazy var tableSource = OutlineTableSource(outline: self)

    /// The last row looked up, reused while the tree is unchanged: a frame looks up each row
    /// once for all its columns.
    private var lastLookup: Lookup?
    /// Bumped by every change of the tree's shape, so a lookup is not reused after it.
    private var generation = 0

    /// Where a row is: its parent node, its index there, its level, its node when expanded and
    /// its item.
    private struct Lookup {
        var generation: Int
        var row: Int
        var parent: OutlineNode
        var index: Int
        var level: Int
        var node: OutlineNode?
        var item: AnyHashable
        var isExpandable: Bool?
    }

    /// How far from its old place `reloadData()` looks for an expanded item among its parent's
    /// children, each way, before it takes it for gone.
    static let reloadSearchDistance = 256

    /// An empty outline; give it columns, a data source and a frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        dataSource = tableSource
    }

    // MARK: The tree

    /// The rows the tree shows now: the top-level items and the subtrees of the expanded ones.
    var rowCountOfTree: Int { root.rowCount }

    /// Where `row` is in the tree (nil out of range or without a data source).
    private func lookup(_ row: Int) -> Lookup? {
        if let last = lastLookup, last.generation == generation, last.row == row { return last }
        guard row >= 0, row < root.rowCount, let outlineDataSource else { return nil }
        let place = root.locate(row)
        let item =
            place.node?.item ?? outlineDataSource.outlineView(self, child: place.index, ofItem: place.parent.item)
        let found = Lookup(
            generation: generation, row: row, parent: place.parent, index: place.index, level: place.depth,
            node: place.node, item: item)
        lastLookup = found
        return found
    }

    /// Whether the item at `row` can be expanded, asked once per lookup.
    private func isExpandable(row: Int) -> Bool {
        guard var found = lookup(row), let outlineDataSource else { return false }
        if let known = found.isExpandable { return known }
        let answer = found.node != nil || outlineDataSource.outlineView(self, isItemExpandable: found.item)
        found.isExpandable = answer
        lastLookup = found
        return answer
    }

    /// The item shown at `row`, or `nil` when there is no such row, as
    /// `NSOutlineView.item(atRow:)`. Costs a binary search per level (and one `child:ofItem:`
    /// call for a collapsed item).
    public func item(atRow row: Int) -> AnyHashable? { lookup(row)?.item }

    /// The row that shows `item`, or `nil` when it shows nowhere (an ancestor is collapsed, or
    /// no such item), as `NSOutlineView.row(forItem:)` (which says -1). An expanded item is
    /// found by its place; another by looking at the rows in order, which costs a data source
    /// call per row before it: use `item(atRow:)` where the row is known.
    public func row(forItem item: AnyHashable) -> Int? {
        if let node = expandedNodes[item] { return node.row }
        for row in 0..<root.rowCount where self.item(atRow: row) == item { return row }
        return nil
    }

    /// How deep the item at `row` is: 0 for the top level, as `NSOutlineView.level(forRow:)`;
    /// `nil` when there is no such row.
    public func level(forRow row: Int) -> Int? { lookup(row)?.level }

    /// How deep `item` is (0 for the top level), or `nil` when it shows nowhere, as
    /// `NSOutlineView.level(forItem:)` (which says -1); found as `row(forItem:)` finds it.
    public func level(forItem item: AnyHashable) -> Int? {
        if let node = expandedNodes[item] { return node.level }
        return row(forItem: item).flatMap { level(forRow: $0) }
    }

    /// The item whose child the item at `row` is, or `nil` for a top-level row or no such row.
    public func parent(ofRow row: Int) -> AnyHashable? { lookup(row)?.parent.item }

    /// Whether `item` is expanded, as `NSOutlineView.isItemExpanded(_:)`.
    public func isItemExpanded(_ item: AnyHashable) -> Bool { expandedNodes[item] != nil }

    /// The selected row's item, or `nil`.
    public var selectedItem: AnyHashable? { selectedRow.flatMap { item(atRow: $0) } }

    /// Expands `item` if it shows and the data source says it is expandable, as
    /// `NSOutlineView.expandItem(_:expandChildren:)`; with `expandChildren`, the items below
    /// it too (breadth first, as far as `expansionLimit` allows). `nil` stands for the root
    /// (always expanded): with `expandChildren`, the top-level items and those below them are
    /// expanded, as far as the limit allows. Calls nothing.
    public func expandItem(_ item: AnyHashable?, expandChildren: Bool = false) {
        guard let item else {
            guard expandChildren, let source = outlineDataSource else { return }
            changeTree(byUser: false) { expandSubtree(of: root, from: source) }
            return
        }
        guard let row = row(forItem: item) else { return }
        expand(row: row, children: expandChildren, byUser: false)
    }

    /// Collapses `item` (and forgets which items below it were expanded), as
    /// `NSOutlineView.collapseItem(_:)`; the selection moves to it when it was below it. Calls
    /// nothing.
    public func collapseItem(_ item: AnyHashable) {
        guard let node = expandedNodes[item] else { return }
        changeTree(byUser: false) { collapse(node) }
    }

    /// Asks the data source for the tree again: the top-level count, then each expanded item
    /// still found (at its old index or within `reloadSearchDistance` of it, and still
    /// expandable) stays expanded and is asked its count; the others collapse. The selection
    /// follows its item (see `TableView.reloadData()`), and the columns are measured anew.
    public override func reloadData() {
        generation += 1
        lastLookup = nil
        if let outlineDataSource {
            rebuild(root, from: outlineDataSource)
        } else {
            root.reset(childCount: 0, expanded: [])
            expandedNodes = [:]
        }
        super.reloadData()
    }

    /// Re-reads `node`'s count and finds its expanded children again, depth first.
    private func rebuild(_ node: OutlineNode, from source: any OutlineViewDataSource) {
        let count = max(0, source.outlineView(self, numberOfChildrenOfItem: node.item))
        var kept: [OutlineNode] = []
        var children: [OutlineNode] = []
        node.forEachChild { children.append($0) }
        for child in children {
            guard let item = child.item,
                let index = index(of: item, near: child.index, count: count, in: node.item, from: source),
                source.outlineView(self, isItemExpandable: item)
            else {
                forget(child)
                continue
            }
            child.index = index
            rebuild(child, from: source)
            kept.append(child)
        }
        node.reset(childCount: count, expanded: kept)
    }

    /// Where `item` is now among `parent`'s `count` children, searched outward from `start`.
    private func index(
        of item: AnyHashable, near start: Int, count: Int, in parent: AnyHashable?,
        from source: any OutlineViewDataSource
    ) -> Int? {
        guard count > 0 else { return nil }
        let start = min(start, count - 1)
        for distance in 0...Self.reloadSearchDistance {
            let below = start + distance, above = start - distance
            if below < count, source.outlineView(self, child: below, ofItem: parent) == item { return below }
            if distance > 0, above >= 0, source.outlineView(self, child: above, ofItem: parent) == item {
                return above
            }
            if below >= count - 1, above <= 0 { break }
        }
        return nil
    }

    /// Drops `node` and every expanded node below it from the index.
    private func forget(_ node: OutlineNode) {
        if let item = node.item { expandedNodes[item] = nil }
        node.forEachDescendant { if let item = $0.item { expandedNodes[item] = nil } }
    }

    private func collapse(_ node: OutlineNode) {
        forget(node)
        node.parent?.remove(node)
    }

    /// Whether `node` is still part of the tree.
    private func isAttached(_ node: OutlineNode) -> Bool {
        guard let item = node.item else { return node === root }
        return expandedNodes[item] === node
    }

    /// Expands the item at `row` (and with `children`, the items below it).
    private func expand(row: Int, children: Bool, byUser: Bool) {
        guard let found = lookup(row), let source = outlineDataSource else { return }
        let expandable = isExpandable(row: row)
        changeTree(byUser: byUser) {
            var node = found.node
            if node == nil, expandable, expandedNodes[found.item] == nil {
                node = attach(found.item, index: found.index, to: found.parent, from: source)
            }
            if children, let node { expandSubtree(of: node, from: source) }
        }
    }

    /// Records `item`, child `index` of `parent`, as expanded, asking its child count.
    private func attach(_ item: AnyHashable, index: Int, to parent: OutlineNode, from source: any OutlineViewDataSource)
        -> OutlineNode
    {
        let count = source.outlineView(self, numberOfChildrenOfItem: item)
        let node = OutlineNode(item: item, index: index, parent: parent, childCount: count)
        parent.insert(node)
        expandedNodes[item] = node
        return node
    }

    /// Expands the expandable items below `node`, breadth first, looking at no more than
    /// `expansionLimit` children.
    private func expandSubtree(of node: OutlineNode, from source: any OutlineViewDataSource) {
        var budget = max(0, expansionLimit)
        var queue = [node]
        var head = 0
        while head < queue.count, budget > 0 {
            let current = queue[head]
            head += 1
            for index in 0..<current.childCount {
                guard budget > 0 else { break }
                budget -= 1
                if let existing = current.expandedChild(at: index) {
                    queue.append(existing)
                    continue
                }
                let child = source.outlineView(self, child: index, ofItem: current.item)
                guard expandedNodes[child] == nil, source.outlineView(self, isItemExpandable: child) else { continue }
                queue.append(attach(child, index: index, to: current, from: source))
            }
        }
    }

    /// Changes the tree's shape with `body`, then puts the selection on its item's new row (or
    /// on the nearest ancestor still shown), takes the new row count and redraws; a user's
    /// change that selected another item is told (`onSelectionChange`).
    private func changeTree(byUser: Bool, _ body: () -> Void) {
        // The selected item's place, with its ancestors held: a collapse may drop them.
        var chain: [(node: OutlineNode, index: Int)] = []
        if let row = selectedRow, let found = lookup(row) {
            chain.append((found.parent, found.index))
            var node = found.parent
            while let parent = node.parent {
                chain.append((parent, node.index))
                node = parent
            }
        }
        let selectedBefore = selectedItem
        body()
        generation += 1
        lastLookup = nil
        var newRow: Int?
        if let place = chain.first(where: { isAttached($0.node) }) {
            newRow = place.node.row + 1 + place.node.row(ofChild: place.index)
        }
        rowsDidChange(count: root.rowCount, selecting: newRow)
        if byUser, selectedItem != selectedBefore { onSelectionChange?(selectedRow) }
    }

    // MARK: Cells

    /// The text of `column`'s cell in `row`: in the first column after the indentation and the
    /// disclosure glyph.
    func cellText(for column: TableColumn, row: Int) -> String {
        guard let found = lookup(row), let outlineDataSource else { return "" }
        let text = outlineDataSource.outlineView(self, textFor: column, item: found.item)
        guard column.identifier == columns.first?.identifier else { return text }
        return prefix(ofRow: row, level: found.level) + text
    }

    /// The indentation and the disclosure glyph (and the space after it) of `row`.
    private func prefix(ofRow row: Int, level: Int) -> String {
        String(repeating: " ", count: level * max(0, indentationPerLevel)) + glyph(ofRow: row) + " "
    }

    /// "▾", "▸" or a space (`-`, `+`, a space with the `.ascii` glyph set).
    private func glyph(ofRow row: Int) -> String {
        guard isExpandable(row: row) else { return " " }
        let expanded = lookup(row)?.node != nil
        switch glyphSet {
        case .unicode: return expanded ? "▾" : "▸"
        case .ascii: return expanded ? "-" : "+"
        }
    }

    /// The data source's style for `column`'s cell in `row`.
    func cellStyle(for column: TableColumn, row: Int) -> Style? {
        guard let found = lookup(row) else { return nil }
        return outlineDataSource?.outlineView(self, styleFor: column, item: found.item)
    }

    // MARK: Accessibility

    /// A list whose value is the selected item's cells, level, state and row ("Name src, level
    /// 2, expanded, row 3 of 40").
    open override var defaultAccessibility: AccessibilityDescription {
        var value: String?
        if let row = selectedRow, let found = lookup(row), let outlineDataSource {
            var parts = columns.map {
                "\($0.title) \(outlineDataSource.outlineView(self, textFor: $0, item: found.item))"
            }
            parts.append("level \(found.level + 1)")
            if isExpandable(row: row) { parts.append(found.node != nil ? "expanded" : "collapsed") }
            parts.append("row \(row + 1) of \(numberOfRows)")
            value = parts.joined(separator: ", ")
        }
        return AccessibilityDescription(value: value, traits: .list, isElement: true)
    }

    // MARK: Keys

    /// The table's keys, with Right and Left expanding and collapsing and `*` expanding a
    /// subtree (see the type's notes).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = super.defaultKeyBindings
        bindings.title = "Outline"
        bindings.set(KeyBinding(.moveRight, keys: [KeyEvent(.right)], title: "Expand, or to the first child"))
        bindings.set(KeyBinding(.moveLeft, keys: [KeyEvent(.left)], title: "Collapse, or to the parent"))
        bindings.set(KeyBinding(.expandAll, keys: [KeyEvent(.character("*"))], title: "Expand all below"))
        return bindings
    }

    /// Left, Right and `*` need a selected row; the others are the table's.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveLeft, .moveRight, .expandAll: return selectedRow != nil
        default: return super.canPerform(command)
        }
    }

    /// Expands, collapses or moves to the first child or the parent; the others are the table's.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard let row = selectedRow, let found = lookup(row) else { return super.perform(command, key: key) }
        switch command {
        case .moveRight:
            if let node = found.node {
                if node.childCount > 0 { userSelect(row + 1) }
            } else {
                expand(row: row, children: false, byUser: true)
            }
        case .moveLeft:
            if let node = found.node {
                changeTree(byUser: true) { collapse(node) }
            } else if found.parent !== root {
                userSelect(found.parent.row)
            }
        case .expandAll:
            expand(row: row, children: true, byUser: true)
        default:
            return super.perform(command, key: key)
        }
        return true
    }

    // MARK: Mouse

    /// A left press on a disclosure glyph toggles its item; the rest is the table's.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        if case .press(.left) = event.kind, let row = row(at: point), isOnGlyph(point, row: row) {
            if let node = lookup(row)?.node {
                changeTree(byUser: true) { collapse(node) }
            } else {
                expand(row: row, children: false, byUser: true)
            }
            return true
        }
        return super.mouseEvent(event, at: point)
    }

    /// Whether `point` (view coordinates, on `row`) is on that row's disclosure glyph.
    private func isOnGlyph(_ point: Point, row: Int) -> Bool {
        guard column(at: point) == 0, let first = columns.first, let width = columnWidths.first, isExpandable(row: row),
            let level = level(forRow: row)
        else { return false }
        let shown = DisplayWidth.truncate(cellText(for: first, row: row), toWidth: width)
        let start = first.alignment.offset(ofLineWidth: DisplayWidth.of(shown), in: width)
        let glyphX = start + level * max(0, indentationPerLevel)
        let x = point.x - convertFromContent(.zero).x
        return x == glyphX && glyphX < width
    }
}
