import Testing
@testable import ShojiTerminal
import ShojiTerminalCore

struct ColorMapperTests {
    @Test func rgbMapsToTheNearestCubeOrGrayEntry() {
        #expect(ColorMapper.nearestPaletteIndex(red: 255, green: 0, blue: 0) == 196)
        #expect(ColorMapper.nearestPaletteIndex(red: 0, green: 0, blue: 0) == 16)
        #expect(ColorMapper.nearestPaletteIndex(red: 255, green: 255, blue: 255) == 231)
        #expect(ColorMapper.nearestPaletteIndex(red: 95, green: 135, blue: 175) == 67)
        #expect(ColorMapper.nearestPaletteIndex(red: 128, green: 128, blue: 128) == 244)
        #expect(ColorMapper.nearestPaletteIndex(red: 250, green: 10, blue: 5) == 196)
        // Near-gray with a tint: the ramp is closer than any cube entry.
        #expect(ColorMapper.nearestPaletteIndex(red: 60, green: 58, blue: 62) == 237)
    }

    @Test func paletteEntriesRoundTripThroughRGB() {
        for index in 16...255 {
            let (r, g, b) = ColorMapper.rgb(ofPaletteIndex: UInt8(index))
            let back = ColorMapper.nearestPaletteIndex(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
            // 59 and 102 etc. are cube grays that equal no ramp step; ties may pick either twin.
            #expect(
                ColorMapper.rgb(ofPaletteIndex: back) == (r, g, b) || back == UInt8(index),
                "palette \(index) came back as \(back)")
        }
    }

    @Test func twoHundredFiftySixColourTerminalsKeepIndices() {
        let mapper = ColorMapper(colorCount: 256)
        #expect(mapper.depth == .palette256)
        #expect(mapper.number(for: .default) == -1)
        #expect(mapper.number(for: .ansi(9)) == 9)
        #expect(mapper.number(for: .palette(196)) == 196)
        #expect(mapper.number(for: .rgb(255, 0, 0)) == 196)
    }

    @Test func sixteenColourTerminalsTakeTheNearestOfSixteen() {
        let mapper = ColorMapper(colorCount: 16)
        #expect(mapper.depth == .sixteen)
        #expect(ColorMapper(colorCount: 88).depth == .sixteen)
        #expect(mapper.number(for: .ansi(12)) == 12)
        #expect(mapper.number(for: .palette(5)) == 5)
        #expect(mapper.number(for: .palette(196)) == 9)
        #expect(mapper.number(for: .palette(21)) == 4)
        #expect(mapper.number(for: .palette(63)) == 12)
        #expect(mapper.number(for: .palette(231)) == 15)
        #expect(mapper.number(for: .rgb(0, 200, 0)) == 2)
    }

    @Test func eightColourTerminalsFoldSixteenOntoEight() {
        let mapper = ColorMapper(colorCount: 8)
        #expect(mapper.depth == .eight)
        #expect(mapper.number(for: .ansi(9)) == 1)
        #expect(mapper.number(for: .ansi(15)) == 7)
        #expect(mapper.number(for: .palette(196)) == 1)
        #expect(mapper.number(for: .palette(244)) == 0)  // nearest of 16 is bright black
        #expect(mapper.number(for: .palette(250)) == 7)
        #expect(mapper.number(for: .rgb(0, 0, 255)) == 4)
        #expect(mapper.number(for: .default) == -1)
    }

    @Test func directColourTerminalsGetRGBNumbers() {
        let mapper = ColorMapper(colorCount: 0x100_0000)
        #expect(mapper.depth == .direct)
        #expect(mapper.number(for: .rgb(255, 0, 0)) == 0xFF0000)
        #expect(mapper.number(for: .rgb(0, 0, 0)) == 8)
        #expect(mapper.number(for: .palette(196)) == 0xFF0000)
        #expect(mapper.number(for: .ansi(3)) == 3)
        #expect(mapper.number(for: .ansi(12)) == 0x5C5CFF)
    }
}
