import Shoji
import ShojiTesting
import Synchronization
import Testing

/// `SearchController`: the pause in typing, cancellation of searches superseded, results in
/// order, and a list filtered as the user types.
@MainActor
struct SearchControllerTests {
    /// The queries a search was called with, from whatever executor runs it.
    final class Calls: Sendable {
        private let queries = Mutex<[String]>([])
        func record(_ query: String) { queries.withLock { $0.append(query) } }
        var all: [String] { queries.withLock { $0 } }
    }

    /// Holds searches until the test opens it.
    actor Gate {
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }
    }

    /// A focused search field in a 30x4 window.
    private func scene<Results: Sendable>(_ controller: SearchController<Results>) -> Pilot {
        let root = ViewController()
        controller.searchField.frame = Rect(x: 0, y: 0, width: 30, height: 1)
        root.view.addSubview(controller.searchField)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 30, height: 4))
        pilot.window.makeFirstResponder(controller.searchField)
        pilot.settle()
        return pilot
    }

    @Test func returnSubmitsCountsAndMovesToTheResults() async {
        let names = ["Ada", "Alan", "Grace", "Linus"]
        var submitted: [String] = []
        let controller = SearchController<[String]>(debounceInterval: 0.25) { query in
            names.filter { $0.lowercased().contains(query.lowercased()) }
        } onResults: { _, _ in
        }
        controller.onSubmit = { submitted.append($0) }
        let list = ListView(frame: Rect(x: 0, y: 1, width: 30, height: 3))
        let rows = Rows()
        list.dataSource = rows
        controller.resultsView = list
        let pilot = scene(controller)
        controller.searchField.superview?.addSubview(list)
        #expect(controller.resultCount == nil, "nothing delivered yet")
        pilot.type("a")
        pilot.press(.enter)
        await pilot.runTasks()
        #expect(submitted == ["a"])
        #expect(controller.resultCount == 3 && controller.latestResults == ["Ada", "Alan", "Grace"])
        #expect(list.isFocused, "Return moved the focus to the results")
    }

    final class Rows: ListViewDataSource {
        func numberOfRows(in listView: ListView) -> Int { 2 }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { "row \(row)" }
    }

    @Test func aSearchStartsOnceTheTypingPauses() async {
        let calls = Calls()
        var delivered: [String] = []
        let controller = SearchController<String>(debounceInterval: 0.25) { query in
            calls.record(query)
            return query.uppercased()
        } onResults: { results, _ in
            delivered.append(results)
        }
        let pilot = scene(controller)
        for character in "abc" {
            pilot.type(String(character))
            await pilot.advance(by: 0.1)
        }
        #expect(calls.all.isEmpty && controller.isSearching, "typing faster than the pause starts nothing")
        await pilot.advance(by: 0.2)
        await pilot.runTasks()
        #expect(calls.all == ["abc"])
        #expect(delivered == ["ABC"] && controller.deliveredQuery == "abc" && !controller.isSearching)
        pilot.press(.enter)
        await pilot.runTasks()
        #expect(calls.all == ["abc", "abc"], "Return searches at once")
    }

    @Test func aChangeCancelsTheSearchUnderWayAndItsResultsNeverArrive() async {
        let calls = Calls()
        let gate = Gate()
        var delivered: [String] = []
        let controller = SearchController<String>(debounceInterval: 0.25) { query in
            calls.record(query)
            if query == "x" { await gate.wait() }  // slow, and deaf to cancellation
            return "results for \(query)"
        } onResults: { results, _ in
            delivered.append(results)
        }
        let pilot = scene(controller)
        pilot.type("x")
        await pilot.advance(by: 0.3)
        #expect(calls.all == ["x"] && delivered.isEmpty, "the first search waits")
        pilot.type("y")
        await pilot.advance(by: 0.3)
        #expect(calls.all == ["x", "xy"])
        #expect(delivered == ["results for xy"])
        await gate.open()
        await pilot.runTasks()
        #expect(delivered == ["results for xy"], "the superseded search's results are dropped")
        #expect(controller.deliveredQuery == "xy")
    }

    @Test func errorsAreReportedButCancellationIsNot() async {
        struct Broken: Error {}
        var errors: [String] = []
        let controller = SearchController<Int>(debounceInterval: 0) { query in
            if query == "bad" { throw Broken() }
            throw CancellationError()
        } onResults: { _, _ in
        }
        controller.onError = { _, query in errors.append(query) }
        let pilot = scene(controller)
        pilot.type("bad")
        await pilot.advance(by: 0.01)
        await pilot.runTasks()
        #expect(errors == ["bad"])
        pilot.type("!")
        await pilot.advance(by: 0.01)
        await pilot.runTasks()
        #expect(errors == ["bad"], "a CancellationError is not an error to report")
    }

    /// A list of 10,000 names filtered by what is typed, off the main actor.
    final class Names: ListViewDataSource {
        var shown: [String]
        init(_ names: [String]) { shown = names }
        func numberOfRows(in listView: ListView) -> Int { shown.count }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { shown[row] }
    }

    @Test func typingFiltersAList() async {
        let all = (0..<10_000).map { "name \($0)" }
        let names = Names(all)
        let list = ListView(frame: Rect(x: 0, y: 1, width: 30, height: 5))
        list.dataSource = names
        let controller = SearchController<[String]> { query in
            query.isEmpty ? all : all.filter { $0.contains(query) }
        } onResults: { [weak list] results, _ in
            names.shown = results
            list?.reloadData()
        }
        let pilot = scene(controller)
        pilot.window.rootViewController?.view.addSubview(list)
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" name 0"))
        pilot.type("9999")
        await pilot.advance(by: 0.3)
        await pilot.runTasks()
        #expect(list.numberOfRows == 1)
        #expect(pilot.line(1).hasPrefix(" name 9999"))
        pilot.press(.backspace)
        await pilot.advance(by: 0.3)
        await pilot.runTasks()
        // 999, x999 (1999 … 8999) and 999x (9990 … 9999).
        #expect(list.numberOfRows == 19, "\(list.numberOfRows)")
    }
}
