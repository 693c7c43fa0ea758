/// How a user's on/off setting in an environment variable reads, the same for every one of
/// them (`SHOJI_FOLLOW_FOCUS`, `SHOJI_SCREEN_READER`, `SHOJI_CLIPBOARD`, `SHOJI_HYPERLINKS`): on
/// is `1`, `on`, `yes` or `true`, off is `0`, `off`, `no` or `false`, in any case, spaces
/// ignored; a setting may add words of its own (`osc52`, `app`).
package enum EnvironmentSwitch {
    /// True for on, false for off, nil for unset or a value that is neither (the setting's
    /// default then decides).
    package static func value(_ text: String?, on extraOn: [String] = [], off extraOff: [String] = []) -> Bool? {
        guard let text else { return nil }
        let word = String(text.filter { !$0.isWhitespace }).lowercased()
        if (["1", "on", "yes", "true"] + extraOn).contains(word) { return true }
        if (["0", "off", "no", "false"] + extraOff).contains(word) { return false }
        return nil
    }
}
