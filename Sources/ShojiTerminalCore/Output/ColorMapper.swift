import Shoji

/// Maps Shoji colours to the colour numbers the terminal's `setaf`/`setab` take.
///
/// Pure and stateless apart from the terminal's colour count, so it is `Sendable` and safe to use
/// from any thread. `-1` always means "the terminal's default colour" (ncurses'
/// `use_default_colors` convention); callers substitute a real colour when the terminal has no
/// default colours.
package struct ColorMapper: Hashable, Sendable {
    /// How many colours the terminal can show, which decides how colours degrade.
    package enum Depth: Hashable, Sendable {
        /// 8 colours: like 16, then folded onto ANSI 0-7 (`n % 8`, bright onto normal).
        case eight
        /// 16 colours (and odd counts such as 88, which share no palette with xterm's 256).
        case sixteen
        /// The xterm 256-colour palette.
        case palette256
        /// 24-bit colour (`COLORS == 2^24`, terminfo's `RGB`): numbers below 8 are the ANSI colours,
        /// all others are `0xRRGGBB`.
        case direct
    }

    package let depth: Depth

    /// `colorCount` is how many colours the terminal has (ncurses' `COLORS` after `start_color`).
    package init(colorCount: Int) {
        switch colorCount {
        case ..<16: depth = .eight
        case 16..<256: depth = .sixteen
        case 256..<0x100_0000: depth = .palette256
        default: depth = .direct
        }
    }

    /// The colour number for `color`: `-1` for `.default`, otherwise a number below `COLORS`.
    package func number(for color: Color) -> Int32 {
        switch color {
        case .default:
            return -1
        case .ansi(let n):
            let index = n & 15
            switch depth {
            case .eight: return Int32(index & 7)
            case .sixteen, .palette256: return Int32(index)
            case .direct: return Self.directNumber(paletteIndex: index)
            }
        case .palette(let n):
            switch depth {
            case .eight: return Int32(Self.nearestOfSixteen[Int(n)] & 7)
            case .sixteen: return Int32(Self.nearestOfSixteen[Int(n)])
            case .palette256: return Int32(n)
            case .direct: return Self.directNumber(paletteIndex: n)
            }
        case .rgb(let r, let g, let b):
            if depth == .direct {
                // Below 8 the terminal reads an ANSI index: nudge near-black into true colour.
                return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
            }
            return number(for: .palette(Self.nearestPaletteIndex(red: r, green: g, blue: b)))
        }
    }

    // MARK: - The xterm palette

    /// The six channel levels of xterm's 6x6x6 colour cube (indices 16-231).
    package static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default RGB for the 16 ANSI colours.
    package static let ansiRGB: [(Int, Int, Int)] = [
        (0x00, 0x00, 0x00), (0xCD, 0x00, 0x00), (0x00, 0xCD, 0x00), (0xCD, 0xCD, 0x00),
        (0x00, 0x00, 0xEE), (0xCD, 0x00, 0xCD), (0x00, 0xCD, 0xCD), (0xE5, 0xE5, 0xE5),
        (0x7F, 0x7F, 0x7F), (0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0xFF, 0xFF, 0x00),
        (0x5C, 0x5C, 0xFF), (0xFF, 0x00, 0xFF), (0x00, 0xFF, 0xFF), (0xFF, 0xFF, 0xFF)
    ]

    /// The RGB value xterm shows for palette entry `index`.
    package static func rgb(ofPaletteIndex index: UInt8) -> (Int, Int, Int) {
        let i = Int(index)
        switch i {
        case ..<16:
            return ansiRGB[i]
        case 16..<232:
            let c = i - 16
            return (cubeLevels[c / 36], cubeLevels[c / 6 % 6], cubeLevels[c % 6])
        default:
            let level = 8 + 10 * (i - 232)
            return (level, level, level)
        }
    }

    /// The palette entry (16-255: the colour cube or the grayscale ramp) closest to an RGB colour
    /// by squared RGB distance. The 16 ANSI entries are skipped because terminals redefine them.
    package static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        // The cube is separable: the closest cube colour takes the closest level per channel.
        let ri = nearestCubeLevel(r), gi = nearestCubeLevel(g), bi = nearestCubeLevel(b)
        let cubeDistance = distance((r, g, b), (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]))
        // The closest gray (v, v, v) lies at the channel mean; take the ramp step nearest to it.
        let mean = (r + g + b) / 3
        let step = min(23, max(0, (mean - 8 + 5) / 10))
        let gray = 8 + 10 * step
        let grayDistance = distance((r, g, b), (gray, gray, gray))
        if grayDistance < cubeDistance { return UInt8(232 + step) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// For each palette entry, the nearest of the 16 ANSI colours (entries 0-15 map to themselves).
    package static let nearestOfSixteen: [UInt8] = (0...255).map { index in
        index < 16 ? UInt8(index) : nearestANSI(to: rgb(ofPaletteIndex: UInt8(index)))
    }

    private static func directNumber(paletteIndex index: UInt8) -> Int32 {
        if index < 8 { return Int32(index) }
        let (r, g, b) = rgb(ofPaletteIndex: index)
        return Int32(r << 16 | g << 8 | b)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for i in 1..<cubeLevels.count where abs(cubeLevels[i] - value) < abs(cubeLevels[best] - value) {
            best = i
        }
        return best
    }

    private static func nearestANSI(to color: (Int, Int, Int)) -> UInt8 {
        var best = 0
        for i in 1..<16 where distance(color, ansiRGB[i]) < distance(color, ansiRGB[best]) {
            best = i
        }
        return UInt8(best)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}
