/// A one-cell spinner that shows work is going on, as UIKit's `UIActivityIndicatorView`.
///
/// Guarantees:
/// - Frames: with the window's `glyphSet` `.unicode` the braille dots `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`, with
///   `.ascii` the line `|/-\`; one step every `stepInterval` seconds of the main loop's clock,
///   wrapping around.
/// - No CPU when it cannot be seen: the steps come from a one-shot timer on the window's main
///   loop (`MainLoop.schedule`), armed when the window draws the spinner while it animates.
///   Stopped, hidden (itself: at once; an ancestor: after at most the one step already due,
///   which then asks for no frame), out of a window, or not drawn by the last frame (scrolled
///   away, clipped by an ancestor), it has no timer, so the loop has no deadline for it and
///   draws no frame for it. Shown again, the next frame draws it and it steps on from there.
/// - Quiet for screen readers: in the screen-reader mode (`View.isScreenReaderModeOn`) it shows
///   its first frame and does not step (no timer), so it writes nothing while it spins; it
///   says "in progress" to assistive technology while it spins.
/// - `startAnimating()` and `stopAnimating()` as UIKit's: `isAnimating` is true from one to the
///   other. With `hidesWhenStopped` (the default, as UIKit's) the view is hidden while stopped
///   and shown by `startAnimating()`; without it, a stopped spinner shows its first frame.
/// - `isAnimating` is also true while the view's frame, alpha or mask animates (`View`'s
///   meaning); `isSpinning` is the spinner's state alone.
/// - One cell (`intrinsicContentSize` 1×1), drawn in the top-left cell of the frame in `style`.
///   Not focusable and not interactive (clicks go to the view behind).
@MainActor
open class ActivityIndicatorView: View {
    /// Seconds between two frames (default 0.1; at least 0.01).
    public var stepInterval: Double {
        get { stepper.interval }
        set { stepper.interval = newValue.isFinite ? max(0.01, newValue) : 0.1 }
    }

    /// Whether the view is hidden while stopped (default true, as UIKit's). Setting it while
    /// stopped hides or shows the view at once.
    public var hidesWhenStopped = true {
        didSet { if !isSpinning { isHidden = hidesWhenStopped } }
    }

    /// The style of the spinner's cell (default plain), drawn in the tint (`tintColor`) unless
    /// it has a foreground of its own.
    public var style: Style = .plain { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// "in progress" while it spins; not an element while stopped.
    open override var defaultAccessibility: AccessibilityDescription {
        AccessibilityDescription(label: "in progress", traits: .updatesFrequently, isElement: isSpinning)
    }

    /// True from `startAnimating()` to `stopAnimating()`.
    public private(set) var isSpinning = false

    /// True while the spinner spins (`isSpinning`) or the view's frame, alpha or mask animates.
    open override var isAnimating: Bool { isSpinning || super.isAnimating }

    /// The frame shown: an index into `frames(for:)`.
    public private(set) var frameIndex = 0

    /// Shows the next frame while the spinner is drawn.
    private var stepper = DrawnStepper(interval: 0.1, name: "ActivityIndicatorView: the next frame")

    /// A stopped spinner, hidden (`hidesWhenStopped`); give it a frame or call `sizeToFit()`.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isHidden = true
        isUserInteractionEnabled = false
    }

    /// The frames the spinner shows with `glyphs`, in order.
    public static func frames(for glyphs: GlyphSet) -> [Character] {
        switch glyphs {
        case .unicode: return ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        case .ascii: return ["|", "/", "-", "\\"]
        }
    }

    /// Starts spinning from the first frame (shows the view if `hidesWhenStopped`). Does
    /// nothing while spinning.
    public func startAnimating() {
        guard !isSpinning else { return }
        isSpinning = true
        frameIndex = 0
        if hidesWhenStopped { isHidden = false }
        setNeedsDisplay()
    }

    /// Stops spinning and back to the first frame (hides the view if `hidesWhenStopped`); its
    /// timer is gone at once. Does nothing while stopped.
    public func stopAnimating() {
        guard isSpinning else { return }
        isSpinning = false
        disarm()
        frameIndex = 0
        if hidesWhenStopped { isHidden = true }
        setNeedsDisplay()
    }

    /// Hiding the spinner itself drops its timer at once.
    public override var isHidden: Bool {
        didSet { if isHidden { disarm() } }
    }

    /// Turning the screen-reader mode on stops the steps at once; off, the next frame starts them.
    open override func screenReaderModeDidChange() {
        super.screenReaderModeDidChange()
        if isScreenReaderModeOn { disarm() }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { disarm() }
    }

    /// One cell.
    open override var intrinsicContentSize: Size { Size(width: 1, height: 1) }

    open override func draw(in canvas: inout Canvas) {
        guard canvas.size.width > 0, canvas.size.height > 0 else { return }
        let frames = Self.frames(for: glyphSet)
        canvas.write(String(frames[frameIndex % frames.count]), at: .zero, style: theme.tinted(style, tint: tintColor))
        // Drawn by the window while spinning: the next step is due (only a drawn spinner steps;
        // none for a screen reader).
        if isSpinning { stepper.arm(for: self, in: canvas) { [weak self] in self?.step() } }
    }

    /// Shows the next frame if the last frame drew the spinner; otherwise stops stepping until
    /// it is drawn again.
    private func step() {
        stepper.fired()
        guard isSpinning, wasDrawnInLastFrame else { return }
        frameIndex = (frameIndex + 1) % Self.frames(for: glyphSet).count
        setNeedsDisplay()
    }

    private func disarm() { stepper.disarm() }
}
