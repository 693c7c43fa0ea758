@testable import Shoji
import ShojiTesting

/// A child for container tests: its view paints its letter over every cell (in `style`), and it
/// notes the frame its view had in each `viewWillAppear`, how often its view loaded and
/// unloaded. A transparent card (`opaque: false`) paints only its letter's first row and says
/// its view is not opaque.
@MainActor
class Card: ViewController {
    let letter: Character
    let opaque: Bool
    private(set) var framesAtWillAppear: [Rect] = []
    private(set) var loads = 0
    private(set) var unloads = 0

    init(_ letter: Character, title: String? = nil, opaque: Bool = true) {
        self.letter = letter
        self.opaque = opaque
        super.init()
        self.title = title ?? String(letter)
    }

    override func loadView() {
        let fill = Fill(letter, allRows: opaque)
        fill.isOpaque = opaque
        view = fill
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
    }

    override func viewDidUnload() {
        super.viewDidUnload()
        unloads += 1
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        framesAtWillAppear.append(view.frame)
    }

    private final class Fill: View {
        let letter: Character
        let allRows: Bool
        init(_ letter: Character, allRows: Bool) {
            self.letter = letter
            self.allRows = allRows
            super.init()
        }
        override func draw(in canvas: inout Canvas) {
            let row = String(repeating: letter, count: canvas.size.width)
            for y in 0..<(allRows ? canvas.size.height : min(1, canvas.size.height)) {
                canvas.write(row, at: Point(x: 0, y: y))
            }
        }
    }
}

/// A card laid out for one size class that hands over to a card of the other class: an
/// uppercase letter when regular, lowercase when compact. Clones are made once and kept, so
/// each side hands back the same partner.
@MainActor
final class CloningCard: Card, SizeClassCloning {
    let sizeClass: SizeClass
    private weak var partnerIfMade: CloningCard?
    private(set) var clonesMade = 0

    init(_ letter: Character, sizeClass: SizeClass) {
        self.sizeClass = sizeClass
        let shown = sizeClass == .regular ? Character(letter.uppercased()) : Character(letter.lowercased())
        super.init(shown, title: String(shown))
    }

    func clone(for sizeClass: SizeClass) -> ViewController? {
        guard sizeClass != self.sizeClass else { return nil }
        if let partnerIfMade { return partnerIfMade }
        let partner = CloningCard(letter, sizeClass: sizeClass)
        partner.partnerIfMade = self
        partnerIfMade = partner
        clonesMade += 1
        return partner
    }
}

/// The article's split view as a placeholder subclass: a list column of `listWidth` cells
/// painted with "|" on the left, the placeholder over the rest.
@MainActor
final class SplitContainer: PlaceholderViewController {
    let listWidth: Int

    init(listWidth: Int = 10) {
        self.listWidth = listWidth
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let list = ListColumn(frame: Rect(x: 0, y: 0, width: listWidth, height: view.bounds.height))
        list.autoresizingMask = .flexibleHeight
        view.addSubview(list)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        placeholderViews[0].frame = Rect(
            x: listWidth, y: 0, width: max(0, view.bounds.width - listWidth), height: view.bounds.height)
    }

    private final class ListColumn: View {
        override func draw(in canvas: inout Canvas) {
            for y in 0..<canvas.size.height {
                canvas.write(String(repeating: "|", count: canvas.size.width), at: Point(x: 0, y: y))
            }
        }
    }
}

/// Two placeholders side by side: 0 on the left, `1 / divisor` of the width, 1 on the rest.
@MainActor
final class TwoUp: PlaceholderViewController {
    let divisor: Int

    init(divisor: Int = 2) {
        self.divisor = divisor
        super.init(placeholderCount: 2)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let left = view.bounds.width / divisor
        placeholderViews[0].frame = Rect(x: 0, y: 0, width: left, height: view.bounds.height)
        placeholderViews[1].frame = Rect(x: left, y: 0, width: view.bounds.width - left, height: view.bounds.height)
    }
}
