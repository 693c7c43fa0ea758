import Foundation
import Shoji
import Testing
@testable import ShojiDemoKit

/// The menu file format: the default file, every validation rule's message and position, and
/// the size limits.
struct MenuFileTests {
    private func parse(_ json: String) throws(MenuFileError) -> MenuFile { try parseMenu(json) }

    /// The message for `json`, or a failure if it parses.
    private func message(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        menuMessage(json, sourceLocation: sourceLocation)
    }

    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    // MARK: The default menu

    @Test func defaultFileParsesWithEveryKindAndANonASCIITitle() throws {
        let menu = try MenuFile.builtIn()
        #expect(!menu.title.isEmpty)
        let kinds = Set(menu.items.map(\.kind.name))
        #expect(kinds == Set(MenuItem.Kind.names), "at least one item of each kind")
        #expect(menu.items.contains { $0.title.unicodeScalars.contains { !$0.isASCII } }, "a non-ASCII title")
        #expect(menu.items.allSatisfy { !($0.text ?? "x").isEmpty || $0.kind != .text(lines: nil) })
    }

    @Test func embeddedCopyIsTheResourceFileByteForByte() throws {
        let file = try Data(contentsOf: Self.repositoryRoot.appendingPathComponent("Resources/menu.json"))
        #expect(
            Array(DefaultMenu.json.utf8) == Array(file),
            "Resources/menu.json changed: run scripts/embed-default-menu.py to regenerate DefaultMenu.swift")
    }

    @Test func loadingTheResourceFileGivesTheBuiltInMenu() throws {
        let path = Self.repositoryRoot.appendingPathComponent("Resources/menu.json").path
        #expect(try MenuFile.load(path: path) == MenuFile.builtIn())
        #expect(try MenuFile.load(path: nil) == MenuFile.builtIn(), "no path: the built-in menu")
    }

    @Test func aValidFileGivesItsItemsInOrder() throws {
        let menu = try parse(
            """
            {"title": "Menu", "items": [
              {"title": "Red", "kind": "color", "color": "red", "text": "warm"},
              {"title": "Notes", "kind": "text", "text": "hello"},
              {"title": "Stack", "kind": "navigation"},
              {"title": "Log", "kind": "lifecycle", "text": "header"},
              {"title": "Sky", "kind": "color", "color": "bright-blue"},
              {"title": "Input", "kind": "form"},
              {"title": "Input 2", "kind": "form", "text": "intro"}
            ]}
            """)
        #expect(
            menu
                == MenuFile(
                    title: "Menu",
                    items: [
                        MenuItem(title: "Red", kind: .color(.red), text: "warm"),
                        MenuItem(title: "Notes", kind: .text(lines: nil), text: "hello"),
                        MenuItem(title: "Stack", kind: .navigation),
                        MenuItem(title: "Log", kind: .lifecycle, text: "header"),
                        MenuItem(title: "Sky", kind: .color(.brightBlue)),
                        MenuItem(title: "Input", kind: .form),
                        MenuItem(title: "Input 2", kind: .form, text: "intro")
                    ]))
    }

    @Test func everyColourNameMapsToItsANSINumber() throws {
        #expect(MenuColor.allCases.count == 17)
        for (number, color) in MenuColor.allCases.dropLast().enumerated() {
            let menu = try parse(
                #"{"title": "M", "items": [{"title": "C", "kind": "color", "color": "\#(color.rawValue)"}]}"#)
            #expect(menu.items[0].kind == .color(color))
            #expect(color.color == .ansi(UInt8(number)))
        }
        #expect(MenuColor.nameList.hasPrefix("black, red, green, yellow, blue, magenta, cyan, white, bright-black"))
        #expect(
            MenuColor.orange.color == .palette(208) && MenuColor.orange.textColor == .black,
            "orange: xterm-256 colour 208")
    }

    // MARK: Rules

    @Test func topLevelRules() {
        #expect(
            message("[]") == #"menu.json:1:1: the top level must be an object with "title" and "items", found an array"#
        )
        #expect(
            message(#"{"items": [{"title": "A", "kind": "lifecycle"}]}"#)
                == #"menu.json:1:1: missing "title" (the menu's title)"#)
        #expect(message(#"{"title": 3, "items": []}"#) == #"menu.json:1:11: "title" must be a string, found a number"#)
        #expect(message(#"{"title": "  ", "items": []}"#) == #"menu.json:1:11: "title" is empty"#)
        #expect(message(#"{"title": "M"}"#) == #"menu.json:1:1: missing "items" (the list of menu items)"#)
        #expect(
            message(#"{"title": "M", "items": {}}"#) == #"menu.json:1:25: "items" must be an array, found an object"#)
        #expect(
            message(#"{"title": "M", "items": []}"#)
                == #"menu.json:1:25: "items" is empty; a menu needs at least one item"#)
        #expect(
            message(#"{"title": "M", "items": [], "colour": 1}"#)
                == #"menu.json:1:29: unknown key "colour"; expected "title", "items" or "right-items""#)
    }

    @Test func itemRules() {
        func item(_ json: String) -> String {
            message(#"{"title": "M", "items": [{"title": "A", "kind": "lifecycle"}, "# + json + "]}")
        }
        #expect(item(#""x""#) == "menu.json:1:63: item 2 must be an object, found a string")
        #expect(
            item(#"{"kind": "text", "text": "t"}"#) == #"menu.json:1:63: item 2: missing "title" (the item's title)"#)
        #expect(
            item(#"{"title": null, "kind": "text"}"#)
                == #"menu.json:1:73: item 2: "title" must be a string, found null"#)
        #expect(item(#"{"title": "", "kind": "text"}"#) == #"menu.json:1:73: item 2: "title" is empty"#)
        #expect(
            item(#"{"title": "Blue", "kind": "color", "colour": "blue"}"#)
                == #"menu.json:1:98: item 2 ("Blue"): unknown key "colour"; expected "title", "kind", "color" or "text""#
        )
        #expect(
            item(#"{"title": "Blue"}"#)
                == #"menu.json:1:63: item 2 ("Blue"): missing "kind"; expected one of text, color, navigation, lifecycle, tabs, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files"#
        )
        #expect(
            item(#"{"title": "Blue", "kind": 1}"#)
                == #"menu.json:1:89: item 2 ("Blue"): "kind" must be a string, found a number"#)
        #expect(
            item(#"{"title": "Blue", "kind": "colour"}"#)
                == #"menu.json:1:89: item 2 ("Blue"): unknown kind "colour"; expected one of text, color, navigation, lifecycle, tabs, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files"#
        )
        #expect(
            item(#"{"title": "Blue", "kind": "color"}"#)
                == #"menu.json:1:63: item 2 ("Blue"): missing "color"; expected one of \#(MenuColor.nameList)"#)
        #expect(
            item(#"{"title": "Blue", "kind": "color", "color": ["blue"]}"#)
                == #"menu.json:1:107: item 2 ("Blue"): "color" must be a string, found an array"#)
        #expect(
            item(#"{"title": "Blue", "kind": "color", "color": "bleu"}"#)
                == #"menu.json:1:107: item 2 ("Blue"): unknown colour "bleu"; expected one of black, red, green, yellow, blue, magenta, cyan, white, bright-black, bright-red, bright-green, bright-yellow, bright-blue, bright-magenta, bright-cyan, bright-white, orange"#
        )
        #expect(
            item(#"{"title": "Blue", "kind": "color", "color": "Blue"}"#).contains(#"unknown colour "Blue""#),
            "names are exact")
        #expect(
            item(#"{"title": "Blue", "kind": "text", "color": "blue", "text": "t"}"#)
                == #"menu.json:1:106: item 2 ("Blue"): "color" is only for items of kind "color", not "text""#)
        #expect(
            item(#"{"title": "Blue", "kind": "text"}"#)
                == #"menu.json:1:63: item 2 ("Blue"): missing "text" (a text item shows it) or "lines" (numbered lines)"#
        )
        #expect(
            item(#"{"title": "Blue", "kind": "navigation", "text": false}"#)
                == #"menu.json:1:111: item 2 ("Blue"): "text" must be a string, found a boolean"#)
    }

    @Test func aTabsItemHoldsItemsOfTheOtherKindsWithSymbolsAndBadges() throws {
        let menu = try parse(
            """
            {"title": "Menu", "items": [
              {"title": "Tabs", "kind": "tabs", "tab-position": "top", "tab-transition": "fade", "tabs": [
                {"title": "Inbox", "kind": "color", "color": "blue", "symbol": "✉", "badge": "3"},
                {"title": "Stack", "kind": "navigation"},
                {"title": "Notes", "kind": "text", "text": "hi", "badge": ""}
              ]},
              {"title": "Plain", "kind": "tabs", "tabs": [{"title": "Log", "kind": "lifecycle"}]}
            ]}
            """)
        #expect(
            menu.items[0]
                == MenuItem(
                    title: "Tabs",
                    kind: .tabs(
                        TabsOptions(
                            position: .top, transition: .fade,
                            tabs: [
                                TabsOptions.Tab(
                                    item: MenuItem(title: "Inbox", kind: .color(.blue)), symbol: "✉", badge: "3"),
                                TabsOptions.Tab(item: MenuItem(title: "Stack", kind: .navigation)),
                                TabsOptions.Tab(
                                    item: MenuItem(title: "Notes", kind: .text(lines: nil), text: "hi"), badge: "")
                            ]))))
        #expect(
            menu.items[1].kind
                == .tabs(
                    TabsOptions(
                        position: .bottom, transition: .none,
                        tabs: [TabsOptions.Tab(item: MenuItem(title: "Log", kind: .lifecycle))])),
            "the bar at the bottom and no motion by default")
        #expect(TabsOptions.transitions.map(\.name) == ["none", "push", "slide", "cover", "fade"])
    }

    @Test func tabsRules() {
        func tabs(_ members: String) -> String {
            message(#"{"title": "M", "items": [{"title": "T", "kind": "tabs", "# + members + "}]}")
        }
        let log = #"{"title": "Log", "kind": "lifecycle"}"#
        #expect(
            tabs(#""tab-position": "left", "tabs": [\#(log)]"#)
                == #"menu.json:1:73: item 1 ("T"): unknown tab position "left"; expected bottom or top"#)
        #expect(
            tabs(#""tab-position": 1, "tabs": [\#(log)]"#)
                == #"menu.json:1:73: item 1 ("T"): "tab-position" must be a string, found a number"#)
        #expect(
            tabs(#""tab-transition": "curl", "tabs": [\#(log)]"#)
                == #"menu.json:1:75: item 1 ("T"): unknown tab transition "curl"; expected one of none, push, slide, cover, fade"#
        )
        #expect(
            tabs(#""x": 1"#)
                == #"menu.json:1:57: item 1 ("T"): unknown key "x"; expected "title", "kind", "color", "text", "tab-position", "tab-transition" or "tabs""#
        )
        #expect(
            tabs(#""text": "t""#)
                == #"menu.json:1:26: item 1 ("T"): missing "tabs" (the list of tabs, each an item of kind text, color, navigation, lifecycle, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files)"#
        )
        #expect(tabs(#""tabs": {}"#) == #"menu.json:1:65: item 1 ("T"): "tabs" must be an array, found an object"#)
        #expect(
            tabs(#""tabs": []"#)
                == #"menu.json:1:65: item 1 ("T"): "tabs" is empty; a tabs item needs at least one tab"#)
        let many = Array(repeating: log, count: 101).joined(separator: ",")
        #expect(
            tabs(#""tabs": [\#(many)]"#)
                == #"menu.json:1:65: item 1 ("T"): "tabs" has 101 tabs; at most 100 are allowed"#)
        #expect(tabs(#""tabs": [3]"#) == #"menu.json:1:66: item 1 ("T"): tab 1 must be an object, found a number"#)
        #expect(
            tabs(#""tabs": [\#(log), {"title": "B", "kind": "tabs"}]"#)
                == #"menu.json:1:128: item 1 ("T"): tab 2 ("B"): a tab cannot hold tabs; expected one of text, color, navigation, lifecycle, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files"#
        )
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "colour"}]"#)
                == #"menu.json:1:89: item 1 ("T"): tab 1 ("B"): unknown kind "colour"; expected one of text, color, navigation, lifecycle, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files"#,
            "a tab is offered only the kinds a tab may be (not tabs)"
        )
        #expect(
            tabs(#""tabs": [{"title": "B"}]"#)
                == #"menu.json:1:66: item 1 ("T"): tab 1 ("B"): missing "kind"; expected one of text, color, navigation, lifecycle, clock, overlay-menu, two-pane, placeholder, stack, form, log, widgets, files"#
        )
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "color", "color": "bleu"}]"#).hasPrefix(
                #"menu.json:1:107: item 1 ("T"): tab 1 ("B"): unknown colour "bleu""#))
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "lifecycle", "symbol": "ab"}]"#)
                == #"menu.json:1:112: item 1 ("T"): tab 1 ("B"): "symbol" must be one character one column wide (such as "✉"), found "ab""#
        )
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "lifecycle", "symbol": "🍵"}]"#).contains(#"found "🍵""#),
            "two columns wide")
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "lifecycle", "symbol": "\u001b"}]"#).contains(
                #""symbol" must be one character one column wide"#),
            "a control character is not a symbol")
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "lifecycle", "badge": 3}]"#)
                == #"menu.json:1:111: item 1 ("T"): tab 1 ("B"): "badge" must be a string, found a number"#)
        #expect(
            tabs(#""tabs": [{"title": "B", "kind": "lifecycle", "tabs": []}]"#)
                == #"menu.json:1:102: item 1 ("T"): tab 1 ("B"): unknown key "tabs"; expected "title", "kind", "color", "text", "symbol" or "badge""#
        )
        #expect(
            message(#"{"title": "M", "items": [{"title": "B", "kind": "lifecycle", "symbol": "x"}]}"#)
                == #"menu.json:1:62: item 1 ("B"): unknown key "symbol"; expected "title", "kind", "color" or "text""#,
            "symbols are for tabs")
    }

    @Test func placeholderAndStackItems() throws {
        let menu = try parse(
            #"""
            {"title": "M", "items": [
              {"title": "Split", "kind": "placeholder"},
              {"title": "Four", "kind": "placeholder", "transitions": ["fade", "none", "push-from-left", "uncover-to-bottom"]},
              {"title": "Stack", "kind": "stack"},
              {"title": "Deep", "kind": "stack", "capacity": 5, "text": "keeps five"}
            ]}
            """#)
        #expect(
            menu.items.map(\.kind) == [
                .placeholder(transitions: MenuItem.Kind.defaultSplitTransitions),
                .placeholder(transitions: [.fade, .none, .push(from: .left), .uncover(to: .bottom)]),
                .stack(capacity: 2), .stack(capacity: 5)
            ])
        #expect(MenuItem.Kind.defaultSplitTransitions.count >= 4)
        for (name, style) in TransitionStyle.menuNames {
            #expect(TransitionStyle(menuName: name) == style && style.menuName == name)
        }
        #expect(TransitionStyle.menuNames.count == 30, "none, fade and seven motions for each of four edges")
    }

    @Test func placeholderAndStackRulesPointAtTheBadValue() {
        func item(_ json: String) -> String {
            message(#"{"title": "M", "items": [{"title": "A", "kind": "lifecycle"}, "# + json + "]}")
        }
        let four = #""fade", "fade", "fade""#
        #expect(
            item(#"{"title": "S", "kind": "placeholder", "transitions": [\#(four), "wobble"]}"#)
                == #"menu.json:1:141: item 2 ("S"): unknown transition "wobble"; expected one of \#(TransitionStyle.menuNameList)"#
        )
        #expect(
            item(#"{"title": "S", "kind": "placeholder", "transitions": [\#(four), 3]}"#)
                == #"menu.json:1:141: item 2 ("S"): a transition must be a string, found a number"#)
        #expect(
            item(#"{"title": "S", "kind": "placeholder", "transitions": [\#(four)]}"#)
                == #"menu.json:1:116: item 2 ("S"): "transitions" lists 3 styles; a split view has 4 to 26 rows"#)
        #expect(
            item(#"{"title": "S", "kind": "placeholder", "transitions": "fade"}"#)
                == #"menu.json:1:116: item 2 ("S"): "transitions" must be an array of transition names, found a string"#
        )
        #expect(
            item(#"{"title": "S", "kind": "stack", "capacity": 0}"#)
                == #"menu.json:1:107: item 2 ("S"): "capacity" must be a whole number of views from 1 to 99 (got 0)"#)
        #expect(item(#"{"title": "S", "kind": "stack", "capacity": 2.5}"#).hasSuffix(#"(got 2.5)"#))
        #expect(item(#"{"title": "S", "kind": "stack", "capacity": 1e300}"#).hasSuffix(#"(got 1e+300)"#))
        #expect(
            item(#"{"title": "S", "kind": "stack", "capacity": "2"}"#)
                == #"menu.json:1:107: item 2 ("S"): "capacity" must be a number of views from 1 to 99, found a string"#)
        #expect(
            item(#"{"title": "S", "kind": "stack", "transitions": ["fade"]}"#)
                == #"menu.json:1:95: item 2 ("S"): unknown key "transitions"; expected "title", "kind", "color", "text" or "capacity""#
        )
        #expect(
            item(#"{"title": "S", "kind": "text", "text": "t", "capacity": 2}"#)
                == #"menu.json:1:107: item 2 ("S"): unknown key "capacity"; expected "title", "kind", "color", "text" or "lines""#
        )
    }

    @Test func positionsCountLinesAndUnicodeColumns() {
        let json =
            "{\n  \"title\": \"Menü\",\n  \"items\": [\n    {\"title\": \"日本\", \"kind\": \"color\", \"color\": \"bleu\"}\n  ]\n}"
        #expect(message(json).hasPrefix(#"menu.json:4:47: item 1 ("日本"): unknown colour "bleu""#))
    }

    @Test func valuesInMessagesAreEscapedAndShortened() {
        let evil = #"{"title": "M", "items": [{"title": "\u001b]0;pwned\u0007\n", "kind": "nope"}]}"#
        let text = message(evil)
        #expect(text.contains(#"item 1 ("\u{1B}]0;pwned\u{7}\n"): unknown kind "nope""#), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "no control character reaches the terminal")
        let long = String(repeating: "é", count: 100)
        #expect(
            message(#"{"title": "M", "items": [{"title": "\#(long)"}]}"#).contains(
                "(\"" + String(repeating: "é", count: 40) + "…\")"))
    }

    /// Bidirectional controls in a quoted value or a path would make the rest of the message
    /// read reversed (or reordered) in a bidi-aware terminal: they are written as escapes.
    @Test(arguments: [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069])
    func bidirectionalControlsInMessagesAreEscaped(code: UInt32) {
        let control = String(Unicode.Scalar(code)!)
        let hex = String(code, radix: 16, uppercase: true)
        let text = message(#"{"title": "M", "items": [{"title": "a\#(control)b", "kind": "nope"}]}"#)
        #expect(text.contains(#"item 1 ("a\u{\#(hex)}b")"#), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value == code })
        #expect("menus/\(control)evil.json".pathForMessage() == #""menus/\u{\#(hex)}evil.json""#)
        #expect("menus/plain.json".pathForMessage() == "menus/plain.json")
    }

    /// A title that shows nothing (ideographic space, zero-width space, a bidi isolate) is
    /// empty; a control character is no symbol even where it would be drawn one column wide.
    @Test func invisibleTitlesAndControlSymbolsAreRefused() {
        #expect(
            message(#"{"title": "M", "items": [{"title": "\u3000\u200b\u2066", "kind": "text"}]}"#)
                == #"menu.json:1:36: item 1: "title" is empty"#)
        #expect(message(#"{"title": "\u200b", "items": []}"#) == #"menu.json:1:11: "title" is empty"#)
        let c1 =
            #"{"title": "M", "items": [{"title": "T", "kind": "tabs", "tabs": [{"title": "B", "kind": "lifecycle", "symbol": "\u009b"}]}]}"#
        #expect(message(c1).contains(#""symbol" must be one character one column wide"#), "\(message(c1))")
        #expect(message(c1).contains(#"found "\u{9B}""#))
        let zeroWidth =
            #"{"title": "M", "items": [{"title": "T", "kind": "tabs", "tabs": [{"title": "B", "kind": "lifecycle", "symbol": "\u200b"}]}]}"#
        #expect(message(zeroWidth).contains(#""symbol" must be one character one column wide"#))
    }

    @Test func titlesMayHoldAnything() throws {
        let menu = try parse(#"{"title": "\u001b[2J", "items": [{"title": "日本語 Café ☕ \u0007", "kind": "lifecycle"}]}"#)
        #expect(menu.title == "\u{1B}[2J")
        #expect(menu.items[0].title == "日本語 Café ☕ \u{7}")
    }

    // MARK: Syntax

    @Test func syntaxErrorsSayWhereAndWhat() {
        #expect(message("") == "menu.json:1:1: not valid JSON: expected a JSON value, found end of file")
        #expect(
            message("{\"title\": \"M\",\n \"items\": [1,, 2]}")
                == "menu.json:2:14: not valid JSON: expected a value, found ','")
        #expect(message(#"{"title": tru}"#) == "menu.json:1:11: not valid JSON: expected a value, found 'tru'")
        #expect(message(#"{"title": "M"} x"#) == "menu.json:1:16: not valid JSON: unexpected 'x' after the JSON value")
        #expect(
            message(#"{"title": "M", "title": "N"}"#)
                == #"menu.json:1:16: not valid JSON: duplicate key "title" in the same object"#)
        #expect(
            message(#"{"title": "M",}"#)
                == "menu.json:1:15: not valid JSON: expected a member name in double quotes, found '}'")
        #expect(
            message("{\"title\": \"a\tb\"}")
                == #"menu.json:1:13: not valid JSON: control character U+0009 in a string (write it as an escape such as \n or \u00XX)"#
        )
        #expect(
            message(#"{"title": "M""#)
                == "menu.json:1:14: not valid JSON: expected ',' or '}' after an object member, found end of file")
        #expect(
            message(#"{"title": "M"#)
                == "menu.json:1:13: not valid JSON: unterminated string: expected '\"', found end of file")
        #expect(message(#"{"t": 01}"#) == "menu.json:1:8: not valid JSON: a number cannot have a leading zero")
        #expect(
            message(#"{"t": "\x"}"#)
                == #"menu.json:1:8: not valid JSON: invalid escape: '\' followed by 'x'; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#
        )
        #expect(message(#"{"t": "\ud800"}"#).contains(#"lone surrogate \uD800"#))
        #expect(message(#"{"t": "\udc00"}"#).contains(#"lone surrogate \uDC00"#))
        #expect(message(#"{"t": "\u12"}"#).contains(#"\u must be followed by four hexadecimal digits"#))
    }

    @Test func invalidUTF8IsRejectedAtItsByte() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82]
        ] {
            #expect(throws: MenuFileError.self) { try MenuFile.parse(bytes, source: "m") }
            do {
                _ = try MenuFile.parse(bytes, source: "m")
            } catch {
                #expect(error.description.hasPrefix("m:1:2: not valid JSON: not valid UTF-8"), "\(error)")
            }
        }
    }

    @Test func textLinesAndLogItems() throws {
        let menu = try parse(
            #"""
            {"title": "M", "items": [
              {"title": "Long", "kind": "text", "lines": 1000000},
              {"title": "Both", "kind": "text", "text": "head", "lines": 3},
              {"title": "Log", "kind": "log"}
            ]}
            """#)
        #expect(menu.items.map(\.kind) == [.text(lines: 1_000_000), .text(lines: 3), .log])
        #expect(TextPane.text("head", numberedLines: 3) == "head\nLine 1 of 3\nLine 2 of 3\nLine 3 of 3")
        #expect(TextPane.text(nil, numberedLines: 2) == "Line 1 of 2\nLine 2 of 2")
        let lines = TextPane.text(nil, numberedLines: 1_000).split(separator: "\n")
        #expect(lines == (1...1_000).map { "Line \($0) of 1000"[...] }, "numbers of one to four digits, written whole")
    }

    @Test func badLinesPointAtTheValue() {
        func item(_ json: String) -> String {
            message(#"{"title": "M", "items": [{"title": "A", "kind": "lifecycle"}, "# + json + "]}")
        }
        #expect(
            item(#"{"title": "S", "kind": "text", "lines": 0}"#)
                == #"menu.json:1:103: item 2 ("S"): "lines" must be a whole number of lines from 1 to 1000000 (got 0)"#)
        #expect(item(#"{"title": "S", "kind": "text", "lines": 1000001}"#).hasSuffix(#"(got 1000001)"#))
        #expect(item(#"{"title": "S", "kind": "text", "lines": -3}"#).hasSuffix(#"(got -3)"#))
        #expect(item(#"{"title": "S", "kind": "text", "lines": 2.5}"#).hasSuffix(#"(got 2.5)"#))
        #expect(
            item(#"{"title": "S", "kind": "text", "lines": "10"}"#)
                == #"menu.json:1:103: item 2 ("S"): "lines" must be a number of lines from 1 to 1000000, found a string"#
        )
        #expect(
            item(#"{"title": "S", "kind": "log", "lines": 10}"#)
                == #"menu.json:1:93: item 2 ("S"): unknown key "lines"; expected "title", "kind", "color" or "text""#,
            "only text items generate lines")
    }
}
