/// A scene measured one key at a time: `key()` is the key and the frame it asks for, `pause()`
/// what happens before the next key (kept out of the measurement).
@MainActor
public protocol KeyScene: AnyObject {
    func key()
    func pause()
}
