import ShojiTerminalCore
import Testing

/// The terminfo parameter language, on strings from real entries and on each operator, with
/// the results ncurses' `tparm` gives (the differential test in ShojiTerminalTests compares the
/// two on every capability the writer uses).
struct TerminfoExpansionTests {
    private func expand(_ format: String, _ parameters: Int...) -> String {
        var bytes: [UInt8] = []
        TerminfoExpansion.expand(Array(format.utf8), allParameters: parameters) { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func xtermColoursTakeEachBranch() {
        let setaf = "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
        #expect(expand(setaf, 1) == "\u{1B}[31m")
        #expect(expand(setaf, 9) == "\u{1B}[91m")
        #expect(expand(setaf, 200) == "\u{1B}[38;5;200m")
    }

    @Test func incrementAffectsBothFirstParameters() {
        #expect(expand("\u{1B}[%i%p1%d;%p2%dH", 0, 9) == "\u{1B}[1;10H")
        #expect(expand("%p3%i%d", 0, 0, 5) == "5")
    }

    @Test func formatsNumbersAsPrintf() {
        #expect(expand("%p1%02d|%p1%3d|%p1%:-3d|", 7) == "07|  7|7  |")
        #expect(expand("%p1%x %p1%X %p1%#x %p1%o %p1%#o", 255) == "ff FF 0xff 377 0377")
        #expect(expand("%p1%.3d", 5) == "005")
        #expect(expand("%p1%d", -12) == "-12")
    }

    @Test func charactersConstantsAndVariables() {
        #expect(expand("%p1%c%'A'%c", 66) == "BA")
        var bytes: [UInt8] = []
        TerminfoExpansion.expand(Array("%p1%c".utf8), allParameters: [0]) { bytes.append($0) }
        #expect(bytes == [0x80])  // never a NUL, as in ncurses
        #expect(expand("%{12}%{30}%+%d") == "42")
        #expect(expand("%p1%Pa%ga%ga%*%d", 6) == "36")
        #expect(expand("%p1%PZ%gZ%d", 3) == "3")
    }

    @Test func operators() {
        #expect(expand("%p1%p2%-%d %p1%p2%/%d %p1%p2%m%d", 17, 5) == "12 3 2")
        #expect(expand("%p1%{0}%/%d %p1%{0}%m%d", 17) == "0 0")
        #expect(expand("%p1%p2%&%d %p1%p2%|%d %p1%p2%^%d", 12, 10) == "8 14 6")
        #expect(expand("%p1%p2%=%d%p1%p2%<%d%p1%p2%>%d", 3, 4) == "010")
        #expect(expand("%p1%p2%A%d%p1%p2%O%d%p1%!%d%p1%~%d", 0, 2) == "011-1")
        #expect(expand("%%") == "%")
    }

    @Test func nestedConditionalsAndElseIf() {
        let format = "%?%p1%t%?%p2%tA%eB%;%eC%;|%?%p1%{1}%=%tone%e%p1%{2}%=%ttwo%eother%;"
        #expect(expand(format, 1, 1) == "A|one")
        #expect(expand(format, 1, 0) == "B|one")
        #expect(expand(format, 0, 1) == "C|other")
        #expect(expand(format, 2, 0) == "B|two")
    }

    @Test func capabilitiesDropPaddingAndCompileCommonForms() {
        let cup = TerminalCapability("\u{1B}[%i%p1%d;%p2%dH$<5>")
        #expect(cup?.expanded(4, 79) == Array("\u{1B}[5;80H".utf8))
        #expect(cup?.length(4, 79) == 7)
        #expect(TerminalCapability("\u{1B}[m\u{F}$<2>")?.bytes == Array("\u{1B}[m\u{F}".utf8))
        #expect(TerminalCapability("$x$<y>") != nil && TerminalCapability("$x$<y>")?.bytes == Array("$x$<y>".utf8))
        #expect(TerminalCapability("") == nil)
        let setab = TerminalCapability("\u{1B}[%?%p1%{8}%<%t4%p1%d%e48;5;%p1%d%;m")
        #expect(setab?.expanded(3) == Array("\u{1B}[43m".utf8))
        #expect(setab?.length(123) == "\u{1B}[48;5;123m".utf8.count)
    }
}
