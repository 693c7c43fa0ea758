import Testing
@testable import ShojiDemoKit

/// The menu-file options of the container kinds `overlay-menu` and `two-pane`: defaults, values,
/// and every rule's message with its position.
struct ContainerKindsMenuTests {
    private func parse(_ json: String) throws(MenuFileError) -> MenuFile { try parseMenu(json) }

    private func message(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        menuMessage(json, sourceLocation: sourceLocation)
    }

    /// A menu whose only item is `item`.
    private func item(_ item: String) -> String { #"{"title": "M", "items": ["# + item + "]}" }

    @Test func withoutOptionsTheKindsTakeTheirDefaults() throws {
        let menu = try parse(item(#"{"title": "O", "kind": "overlay-menu"}"#))
        #expect(menu.items[0].kind == .overlayMenu(MenuChild.defaultOverlayChildren, transition: .fade))
        #expect(MenuChild.defaultOverlayChildren.count == 5)
        let two = try parse(item(#"{"title": "T", "kind": "two-pane"}"#))
        #expect(two.items[0].kind == .twoPane(MenuChild.defaultTwoPaneChildren))
        #expect(MenuChild.defaultTwoPaneChildren.map(\.title) == ["Orange", "Blue"])
        #expect(MenuChild.defaultTwoPaneChildren.map(\.color) == [.orange, .blue])
    }

    @Test func childrenAndTransitionAreRead() throws {
        let menu = try parse(
            item(
                """
                {"title": "O", "kind": "overlay-menu", "transition": "wipe", "children": [
                  {"title": "One", "color": "orange", "symbol": "★", "text": "first"},
                  {"title": "Two"},
                  {"title": "Three", "symbol": "♠"}
                ]}
                """))
        #expect(
            menu.items[0].kind
                == .overlayMenu(
                    [
                        MenuChild(title: "One", color: .orange, symbol: "★", text: "first"),
                        MenuChild(title: "Two", color: .blue),
                        MenuChild(title: "Three", color: .green, symbol: "♠")
                    ], transition: .wipe), "colours left out take the cycle's colour for their place")
        #expect(MenuTransition.wipe.style == .wipe(from: .top))
        let two = try parse(
            item(#"{"title": "T", "kind": "two-pane", "children": [{"title": "A", "color": "red"}, {"title": "B"}]}"#))
        #expect(
            two.items[0].kind == .twoPane([MenuChild(title: "A", color: .red), MenuChild(title: "B", color: .blue)]))
    }

    @Test func badOptionsAreErrorsWithTheirPositions() {
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": {}}"#))
                == #"menu.json:1:77: item 1 ("O"): "children" must be an array, found an object"#)
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": []}"#))
                == #"menu.json:1:77: item 1 ("O"): "children" needs 1 to 26 children, found 0"#)
        #expect(
            message(item(#"{"title": "T", "kind": "two-pane", "children": [{"title": "A"}]}"#))
                == #"menu.json:1:73: item 1 ("T"): "children" needs exactly 2 children, found 1"#)
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [3]}"#))
                == #"menu.json:1:78: item 1 ("O"): child 1 must be an object, found a number"#)
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"color": "red"}]}"#))
                == #"menu.json:1:78: item 1 ("O"): child 1: missing "title" (the child's title)"#)
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "A", "colour": "red"}]}"#))
                == #"menu.json:1:93: item 1 ("O"): child 1 ("A"): unknown key "colour"; expected "title", "color", "symbol" or "text""#
        )
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "A", "color": "bleu"}]}"#))
                == #"menu.json:1:102: item 1 ("O"): child 1 ("A"): unknown colour "bleu"; expected one of \#(MenuColor.nameList)"#
        )
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "A", "symbol": "abc"}]}"#))
                == #"menu.json:1:103: item 1 ("O"): child 1 ("A"): "symbol" must be one character one column wide (such as "✉"), found "abc""#
        )
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "A", "symbol": ""}]}"#))
                .contains(#""symbol" must be one character one column wide (such as "✉"), found """#))
        #expect(
            menuMessage(item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "A", "symbol": "日"}]}"#))
                .contains(#"found "日""#), "a wide character is refused, as in a tab")
        #expect(
            message(
                item(
                    #"{"title": "T", "kind": "two-pane", "children": [{"title": "A", "symbol": "*"}, {"title": "B"}]}"#)
            )
                == #"menu.json:1:89: item 1 ("T"): child 1 ("A"): unknown key "symbol"; expected "title", "color" or "text""#
        )
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "transition": "curl"}"#))
                == #"menu.json:1:79: item 1 ("O"): unknown transition "curl"; expected one of none, fade, wipe"#)
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "transition": 1}"#))
                == #"menu.json:1:79: item 1 ("O"): "transition" must be a string, found a number"#)
        #expect(
            message(item(#"{"title": "T", "kind": "two-pane", "transition": "fade"}"#))
                == #"menu.json:1:61: item 1 ("T"): unknown key "transition"; expected "title", "kind", "color", "text" or "children""#
        )
        #expect(
            message(item(#"{"title": "X", "kind": "text", "text": "t", "children": []}"#))
                == #"menu.json:1:70: item 1 ("X"): unknown key "children"; expected "title", "kind", "color", "text" or "lines""#,
            "the other kinds take no children")
        #expect(
            message(item(#"{"title": "O", "kind": "overlay-menu", "color": "red"}"#))
                == #"menu.json:1:74: item 1 ("O"): "color" is only for items of kind "color", not "overlay-menu""#)
    }

    @Test func helpDocumentsTheKindsTheirOptionsAndKeys() {
        let help = DemoOptions.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in [
            "overlay-menu (optional \"children\": 1-26 of {\"title\", \"color\", \"symbol\", \"text\"}",
            "\"transition\": one of none, fade, wipe", "two-pane (optional \"children\": exactly 2",
            "F4 or a right click shows the overlay menu", "Show / Hide and Swap"
        ] {
            #expect(help.contains(text), "help says \(text)")
        }
    }

    @Test func aHostileChildTitleIsQuotedInMessages() {
        let text = message(
            item(#"{"title": "O", "kind": "overlay-menu", "children": [{"title": "\u001b[2J", "color": 1}]}"#))
        #expect(text.contains(#"child 1 ("\u{1B}[2J"): "color" must be a string, found a number"#), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
    }
}
