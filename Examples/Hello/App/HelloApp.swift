import ShojiTerminal

@main
struct HelloApp: App {
    func makeRootViewController() -> ViewController {
        GreetingController(clock: ContinuousClock())
    }
}

/// A greeting that a task changes a second after it loads, and a button that counts presses.
final class GreetingController: ViewController {
    let label = Label(text: "Hello!")
    let button = Button(title: "Press me")
    let clock: any Clock<Duration>
    private(set) var presses = 0

    init(clock: any Clock<Duration>) {
        self.clock = clock
        super.init()
    }

    override func viewDidLoad() {
        label.frame = Rect(x: 2, y: 1, width: 36, height: 1)
        button.frame = Rect(x: 2, y: 3, width: 14, height: 1)
        button.action = { [weak self] in self?.pressed() }
        view.addSubview(label)
        view.addSubview(button)
        Task {
            try await Task.sleep(for: .seconds(1), clock: clock)
            label.text = "Hello again, a second later."
        }
    }

    private func pressed() {
        presses += 1
        label.text = "Pressed \(presses) time(s); q quits."
        View.animate(withDuration: 0.2) { self.label.frame.origin.x = self.presses.isMultiple(of: 2) ? 2 : 4 }
    }
}
