import Testing

@testable import ShojiDemoKit

/// `GalleryRecords`, the widgets gallery's 100,000 generated records: the same on every run,
/// their texts, sort keys that order as the texts do, and a search that ignores case and stops
/// once cancelled.
struct GalleryRecordsTests {
    let records = GalleryRecords()

    @Test func theRecordsAreTheSameOnEveryRun() {
        #expect(records.count == 100_000)
        let first = GalleryRecords.Column.allCases.map { records.text(of: 0, column: $0) }
        #expect(first == ["1", "Dorabo", "51.6 MB", "2019-05-20 18:56"])
        let other = GalleryRecords.Column.allCases.map { records.text(of: 1116, column: $0) }
        #expect(other == ["1117", "Rabo", "13 B", "2019-01-06 06:36"])
    }

    @Test func sizesAndTimesReadAsWrittenByHand() {
        let sizes = [0, 1023, 1024, 1535, 1536, 1024 * 1024, 3 * 1024 * 1024 * 1024].map(GalleryRecords.sizeText)
        #expect(sizes == ["0 B", "1023 B", "1.0 KB", "1.4 KB", "1.5 KB", "1.0 MB", "3.0 GB"], "rounded down")
        #expect(GalleryRecords.timeText(minute: 0) == "2015-01-01 00:00")
        #expect(GalleryRecords.timeText(minute: (365 + 31 + 28) * 1440 + 61) == "2016-02-29 01:01", "a leap day")
        #expect(GalleryRecords.timeText(minute: 3652 * 1440 + 1439) == "2024-12-31 23:59", "the last minute")
    }

    @Test func eachColumnsOrderIsTheOrderOfWhatItShows() {
        let byName = records.sortedOrder(by: .name).map { records.name(of: Int($0)) }
        #expect(zip(byName, byName.dropFirst()).allSatisfy { $0 <= $1 }, "names A to Z, as String compares them")
        let bySize = records.sortedOrder(by: .size).map { records.size(of: Int($0)) }
        #expect(zip(bySize, bySize.dropFirst()).allSatisfy { $0 <= $1 })
        let byTime = records.sortedOrder(by: .modified)
        let times = byTime.map { records.text(of: Int($0), column: .modified) }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(byTime).count == records.count, "a permutation of the records")
        #expect(records.sortedOrder(by: .number).elementsEqual(0..<Int32(records.count)))
    }

    @Test func aSearchMatchesNamesIgnoringCaseAndStopsOnceCancelled() async throws {
        let all = try await records.matches(of: "")
        #expect(all.includes == nil && all.count == records.count)
        let matches = try await records.matches(of: "RaBo")
        let expected = (0..<records.count).map { records.name(of: $0).lowercased().contains("rabo") }
        #expect(matches.query == "rabo" && matches.count == expected.filter { $0 }.count)
        #expect(matches.includes == expected)
        let shared = records
        let cancelled = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await shared.matches(of: "ra")
        }.result
        #expect(throws: CancellationError.self) { try cancelled.get() }
    }
}
