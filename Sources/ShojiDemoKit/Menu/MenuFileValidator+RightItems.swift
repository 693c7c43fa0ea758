/// The rule of the optional top-level `right-items` (rule 11 of `MenuFileValidator`), the
/// entries of the demo's right-hand settings menu:
/// 11. `right-items` is an array of 1 to `MenuFile.maximumRightItemCount` entries, each an
///     object with exactly the keys `title` (a non-blank string) and `setting` (one of
///     `MenuSetting.nameList`). Messages name an entry `right item N`.
extension MenuFileValidator {
    /// The entries under `right-items` in the top-level object `root`; none without the key.
    func rightItems(in root: JSONValue) throws(MenuFileError) -> [SettingsEntry] {
        guard let value = root["right-items"] else { return [] }
        guard case .array(let elements) = value.content else {
            throw error(
                at: value, "\"right-items\" must be an array of settings entries, found \(value.typeDescription)")
        }
        guard !elements.isEmpty else {
            throw error(at: value, "\"right-items\" is empty; leave it out for no right-hand menu")
        }
        let limit = MenuFile.maximumRightItemCount
        guard elements.count <= limit else {
            throw error(at: value, "\"right-items\" has \(elements.count) entries; at most \(limit) are allowed")
        }
        var entries: [SettingsEntry] = []
        for (index, element) in elements.enumerated() {
            entries.append(try settingsEntry(from: element, number: index + 1))
        }
        return entries
    }

    private func settingsEntry(from value: JSONValue, number: Int) throws(MenuFileError) -> SettingsEntry {
        let label = "right item \(number)"
        guard case .object(let members) = value.content else {
            throw error(at: value, "\(label) must be an object, found \(value.typeDescription)")
        }
        let title = try requiredTitle(in: value, prefix: "\(label): ", what: "the entry's title")
        let prefix = "\(label) (\(title.quotedForMessage())): "
        try rejectUnknownKeys(members, allowed: ["title", "setting"], prefix: prefix)
        guard let settingValue = value["setting"] else {
            throw error(at: value, prefix + "missing \"setting\"; expected one of \(MenuSetting.nameList)")
        }
        guard let name = settingValue.stringValue else {
            throw error(
                at: settingValue, prefix + "\"setting\" must be a string, found \(settingValue.typeDescription)")
        }
        guard let setting = MenuSetting(rawValue: name) else {
            throw error(
                at: settingValue,
                prefix + "unknown setting \(name.quotedForMessage()); expected one of \(MenuSetting.nameList)")
        }
        return SettingsEntry(title: title, setting: setting)
    }
}
