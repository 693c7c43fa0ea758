import Testing
@testable import ShojiDemoKit

/// A menu file's optional `right-items`, the entries of the right-hand settings menu: what
/// parses, and every rule's message with the position it points at.
struct MenuFileRightItemsTests {
    /// A one-item menu with `rightItems` (JSON text) as its `right-items`, on one line.
    private static func menu(rightItems: String) -> String {
        #"{"title": "M", "items": [{"title": "A", "kind": "form"}], "right-items": \#(rightItems)}"#
    }

    /// The message for `rightItems`, which must point at the first `needle` after the
    /// `right-items` key (or at the value itself, without a needle).
    private func expectMessage(
        _ rightItems: String, at needle: String? = nil, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let json = Self.menu(rightItems: rightItems)
        let start = json.range(of: #""right-items": "#)!.upperBound
        let target = needle.flatMap { json[start...].range(of: $0)?.lowerBound } ?? start
        let column = json.unicodeScalars.distance(from: json.startIndex, to: target) + 1
        #expect(
            menuMessage(json, sourceLocation: sourceLocation) == "menu.json:1:\(column): \(reason)",
            sourceLocation: sourceLocation)
    }

    @Test func theEntriesParseInOrderAndNoneWithoutTheKey() throws {
        let menu = try parseMenu(
            Self.menu(
                rightItems: #"""
                    [{"title": "Theme", "setting": "theme"}, {"title": "Motion", "setting": "motion"},
                     {"setting": "about", "title": "About…"}, {"title": "Theme again", "setting": "theme"}]
                    """#))
        #expect(
            menu.rightItems == [
                SettingsEntry(title: "Theme", setting: .theme), SettingsEntry(title: "Motion", setting: .motion),
                SettingsEntry(title: "About…", setting: .about), SettingsEntry(title: "Theme again", setting: .theme)
            ])
        let plain = try parseMenu(#"{"title": "M", "items": [{"title": "A", "kind": "form"}]}"#)
        #expect(plain.rightItems.isEmpty, "no right-items: no right-hand menu")
    }

    @Test func theBuiltInMenuHasTheThreeSettings() throws {
        #expect(try MenuFile.builtIn().rightItems.map(\.setting) == [.theme, .motion, .about])
    }

    @Test func aTopLevelKeyOtherThanTheThreeIsRefused() {
        #expect(
            menuMessage(#"{"title": "M", "items": [{"title": "A", "kind": "form"}], "right-item": []}"#)
                == #"menu.json:1:59: unknown key "right-item"; expected "title", "items" or "right-items""#)
    }

    @Test func theListMustBeANonEmptyArrayOfAtMostTwentySix() {
        expectMessage("{}", #""right-items" must be an array of settings entries, found an object"#)
        expectMessage(#""theme""#, #""right-items" must be an array of settings entries, found a string"#)
        expectMessage("[]", #""right-items" is empty; leave it out for no right-hand menu"#)
        let entry = #"{"title": "T", "setting": "theme"}"#
        let many = "[" + Array(repeating: entry, count: 27).joined(separator: ", ") + "]"
        expectMessage(many, #""right-items" has 27 entries; at most 26 are allowed"#)
        let most = try? parseMenu(
            Self.menu(rightItems: "[" + Array(repeating: entry, count: 26).joined(separator: ", ") + "]"))
        #expect(most?.rightItems.count == MenuFile.maximumRightItemCount)
    }

    @Test func eachEntryIsAnObjectWithANonBlankStringTitle() {
        expectMessage(
            #"[{"title": "T", "setting": "theme"}, 3]"#, at: "3]", "right item 2 must be an object, found a number")
        expectMessage(#"[{"setting": "theme"}]"#, at: "{", #"right item 1: missing "title" (the entry's title)"#)
        expectMessage(
            #"[{"title": 5, "setting": "theme"}]"#, at: "5", #"right item 1: "title" must be a string, found a number"#)
        expectMessage(#"[{"title": " \t", "setting": "theme"}]"#, at: #"" \t""#, #"right item 1: "title" is empty"#)
    }

    @Test func eachEntryHasExactlyATitleAndAKnownSetting() {
        expectMessage(
            #"[{"title": "Theme", "setting": "theme", "kind": "text"}]"#, at: #""kind""#,
            #"right item 1 ("Theme"): unknown key "kind"; expected "title" or "setting""#)
        expectMessage(
            #"[{"title": "Theme"}]"#, at: "{",
            #"right item 1 ("Theme"): missing "setting"; expected one of theme, motion, about"#)
        expectMessage(
            #"[{"title": "Theme", "setting": true}]"#, at: "true",
            #"right item 1 ("Theme"): "setting" must be a string, found a boolean"#)
        expectMessage(
            #"[{"title": "Motion", "setting": "motion"}, {"title": "Colour", "setting": "colour"}]"#,
            at: #""colour""#,
            #"right item 2 ("Colour"): unknown setting "colour"; expected one of theme, motion, about"#)
        expectMessage(
            #"[{"title": "Theme", "setting": "Theme"}]"#, at: #""Theme"}"#,
            #"right item 1 ("Theme"): unknown setting "Theme"; expected one of theme, motion, about"#)
    }

    @Test func theItemsAreCheckedFirstAndTitlesAreQuotedInert() {
        let json =
            #"{"title": "M", "items": [{"title": "A", "kind": "nope"}], "right-items": [{"title": "T", "setting": "x"}]}"#
        #expect(menuMessage(json).contains(#"item 1 ("A"): unknown kind "nope""#), "the items' rules come first")
        expectMessage(
            #"[{"title": "\u001b[31m", "setting": "x"}]"#, at: #""x""#,
            #"right item 1 ("\u{1B}[31m"): unknown setting "x"; expected one of theme, motion, about"#)
    }

    @Test func theHelpDescribesRightItems() {
        let help = DemoOptions.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in [
            #""right-items": 1 to 26 entries"#, #""setting": one of theme, motion, about"#, "F3 or M",
            "(standard, dark, light, monochrome, high-contrast)"
        ] {
            #expect(help.contains(text), "help mentions \(text)")
        }
    }
}
