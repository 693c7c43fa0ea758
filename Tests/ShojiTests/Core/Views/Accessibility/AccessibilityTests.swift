import Testing
@testable import Shoji
import ShojiTesting

/// What each built-in view says to assistive technology, and how an app changes it.
@MainActor
struct AccessibilityTests {
    final class Rows: ListViewDataSource {
        let titles = ["Red", "Green", "Blue"]
        func numberOfRows(in listView: ListView) -> Int { titles.count }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { titles[row] }
    }

    @Test func builtInViewsSayWhatTheyAreAndWhatState() throws {
        let button = Button(title: "Save")
        #expect(button.accessibility.spoken == "Save, button")
        button.isEnabled = false
        #expect(button.accessibility.spoken == "Save, button, dimmed")

        let toggle = Switch()
        toggle.accessibilityLabel = "Notifications"
        #expect(toggle.accessibility.spoken == "Notifications, switch, off")
        toggle.isOn = true
        #expect(toggle.accessibility.spoken == "Notifications, switch, on")

        let segments = SegmentedControl(items: ["Day", "Week", "Month"])
        segments.selectedSegmentIndex = 1
        #expect(segments.accessibility.spoken == "adjustable, Week, 2 of 3")

        let stepper = Stepper()
        stepper.value = 3
        #expect(stepper.accessibilityValue == "3" && stepper.accessibilityTraits.contains(.adjustable))

        let progress = ProgressView()
        progress.progress = 0.425
        #expect(progress.accessibility.spoken == "progress, 43 percent")

        let label = Label(text: "Hello")
        #expect(label.accessibility.spoken == "Hello" && label.isAccessibilityElement)
        #expect(!Label(text: "").isAccessibilityElement)

        let field = TextField(placeholder: "Email")
        field.text = "ada@example.com"
        #expect(field.accessibility.spoken == "Email, text field, ada@example.com")
        let password = TextField(placeholder: "Password")
        password.isSecureTextEntry = true
        password.text = "hunter2"
        #expect(password.accessibility.spoken == "Password, text field, 7 characters", "never the secret")

        let rows = Rows()
        let list = ListView()
        list.headerTitle = "Colours"
        list.dataSource = rows
        list.selectedRow = 1
        #expect(list.accessibility.spoken == "Colours, list, Green, 2 of 3")
        #expect(View().accessibility.spoken.isEmpty && !View().isAccessibilityElement)
    }

    @Test func whatTheAppSetsWinsAndNilGivesTheDefaultBack() {
        let button = Button(title: "OK")
        button.accessibilityLabel = "Confirm the order"
        button.accessibilityHint = "Charges your card"
        #expect(button.accessibility.spoken == "Confirm the order, button, Charges your card")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "OK")
        button.accessibilityTraits = [.link]
        #expect(button.accessibility.spoken == "OK, link, Charges your card")
        let decoration = Label(text: "~~~")
        decoration.isAccessibilityElement = false
        #expect(!decoration.isAccessibilityElement)
    }

    @Test func theElementsAreWhatShowsAndAnElementSpeaksForItsSubviews() throws {
        let root = View()
        let title = Label(text: "Settings")
        let hidden = Button(title: "Secret")
        hidden.isHidden = true
        let group = Button(title: "Group")
        group.addSubview(Label(text: "inside"))
        root.addSubview(title)
        root.addSubview(hidden)
        root.addSubview(group)
        #expect(root.accessibilityElements.map(\.accessibility.spoken) == ["Settings", "Group, button"])
    }

    @Test func thePilotReadsTheFocusAndTheElements() throws {
        let controller = ViewController()
        let field = TextField(placeholder: "Name")
        controller.view.addSubview(field)
        field.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 30, height: 3))
        field.becomeFirstResponder()
        pilot.type("Ada")
        pilot.settle()
        #expect(pilot.accessibilityFocus == "Name, text field, Ada")
        #expect(pilot.accessibilityElements == ["Name, text field, Ada"])
    }
}
