import Logging
import Shoji

/// Logs every view controller lifecycle event through swift-log, one line per event, when an
/// app switches it on (`start()`).
///
/// Each entry's message is `LifecycleLogFormat.readable` (or the format given), e.g.
/// `0.250 "Colors" ColorPane#2 viewWillAppear(true)`, at `level` (default `.debug`), with
/// metadata `seconds`, `controller` (the `debugIdentifier`), `event` (method name), `args`
/// and `title` (when set), so handlers that keep structure need not parse the message.
/// Layout events are left out unless `includesLayout` is true.
///
/// Time is seconds since the logger was created, read from the `TimeSource` (or closure) it
/// was given, so logs made under `ManualClock` are exact. Events are logged in call order,
/// before the controller's own method runs.
///
/// Controllers hold their observers weakly: keep the logger alive for as long as it should
/// log. It holds no controller.
@MainActor
public final class LifecycleLogger: LifecycleObserver {
    /// Where entries go.
    public var logger: Logger
    /// The level of each entry.
    public var level: Logger.Level
    /// How the message is written.
    public var format: LifecycleLogFormat
    /// Whether `viewWillLayoutSubviews` / `viewDidLayoutSubviews` are logged.
    public var includesLayout: Bool
    /// True between `start()` and `stop()`.
    public var isLogging: Bool { ViewController.isLifecycleObserver(self) }

    private let seconds: @MainActor () -> Double

    /// A logger whose times are `seconds()` (already relative to the start of the log).
    /// Does not log until `start()`.
    public init(
        logger: Logger = Logger(label: "shoji.lifecycle"), level: Logger.Level = .debug,
        format: LifecycleLogFormat = .readable, includesLayout: Bool = false,
        seconds: @escaping @MainActor () -> Double
    ) {
        self.logger = logger
        self.level = level
        self.format = format
        self.includesLayout = includesLayout
        self.seconds = seconds
    }

    /// A logger whose times are seconds since now on `clock` (the main loop's clock, or a
    /// `ManualClock` in tests). Does not log until `start()`.
    public convenience init(
        logger: Logger = Logger(label: "shoji.lifecycle"), level: Logger.Level = .debug,
        format: LifecycleLogFormat = .readable, includesLayout: Bool = false,
        clock: any TimeSource
    ) {
        let origin = clock.seconds
        self.init(
            logger: logger, level: level, format: format, includesLayout: includesLayout,
            seconds: { clock.seconds - origin })
    }

    /// Starts logging. Does nothing if already logging.
    public func start() { ViewController.addLifecycleObserver(self) }

    /// Stops logging. Does nothing if not logging.
    public func stop() { ViewController.removeLifecycleObserver(self) }

    /// Logs one entry for `event` (see the type's notes).
    public func lifecycleEvent(_ event: LifecycleEvent) {
        guard includesLayout || !event.method.isLayout else { return }
        let time = seconds()
        var metadata: Logger.Metadata = [
            "seconds": .string(LifecycleLogFormat.seconds(time)),
            "controller": .string(event.controllerID),
            "event": .string(event.name),
            "args": .string(event.arguments)
        ]
        if let title = event.title { metadata["title"] = .string(title) }
        logger.log(level: level, "\(format.line(for: event, at: time))", metadata: metadata)
    }
}
