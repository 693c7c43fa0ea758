@testable import ShojiTerminal
import ShojiTerminalCore

/// The current terminal's string capability `name` with parameter `p1`, as the backend sends
/// it; nil when the terminal lacks it.
@MainActor
func terminfoString(_ name: String, _ p1: Int = 0) -> String? {
    guard let capability = TerminfoReader.string(name).flatMap({ TerminalCapability($0) }) else { return nil }
    let buffer = ByteBuffer()
    capability.append(to: buffer, p1)
    return String(decoding: buffer.bytes, as: UTF8.self)
}
