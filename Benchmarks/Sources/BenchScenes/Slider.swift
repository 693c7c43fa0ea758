import Shoji

/// A page of text filling the screen, as a navigation child would.
@MainActor
public final class TextPage: ViewController {
    let heading: String

    public init(_ heading: String) {
        self.heading = heading
        super.init()
    }

    override public func loadView() { view = Text(heading) }

    final class Text: View {
        let heading: String

        init(_ heading: String) {
            self.heading = heading
            super.init()
            backgroundStyle = Style(background: .palette(236))
        }

        override func draw(in canvas: inout Canvas) {
            canvas.write(" \(heading) ", at: .zero, style: Style(attributes: [.bold, .reverse]))
            for y in 1..<canvas.size.height {
                canvas.write(
                    "\(y): Shoji slides a whole pane of text, 日本語も, one column at a time —",
                    at: Point(x: 1, y: y), style: Style(foreground: .palette(UInt8(250 - y % 6))))
            }
        }
    }
}

/// A container that slides between two full-screen pages: `push(from: .right)` there and the
/// stored inverse back, through the shared transition (what every built-in container uses).
@MainActor
public final class Slider: ViewController {
    let pages = [TextPage("First"), TextPage("Second")]
    var shown = 0
    var isMoving = false

    override public func viewDidLoad() {
        for page in pages {
            addChild(page)
            page.didMove(toParent: self)
        }
        pages[0].view.frame = view.bounds
        pages[0].view.autoresizingMask = .flexibleSize
        view.addSubview(pages[0].view)
    }

    /// Starts the next slide unless one is playing.
    public func slide() {
        guard !isMoving else { return }
        isMoving = true
        let (from, to) = (pages[shown], pages[1 - shown])
        to.view.frame = view.bounds
        to.view.autoresizingMask = .flexibleSize
        let done: (Bool) -> Void = { [weak self] _ in self?.isMoving = false }
        if shown == 0 {
            transition(from: from, to: to, style: .push(from: .right), duration: 0.3, completion: done)
        } else {
            transitionBack(from: from, to: to, duration: 0.3, completion: done)
        }
        shown = 1 - shown
    }
}
