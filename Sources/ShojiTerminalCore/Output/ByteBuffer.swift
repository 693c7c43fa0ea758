/// A growable byte buffer for one frame's output, kept for the screen's life so a frame
/// allocates nothing once the buffer has grown to the largest frame.
///
/// Not thread-safe: one owner at a time (the screen that renders frames).
package final class ByteBuffer {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 16_384) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes so far, valid until the next change.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    package func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A non-negative number in decimal.
    package func appendDecimal(_ value: Int) {
        if value < 10 {
            append(UInt8(truncatingIfNeeded: 0x30 + value))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = value, length = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while n > 0 || length == 0 {
                raw[19 - length] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
                n /= 10
                length += 1
            }
            append(
                UnsafeBufferPointer(
                    start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + 20 - length, count: length))
        }
    }

    /// Drops everything from `position` on.
    package func truncate(to position: Int) {
        count = min(count, max(0, position))
    }

    package func removeAll() { count = 0 }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
