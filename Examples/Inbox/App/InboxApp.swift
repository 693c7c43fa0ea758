import ShojiTerminal

/// A mail reader: a side menu of mailboxes (F2 or `m`), each a list of messages in a
/// navigation controller; Enter or a click opens a message, Escape goes back.
@main
struct InboxApp: App {
    func makeRootViewController() -> ViewController {
        InboxApp.makeMenu(mailboxes: Mailbox.samples)
    }

    /// The side menu over one list per mailbox. The menu wraps each list in a navigation
    /// controller whose bar has a "Menu" button, and titles its rows by the lists' titles.
    static func makeMenu(mailboxes: [Mailbox]) -> SideMenuController {
        do {
            return try SideMenuController(viewControllers: mailboxes.map(MailboxController.init))
        } catch {
            preconditionFailure("the inbox has at least one mailbox: \(error)")
        }
    }
}

struct Message {
    let from: String
    let subject: String
    let body: String
}

struct Mailbox {
    let name: String
    var messages: [Message]

    static let samples = [
        Mailbox(
            name: "Inbox",
            messages: [
                Message(
                    from: "Ada", subject: "Engine notes", body: "The notes on the engine are attached.\nSee section G."),
                Message(
                    from: "Grace", subject: "Found a bug", body: "A moth, in relay 70, panel F.\nTaped into the log."),
                Message(from: "Linus", subject: "Re: patches", body: "Send smaller patches, one change each.")
            ]),
        Mailbox(
            name: "Archive",
            messages: [
                Message(from: "Alan", subject: "Tape lengths", body: "The machine needs a longer tape.")
            ]),
        Mailbox(name: "Sent", messages: [])
    ]
}

/// One mailbox: its messages as a list (sender and subject), or a line saying it is empty.
final class MailboxController: ViewController, ListViewDataSource {
    let mailbox: Mailbox
    let list = ListView()

    init(mailbox: Mailbox) {
        self.mailbox = mailbox
        super.init()
        title = mailbox.name
    }

    override func viewDidLoad() {
        guard !mailbox.messages.isEmpty else {
            view.addSubview(Label(text: "No messages.", frame: Rect(x: 1, y: 1, width: 30, height: 1)))
            return
        }
        list.frame = view.bounds
        list.autoresizingMask = .flexibleSize
        list.headerTitle = "\(mailbox.messages.count) messages"
        list.dataSource = self
        list.selectedRow = 0
        list.onActivate = { [weak self] row in self?.open(row) }
        view.addSubview(list)
    }

    func numberOfRows(in listView: ListView) -> Int { mailbox.messages.count }

    func listView(_ listView: ListView, titleForRow row: Int) -> String {
        let message = mailbox.messages[row]
        let sender = message.from.padding(toColumns: 8)
        return "\(sender) \(message.subject)"
    }

    /// Pushes the message's screen onto this mailbox's navigation stack.
    func open(_ row: Int) {
        navigationController?.pushViewController(MessageController(message: mailbox.messages[row]), animated: true)
    }
}

/// One message: who sent it, the subject, and the body below.
final class MessageController: ViewController {
    let message: Message

    init(message: Message) {
        self.message = message
        super.init()
        title = message.subject
    }

    override func viewDidLoad() {
        let text = "From: \(message.from)\nSubject: \(message.subject)\n\n\(message.body)"
        let label = Label(
            text: text, frame: Rect(x: 1, y: 1, width: view.bounds.width - 2, height: view.bounds.height - 1))
        label.autoresizingMask = .flexibleSize
        view.addSubview(label)
    }
}

extension String {
    /// The string cut or padded with spaces to `columns` display columns (wide characters count two).
    func padding(toColumns columns: Int) -> String {
        let cut = DisplayWidth.prefix(of: self, fittingWidth: columns).text
        return String(cut) + String(repeating: " ", count: columns - DisplayWidth.of(cut))
    }
}
