/// What the frame writer needs to know about the terminal: its terminfo strings, flags and
/// numbers as plain values, read once when the session starts (ShojiTerminal reads them with
/// ncurses' `tigetstr`; tests and other backends write them down). Strings the terminal lacks
/// are nil, and the writer does without them (no insert-character: rows are rewritten).
package struct TerminalCapabilities: Sendable {
    /// `cup`: move to row, column. Every terminal Shoji drives has it (the start-up check).
    package let cursorAddress: TerminalCapability?
    /// `hpa`: move to a column of the current row.
    package let columnAddress: TerminalCapability?
    /// `cuf`: move right by n; `cub` / `cub1`: left by n / one.
    package let cursorForward: TerminalCapability?
    package let cursorBackward: TerminalCapability?
    package let cursorLeft: TerminalCapability?
    /// `vpa`: move to a row, same column; `cud` / `cuu`: down / up by n; `cuu1`: up one;
    /// `cud1`: down one (a line feed on most terminals: it scrolls on the region's bottom row,
    /// and output processing may add a carriage return, so the emitter uses it only on a row
    /// where it cannot scroll, followed by a move from the line's start: `FrameEmitter`).
    package let rowAddress: TerminalCapability?
    package let cursorDown: TerminalCapability?
    package let cursorUp: TerminalCapability?
    package let cursorUpOne: TerminalCapability?
    package let cursorDownOne: TerminalCapability?
    /// `cr`: to the first column.
    package let carriageReturn: TerminalCapability?
    /// `sc` / `rc`: save the cursor's position / go back to it (around a `csr`, which moves the
    /// cursor, while an inline block is placed).
    package let saveCursor: TerminalCapability?
    package let restoreCursor: TerminalCapability?
    /// `ich` / `ich1`: insert n blank characters / one.
    package let insertCharacters: TerminalCapability?
    package let insertCharacter: TerminalCapability?
    /// `smir` / `rmir`: insert mode on and off.
    package let enterInsertMode: TerminalCapability?
    package let exitInsertMode: TerminalCapability?
    /// `dch` / `dch1`: delete n characters / one.
    package let deleteCharacters: TerminalCapability?
    package let deleteCharacter: TerminalCapability?
    /// `csr`: the scroll region becomes rows p1 through p2 (the cursor's place is unknown after).
    package let changeScrollRegion: TerminalCapability?
    /// `ind` / `indn`: scroll the region up one line / n lines (`ind` with the cursor on its
    /// bottom row); `ri` / `rin`: down one / n (`ri` with the cursor on its top row).
    package let scrollForward: TerminalCapability?
    package let scrollForwardLines: TerminalCapability?
    package let scrollReverse: TerminalCapability?
    package let scrollReverseLines: TerminalCapability?
    /// `il` / `il1`: insert n blank lines / one at the cursor's line, those below moving down
    /// (the last ones of the scroll region lost); `dl` / `dl1`: delete n lines / one there, those
    /// below moving up and blank ones opening at the region's bottom. Both relative to the
    /// cursor's line: what an inline block scrolls with (`InlineBlock`).
    package let insertLines: TerminalCapability?
    package let insertLine: TerminalCapability?
    package let deleteLines: TerminalCapability?
    package let deleteLine: TerminalCapability?
    /// `el`: clear to the end of the line; `ech`: erase n characters.
    package let clearToEndOfLine: TerminalCapability?
    package let eraseCharacters: TerminalCapability?
    /// `clear`, or `home` + `ed` when it lacks one.
    package let clearScreen: TerminalCapability?
    package let home: TerminalCapability?
    package let clearToEndOfScreen: TerminalCapability?
    /// `smam` / `rmam`: automatic margins on and off.
    package let enterAutomaticMargins: TerminalCapability?
    package let exitAutomaticMargins: TerminalCapability?
    /// `sgr0`: every attribute off.
    package let exitAttributeMode: TerminalCapability?
    /// `cnorm` / `civis`: the cursor shown as usual / hidden.
    package let cursorNormal: TerminalCapability?
    package let cursorInvisible: TerminalCapability?
    /// `am`: writing the last column wraps; `xenl`: the wrap waits for the next character.
    package let automaticMargins: Bool
    package let eatsNewlineGlitch: Bool
    /// `bce`: erasing paints the current background colour.
    package let backColorErase: Bool
    /// `msgr`: the cursor may move while attributes are on.
    package let movesInStandoutMode: Bool
    /// `setaf` / `setab`: foreground / background colour n; `setf` / `setb`: the same in the
    /// older blue-green-red numbering; `op`: both colours back to the terminal's defaults.
    package let setForeground: TerminalCapability?
    package let setBackground: TerminalCapability?
    package let setForegroundBGR: TerminalCapability?
    package let setBackgroundBGR: TerminalCapability?
    package let originalPair: TerminalCapability?
    /// `rmkx` / `rmcup`: keypad transmit off / leave the alternate screen (for the restore bytes).
    package let keypadLocal: TerminalCapability?
    package let exitCAMode: TerminalCapability?
    /// `smcup`: enter the alternate screen (a connection's screen sends it itself; ncurses
    /// does for the local terminal).
    package let enterCAMode: TerminalCapability?
    /// `ncv`: the attributes that do not show with colours (terminfo's bits: 0 standout,
    /// 1 underline, 2 reverse, 3 blink, 4 dim, 5 bold, …, 15 italic); 0 when absent.
    package let noColorVideo: Int
    /// `Ms` (an extension xterm, tmux and others' entries carry): the terminal takes OSC 52
    /// clipboard writes (`ClipboardSequence`).
    package let setsClipboard: Bool

    /// The terminfo names of the strings the table holds (what a backend reads).
    package static let stringNames = [
        "cup", "hpa", "cuf", "cub", "cub1", "vpa", "cud", "cuu", "cuu1", "cud1", "cr", "ich", "ich1", "smir", "rmir",
        "dch",
        "dch1", "csr", "ind", "indn", "ri", "rin", "el", "ech", "clear", "home", "ed", "smam", "rmam", "sgr0", "cnorm",
        "civis", "setaf", "setab", "setf",
        "setb", "op", "rmkx", "rmcup", "smcup", "sc", "rc", "il", "il1", "dl", "dl1"
    ]
    /// The terminfo names of the strings it only checks for: `Ms` takes `%s` parameters, which
    /// the writer never expands (and `tparm` with numbers must not be asked to).
    package static let presenceNames = ["Ms"]
    /// The terminfo names of the flags it holds.
    package static let flagNames = ["am", "xenl", "bce", "msgr"]
    /// The terminfo names of the numbers it holds.
    package static let numberNames = ["ncv"]

    /// The table for a terminal whose terminfo strings (by short name, escapes decoded, as
    /// `tigetstr` gives them), flags (the names of those it has) and numbers are these. Names
    /// outside `stringNames`, `flagNames` and `numberNames` are ignored; an empty string is
    /// an absent one.
    package init(strings: [String: [UInt8]], flags: Set<String> = [], numbers: [String: Int] = [:]) {
        func string(_ name: String) -> TerminalCapability? { strings[name].flatMap { TerminalCapability($0) } }
        cursorAddress = string("cup")
        columnAddress = string("hpa")
        cursorForward = string("cuf")
        cursorBackward = string("cub")
        cursorLeft = string("cub1")
        rowAddress = string("vpa")
        cursorDown = string("cud")
        cursorUp = string("cuu")
        cursorUpOne = string("cuu1")
        cursorDownOne = string("cud1")
        carriageReturn = string("cr")
        saveCursor = string("sc")
        restoreCursor = string("rc")
        insertCharacters = string("ich")
        insertCharacter = string("ich1")
        enterInsertMode = string("smir")
        exitInsertMode = string("rmir")
        deleteCharacters = string("dch")
        deleteCharacter = string("dch1")
        changeScrollRegion = string("csr")
        scrollForward = string("ind")
        scrollForwardLines = string("indn")
        scrollReverse = string("ri")
        scrollReverseLines = string("rin")
        insertLines = string("il")
        insertLine = string("il1")
        deleteLines = string("dl")
        deleteLine = string("dl1")
        clearToEndOfLine = string("el")
        eraseCharacters = string("ech")
        clearScreen = string("clear")
        home = string("home")
        clearToEndOfScreen = string("ed")
        enterAutomaticMargins = string("smam")
        exitAutomaticMargins = string("rmam")
        exitAttributeMode = string("sgr0")
        cursorNormal = string("cnorm")
        cursorInvisible = string("civis")
        setForeground = string("setaf")
        setBackground = string("setab")
        setForegroundBGR = string("setf")
        setBackgroundBGR = string("setb")
        originalPair = string("op")
        keypadLocal = string("rmkx")
        exitCAMode = string("rmcup")
        enterCAMode = string("smcup")
        automaticMargins = flags.contains("am")
        eatsNewlineGlitch = flags.contains("xenl")
        backColorErase = flags.contains("bce")
        movesInStandoutMode = flags.contains("msgr")
        noColorVideo = max(0, numbers["ncv"] ?? 0)
        setsClipboard = strings["Ms"].map { !$0.isEmpty } ?? false
    }

    /// `init(strings:flags:numbers:)` with the strings as text.
    package init(text: [String: String], flags: Set<String> = [], numbers: [String: Int] = [:]) {
        self.init(strings: text.mapValues { Array($0.utf8) }, flags: flags, numbers: numbers)
    }
}
