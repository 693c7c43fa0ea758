import Shoji
import ShojiTesting

/// The scenes of the views' pictures: each view configured as an app would, alone or with the
/// labels that give it sense, in a window a little wider than it needs.
extension DocumentationPicture {
    static let views: [DocumentationPicture] = [
        label, button, textInputView, textField, textView, selectableRowsView, listView, navigationBar, tabBar,
        scrollView, stackView, tableView, outlineView,
        control, switchControl, segmentedControl, stepper, progressView, activityIndicatorView, sparklineView,
        barChartView
    ]

    static let label = DocumentationPicture(
        typeName: "Label", size: Size(width: 40, height: 7),
        caption: "A bold title, a paragraph wrapped by word, a centred line and a line cut at its end"
    ) { size in
        let title = Label(
            text: "Release notes", style: Style(attributes: .bold), frame: Rect(x: 1, y: 0, width: 38, height: 1))
        let paragraph = Label(
            text: "Tables sort by any column, and a search field filters them as you type.",
            frame: Rect(x: 1, y: 2, width: 38, height: 2))
        paragraph.lineBreakMode = .byWordWrapping
        let centred = Label(text: "· · ·", frame: Rect(x: 1, y: 4, width: 38, height: 1))
        centred.textAlignment = .center
        let cut = Label(
            text: "A line longer than its label is cut with an ellipsis", frame: Rect(x: 1, y: 6, width: 38, height: 1))
        return PictureHost.pilot(showing: [title, paragraph, centred, cut], size: size)
    }

    static let button = DocumentationPicture(
        typeName: "Button", size: Size(width: 40, height: 3),
        caption:
            "Three buttons, the first focused (reverse video) and the last disabled (dim), then compact and bare ones"
    ) { size in
        let save = Button(title: "Save", frame: Rect(x: 1, y: 0, width: 8, height: 1))
        let cancel = Button(title: "Cancel", frame: Rect(x: 11, y: 0, width: 10, height: 1))
        let delete = Button(title: "Delete", frame: Rect(x: 23, y: 0, width: 10, height: 1))
        delete.isEnabled = false
        let edit = Button(title: "Edit", frame: Rect(x: 1, y: 2, width: 6, height: 1))
        edit.border = .compact
        let share = Button(title: "Share", frame: Rect(x: 8, y: 2, width: 7, height: 1))
        share.border = .compact
        let help = Button(title: "Help", frame: Rect(x: 17, y: 2, width: 4, height: 1))
        help.border = .none
        return PictureHost.pilot(showing: [save, cancel, delete, edit, share, help], size: size)
    }

    static let textField = DocumentationPicture(
        typeName: "TextField", size: Size(width: 40, height: 5),
        caption: "Three fields (underlined): one typed into, one showing its placeholder (dim), one secure"
    ) { size in
        let labels = ["Name", "Email", "Password"].enumerated().map { row, text in
            Label(text: text, frame: Rect(x: 1, y: row * 2, width: 9, height: 1))
        }
        let name = TextField(text: "Ada Lovelace", frame: Rect(x: 11, y: 0, width: 26, height: 1))
        let email = TextField(placeholder: "you@example.com", frame: Rect(x: 11, y: 2, width: 26, height: 1))
        let password = TextField(text: "analytical", frame: Rect(x: 11, y: 4, width: 26, height: 1))
        password.isSecureTextEntry = true
        return PictureHost.pilot(showing: labels + [name, email, password], size: size)
    }

    static let textInputView = DocumentationPicture(
        typeName: "TextInputView", size: Size(width: 40, height: 4),
        caption:
            "The two text inputs, each with a selection: a field (one line) and a text view (wrapped lines); one editing core, one selection look"
    ) { size in
        let field = TextField(text: "Ada Lovelace", frame: Rect(x: 0, y: 0, width: 40, height: 1))
        field.selectedRange = 4..<12
        let notes = TextView(
            text: "Notes on the analytical engine, which weaves algebraic patterns.",
            frame: Rect(x: 0, y: 2, width: 40, height: 2))
        notes.selectedRange = 9..<31
        return PictureHost.pilot(showing: [field, notes], size: size)
    }

