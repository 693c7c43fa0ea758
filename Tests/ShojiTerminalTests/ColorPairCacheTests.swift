import Testing
@testable import ShojiTerminal

struct ColorPairCacheTests {
    @Test func aCombinationKeepsItsNumberAndIsDefinedOnce() {
        var cache = ColorPairCache(capacity: 10)
        var defined: [Int32] = []
        let first = cache.number(foreground: 196, background: -1) {
            defined.append($0); return true
        }
        let again = cache.number(foreground: 196, background: -1) {
            defined.append($0); return true
        }
        let other = cache.number(foreground: -1, background: 196) {
            defined.append($0); return true
        }
        #expect(first == 1)
        #expect(again == 1)
        #expect(other == 2)
        #expect(defined == [1, 2])
        #expect(cache.count == 2)
    }

    @Test func itReturnsNilWhenFullAndStartsOverAfterRemoveAll() {
        var cache = ColorPairCache(capacity: 3)
        #expect(cache.number(foreground: 1, background: 0) { _ in true } == 1)
        #expect(cache.number(foreground: 2, background: 0) { _ in true } == 2)
        #expect(cache.number(foreground: 3, background: 0) { _ in true } == nil)
        #expect(cache.number(foreground: 1, background: 0) { _ in true } == 1)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.number(foreground: 3, background: 0) { _ in true } == 1)
    }

    @Test func aFailedDefinitionFallsBackToPairZeroAndConsumesNothing() {
        var cache = ColorPairCache(capacity: 5)
        #expect(cache.number(foreground: 300, background: 0) { _ in false } == 0)
        #expect(cache.count == 0)
        #expect(cache.number(foreground: 4, background: 0) { _ in true } == 1)
    }

    @Test func numberingCanStartAboveInt16Max() {
        var cache = ColorPairCache(capacity: 65536, firstNumber: 40_000)
        #expect(cache.number(foreground: 1, background: 2) { $0 == 40_000 } == 40_000)
    }
}
