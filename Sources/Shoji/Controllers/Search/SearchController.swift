/// Search as you type: a text field whose text, once the user pauses, is handed to a search
/// the app gives, whose results come back when they are ready, as UIKit's `UISearchController`
/// with its `searchResultsUpdater`, on Swift concurrency. Differs from UIKit: it is not a view
/// controller; put `searchField` where the search belongs (above a list or a table) and show
/// the results in `onResults`.
///
/// Guarantees:
/// - Debounce: a search starts `debounceInterval` seconds after the last change the user made
///   to the field (a timer on the window's main loop, so tests drive it with a manual clock),
///   or at once on Return (`searchNow()`). Typing faster than that starts no search.
/// - Cancellation: a change cancels the search under way (its task is cancelled, so a search
///   that checks `Task.isCancelled` or awaits cancellable work stops early) and the results of
///   any search but the latest are dropped, even from a search that ignores cancellation, so
///   results never arrive out of order.
/// - `search` runs off the main actor when it is a nonisolated async function (filtering a
///   large collection does not hold up the frames); `onResults` and `onError` run on the main
///   actor. A thrown `CancellationError` is not reported.
/// - The field's `onChange` and `onReturn` are the controller's; observe the query through
///   `onResults` (or `onQueryChange`, called at every change before the debounce), and Return
///   through `onSubmit`: Return searches at once, then calls `onSubmit` with the query, then
///   moves the focus to `resultsView` (when set and it can take focus), so the user goes from
///   typing to choosing with one key.
/// - `latestResults` are the results last delivered (`resultCount` their number when they are
///   a collection), for a line that says how many matched.
/// - Main actor only. The controller holds the field and the closures; capture the owner of
///   the results weakly in them.
@MainActor
public final class SearchController<Results: Sendable> {
    /// The field the user types the query in.
    public let searchField: TextField
    /// Seconds of pause in typing before a search starts (default 0.25).
    public var debounceInterval: Double
    /// Called at every change the user makes, with the new query, before the debounce.
    public var onQueryChange: (@MainActor (String) -> Void)?
    /// Called with the results of the latest search and the query they answer.
    public var onResults: @MainActor (Results, String) -> Void
    /// Called when the latest search threw (anything but `CancellationError`).
    public var onError: (@MainActor (any Error, String) -> Void)?
    /// Called with the query when the user presses Return in the field, after the search for
    /// it started (UIKit's `searchBarSearchButtonClicked(_:)`).
    public var onSubmit: (@MainActor (String) -> Void)?
    /// Where the results show (a list, a table): Return in the field moves the focus there.
    /// Held weakly.
    public weak var resultsView: View?

    /// The results last delivered (with `deliveredQuery`); `nil` before the first.
    public private(set) var latestResults: Results?

    /// The query of the results last delivered; `nil` before the first.
    public private(set) var deliveredQuery: String?
    /// True from a change until its results arrive (waiting out the pause or searching).
    public var isSearching: Bool { pause != nil || running != nil }

    private let search: @Sendable (String) async throws -> Results
    private var pause: MainLoopTimer?
    private var running: Task<Void, Never>?
    /// Counts queries, so a search's results are delivered only if none came after it.
    private var generation = 0

    /// A controller that hands the query to `search` and the results to `onResults`.
    public init(
        searchField: TextField = TextField(), debounceInterval: Double = 0.25,
        search: @escaping @Sendable (String) async throws -> Results,
        onResults: @escaping @MainActor (Results, String) -> Void
    ) {
        self.searchField = searchField
        self.debounceInterval = max(0, debounceInterval)
        self.search = search
        self.onResults = onResults
        searchField.onChange = { [weak self] field in self?.queryDidChange(field.text) }
        searchField.onReturn = { [weak self] _ in self?.submit() }
    }

    /// Searches for the field's text at once (skipping the pause), cancelling the search
    /// under way.
    public func searchNow() {
        stop()
        generation += 1
        start(searchField.text, generation: generation)
    }

    /// Return in the field: search now, tell the app, and move to the results.
    private func submit() {
        searchNow()
        onSubmit?(searchField.text)
        if let resultsView, resultsView.canBecomeFocused { resultsView.becomeFirstResponder() }
    }

    /// Stops waiting and searching; no results come until the next change or `searchNow()`.
    public func cancel() {
        stop()
        generation += 1
    }

    private func queryDidChange(_ query: String) {
        stop()
        generation += 1
        onQueryChange?(query)
        let current = generation
        guard let loop = searchField.window?.mainLoop else {
            start(query, generation: current)
            return
        }
        pause = loop.schedule(after: debounceInterval, name: "SearchController: pause in typing") { [weak self] in
            guard let self else { return }
            pause = nil
            start(searchField.text, generation: current)
        }
    }

    private func stop() {
        pause?.invalidate()
        pause = nil
        running?.cancel()
        running = nil
    }

    private func start(_ query: String, generation current: Int) {
        let search = self.search
        running = Task { [weak self] in
            let outcome: Result<Results, any Error>
            do {
                outcome = .success(try await search(query))
            } catch {
                outcome = .failure(error)
            }
            guard let self, generation == current else { return }
            running = nil
            switch outcome {
            case .success(let results):
                deliveredQuery = query
                latestResults = results
                onResults(results, query)
            case .failure(let error):
                if !(error is CancellationError) { onError?(error, query) }
            }
        }
    }
}

extension SearchController where Results: Collection {
    /// How many results the latest search delivered; `nil` before the first.
    public var resultCount: Int? { latestResults?.count }
}