    static let textView = DocumentationPicture(
        typeName: "TextView", size: Size(width: 40, height: 8),
        caption: "A text view of wrapped paragraphs, with a margin of one column and its scroll bar on"
    ) { size in
        let notes = TextView(
            text: """
                Shoji draws with ncursesw and reads keys with libtermkey; its core is pure Swift and \
                runs headlessly in tests.

                Text views wrap by word and edit by grapheme, so CJK, combining marks and emoji \
                sequences move and delete whole. Long text scrolls, with the keys and the wheel.
                """,
            frame: Rect(x: 0, y: 0, width: 40, height: 8))
        notes.horizontalMargin = 1
        notes.showsVerticalScrollIndicator = true
        return PictureHost.pilot(showing: [notes], size: size)
    }

    static let listView = DocumentationPicture(
        typeName: "ListView", size: Size(width: 40, height: 8),
        caption: "A list in two sections with counts as accessories, the second row selected (reverse video)"
    ) { size in
        let mailboxes = PictureMailboxes()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 40, height: 8))
        list.accessoryWidth = 3
        list.dataSource = mailboxes
        list.selectedRow = 1
        return PictureHost.pilot(showing: [list], keeping: [mailboxes], size: size)
    }

    static let navigationBar = DocumentationPicture(
        typeName: "NavigationBar", size: Size(width: 40, height: 1),
        caption: "A bar (reverse video) with a back button, a centred title and two right items"
    ) { size in
        let message = ViewController()
        message.title = "Message"
        message.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Reply"), BarButtonItem(title: "Delete")]
        let bar = NavigationBar(frame: Rect(x: 0, y: 0, width: 40, height: 1))
        bar.navigationItem = message.navigationItem
        bar.backItem = BarButtonItem(title: "Inbox")
        return PictureHost.pilot(showing: [bar], keeping: [message], size: size)
    }

    static let tabBar = DocumentationPicture(
        typeName: "TabBar", size: Size(width: 40, height: 1),
        caption:
            "A tab bar (reverse video) of three items with symbols and a badge, the second selected (bold, underlined)"
    ) { size in
        let tabs = [("Inbox", "✉", "3"), ("Calendar", "▦", nil), ("Contacts", "☺", nil)].map { title, symbol, badge in
            let tab = ViewController()
            tab.title = title
            tab.tabBarItem.symbol = Character(symbol)
            tab.tabBarItem.badgeValue = badge
            return tab
        }
        let bar = TabBar(frame: Rect(x: 0, y: 0, width: 40, height: 1))
        bar.items = tabs.map(\.tabBarItem)
        bar.selectedItem = tabs[1].tabBarItem
        return PictureHost.pilot(showing: [bar], keeping: tabs, size: size)
    }

    static let scrollView = DocumentationPicture(
        typeName: "ScrollView", size: Size(width: 40, height: 8),
        caption:
            "Twenty lines 60 columns wide, numbered at their right end, scrolled 20 columns right and 5 rows down, with both scroll bars"
    ) { size in
        let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 40, height: 8))
        scroller.contentSize = Size(width: 60, height: 20)
        for row in 1...20 {
            let text = "The quick brown fox jumps over the lazy dog, line \(row < 10 ? "0" : "")\(row)."
            let label = Label(text: text, frame: Rect(x: 0, y: row - 1, width: 60, height: 1))
            label.textAlignment = .right
            scroller.contentView.addSubview(label)
        }
        scroller.setContentOffset(Point(x: 20, y: 5), animated: false)
        return PictureHost.pilot(showing: [scroller], size: size)
    }

    static let stackView = DocumentationPicture(
        typeName: "StackView", size: Size(width: 40, height: 8),
        caption:
            "A column with margins: a title, two rows of a label and a field, buttons kept left by a spacer, a status line"
    ) { size in
        let title = Label(text: "New contact", style: Style(attributes: .bold))
        let name = StackView(
            spacing: 2,
            arrangedSubviews: [Label(text: "Name "), TextField(text: "Grace Hopper")])
        let email = StackView(
            spacing: 2,
            arrangedSubviews: [Label(text: "Email"), TextField(placeholder: "you@example.com")])
        let buttons = StackView(spacing: 2, arrangedSubviews: [Button(title: "Save"), Button(title: "Cancel"), View()])
        let status = Label(text: "Not saved yet.", style: Style(attributes: .dim))
        let page = StackView(
            axis: .vertical, spacing: 1, arrangedSubviews: [title, name, email, buttons],
            frame: Rect(x: 0, y: 0, width: 40, height: 8))
        page.addArrangedSubview(status)
        page.setCustomSpacing(0, after: buttons)
        page.layoutMargins = EdgeInsets(top: 0, left: 2, right: 2)
        page.isLayoutMarginsRelativeArrangement = true
        return PictureHost.pilot(showing: [page], size: size)
    }

    static let tableView = DocumentationPicture(
        typeName: "TableView", size: Size(width: 40, height: 8),
        caption: "Files sorted by size, largest first (▼), the third row selected (reverse video), with its scroll bar"
    ) { size in
        // The Tables article's data source, with its columns.
        typealias File = TableArticleTests.File
        let files = TableArticleTests.Files()
        files.files = [
            File(name: "README.md", size: 8734, kind: "Markdown"),
            File(name: "Package.swift", size: 2310, kind: "Swift"),
            File(name: "demo.gif", size: 1_204_511, kind: "Image"), File(name: "Makefile", size: 4215, kind: "Make"),
            File(name: "DECISIONS.md", size: 96120, kind: "Markdown"),
            File(name: "main.swift", size: 1545, kind: "Swift"), File(name: "menu.json", size: 3002, kind: "JSON"),
            File(name: ".spi.yml", size: 86, kind: "YAML")
        ]
        let table = TableView(frame: Rect(x: 0, y: 0, width: 40, height: 8))
        table.columns = TableArticleTests.columns
        table.dataSource = files
        table.delegate = files
        table.sortDescriptor = TableSortDescriptor(column: "size", ascending: false)
        files.tableView(table, didRequestSortBy: TableArticleTests.columns[1], ascending: false)
        table.selectedRow = 2
        return PictureHost.pilot(showing: [table], keeping: [files], size: size)
    }

    static let outlineView = DocumentationPicture(
        typeName: "OutlineView", size: Size(width: 40, height: 7),
        caption:
            "Folders with one expanded (▾) and one collapsed (▸), the expanded folder's file selected (reverse video)"
    ) { size in
        // The Tables article's "Outlines" data source, with its columns.
        let folders = OutlineArticleTests.Folders()
        folders.entries["docs"] = ["docs/guide.md", "docs/api", "docs/notes.txt"]
        folders.entries["docs/api"] = ["docs/api/index.md"]
        let outline = OutlineView(frame: Rect(x: 0, y: 0, width: 40, height: 7))
        outline.columns = OutlineArticleTests.columns
        outline.outlineDataSource = folders
        outline.expandItem("docs")
        outline.expandItem("docs/api")
        outline.selectedRow = 1
        return PictureHost.pilot(showing: [outline], keeping: [folders], size: size)
    }

    static let switchControl = DocumentationPicture(
        typeName: "Switch", size: Size(width: 40, height: 5),
        caption: "Three switches: on (bold), off, and off and disabled (dim)"
    ) { size in
        let rows: [(String, Bool, Bool)] = [
            ("Notifications", true, true), ("Sounds", false, true), ("Beta", false, false)
        ]
        var views: [View] = []
        for (index, (title, isOn, isEnabled)) in rows.enumerated() {
            views.append(Label(text: title, frame: Rect(x: 1, y: index * 2, width: 16, height: 1)))
            let toggle = Switch(isOn: isOn, frame: Rect(x: 18, y: index * 2, width: 7, height: 1))
            toggle.isEnabled = isEnabled
            views.append(toggle)
        }
        return PictureHost.pilot(showing: views, size: size)
    }

    static let segmentedControl = DocumentationPicture(
        typeName: "SegmentedControl", size: Size(width: 40, height: 3),
        caption: "Two segmented controls: Medium selected (reverse video, bold); Week selected and Year disabled (dim)"
    ) { size in
        let sizes = SegmentedControl(items: ["Small", "Medium", "Large"], frame: Rect(x: 8, y: 0, width: 26, height: 1))
        sizes.selectedSegmentIndex = 1
        let range = SegmentedControl(items: ["Day", "Week", "Year"], frame: Rect(x: 8, y: 2, width: 0, height: 1))
        range.sizeToFit()
        range.selectedSegmentIndex = 1
        range.setEnabled(false, forSegmentAt: 2)
        let labels = [
            Label(text: "Size", frame: Rect(x: 1, y: 0, width: 6, height: 1)),
            Label(text: "Range", frame: Rect(x: 1, y: 2, width: 6, height: 1))
        ]
        return PictureHost.pilot(showing: labels + [sizes, range], size: size)
    }

    static let selectableRowsView = DocumentationPicture(
        typeName: "SelectableRowsView", size: Size(width: 40, height: 5),
        caption:
            "A list and a table, the two selectable row views: one selection, one look (the focused list's row in reverse video, the table's dim)"
    ) { size in
        let mailboxes = PictureMailboxes()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 14, height: 5))
        list.dataSource = mailboxes
        list.selectedRow = 1
        typealias File = TableArticleTests.File
        let files = TableArticleTests.Files()
        files.files = [
            File(name: "a.txt", size: 12, kind: "Text"), File(name: "b.md", size: 7, kind: "Markdown"),
            File(name: "c.gif", size: 30, kind: "Image")
        ]
        let table = TableView(frame: Rect(x: 15, y: 0, width: 25, height: 5))
        table.columns = Array(TableArticleTests.columns.prefix(2))
        table.dataSource = files
        table.selectedRow = 2
        let pilot = PictureHost.pilot(showing: [list, table], keeping: [mailboxes, files], size: size)
        pilot.window.makeFirstResponder(list)
        pilot.settle()
        return pilot
    }

    static let control = DocumentationPicture(
        typeName: "Control", size: Size(width: 40, height: 3),
        caption:
            "The built-in controls and an app's own (a rating, from \"Writing a control\"), which is focused: one family, one look"
    ) { size in
        let button = Button(title: "Save", frame: Rect(x: 1, y: 0, width: 8, height: 1))
        let toggle = Switch(isOn: true, frame: Rect(x: 11, y: 0, width: 7, height: 1))
        let stepper = Stepper(frame: Rect(x: 20, y: 0, width: 9, height: 1))
        let segments = SegmentedControl(items: ["A", "B"], frame: Rect(x: 31, y: 0, width: 9, height: 1))
        segments.selectedSegmentIndex = 0
        let rating = Rating(frame: Rect(x: 1, y: 2, width: 5, height: 1))
        rating.rate(3)
        let pilot = PictureHost.pilot(showing: [button, toggle, stepper, segments, rating], size: size)
        pilot.window.makeFirstResponder(rating)
        pilot.settle()
        return pilot
    }

    static let stepper = DocumentationPicture(
        typeName: "Stepper", size: Size(width: 40, height: 3),
        caption: "Two steppers with labels beside them; the second is at its minimum, so its minus is dim"
    ) { size in
        let copies = Stepper(frame: Rect(x: 1, y: 0, width: 9, height: 1))
        copies.value = 3
        let guests = Stepper(frame: Rect(x: 1, y: 2, width: 9, height: 1))
        guests.minimumValue = 1
        guests.value = 1
        let labels = [
            Label(text: "Copies: 3", frame: Rect(x: 12, y: 0, width: 12, height: 1)),
            Label(text: "Guests: 1", frame: Rect(x: 12, y: 2, width: 12, height: 1))
        ]
        return PictureHost.pilot(showing: [copies, guests] + labels, size: size)
    }

    static let progressView = DocumentationPicture(
        typeName: "ProgressView", size: Size(width: 40, height: 3),
        caption: "A bar with a percentage, filled in eighths of a cell, and one with a text caption"
    ) { size in
        let download = ProgressView(progress: 0.37, frame: Rect(x: 1, y: 0, width: 38, height: 1))
        download.caption = .percentage
        let sync = ProgressView(progress: 0.75, frame: Rect(x: 1, y: 2, width: 38, height: 1))
        sync.caption = .text("6 of 8 files")
        return PictureHost.pilot(showing: [download, sync], size: size)
    }

    static let sparklineView = DocumentationPicture(
        typeName: "SparklineView", size: Size(width: 40, height: 3),
        caption: "A one-row load chart and a two-row one, their newest values at the right"
    ) { size in
        let load: [Double] = [3, 4, 4, 6, 9, 12, 10, 7, 5, 5, 6, 8, 13, 16, 14, 9, 6, 4, 3, 3, 5, 7]
        let cpu = SparklineView(frame: Rect(x: 7, y: 0, width: 30, height: 1))
        cpu.values = load
        let disk = SparklineView(frame: Rect(x: 7, y: 1, width: 30, height: 2))
        disk.values = load.reversed()
        let labels = [
            Label(text: "CPU", frame: Rect(x: 1, y: 0, width: 5, height: 1)),
            Label(text: "Disk", frame: Rect(x: 1, y: 2, width: 5, height: 1))
        ]
        return PictureHost.pilot(showing: [cpu, disk] + labels, size: size)
    }

    static let barChartView = DocumentationPicture(
        typeName: "BarChartView", size: Size(width: 44, height: 5),
        caption: "Vertical bars over their labels, and horizontal ones ending in their values"
    ) { size in
        let files = BarChartView(frame: Rect(x: 1, y: 0, width: 19, height: 5))
        files.barWidth = 4
        files.bars = [
            .init(label: "B", value: 12), .init(label: "KB", value: 96), .init(label: "MB", value: 64),
            .init(label: "GB", value: 3)
        ]
        let disks = BarChartView(frame: Rect(x: 22, y: 0, width: 21, height: 5))
        disks.barDirection = .horizontal
        disks.bars = [
            .init(label: "root", value: 71), .init(label: "home", value: 38),
            .init(label: "tmp", value: 4, style: Style(foreground: .yellow))
        ]
        disks.valueRange = 0...100
        return PictureHost.pilot(showing: [files, disks], size: size)
    }

    static let activityIndicatorView = DocumentationPicture(
        typeName: "ActivityIndicatorView", size: Size(width: 40, height: 1),
        caption: "A spinner (a braille dot pattern that turns) beside what is going on, 0.3 seconds after it started"
    ) { size in
        let spinner = ActivityIndicatorView(frame: Rect(x: 1, y: 0, width: 1, height: 1))
        let label = Label(text: "Syncing 12 notes…", frame: Rect(x: 3, y: 0, width: 30, height: 1))
        let pilot = Pilot(Window(rootViewController: PictureHost([spinner, label])), size: size)
        spinner.startAnimating()
        // A spinner never settles: the picture is the frame at a fixed time.
        pilot.advance(by: 0.3)
        return pilot
    }
}
