import CNcursesw

/// Where ncurses' output callback writes: `tputs` and `vid_puts` take a C function pointer
/// (`outc`), which cannot capture, so it appends to the buffer lent here for the call.
///
/// Main actor only (ncurses is single-threaded; the buffer is lent only inside one call).
@MainActor
enum TerminalOutput {
    /// The buffer `outc` appends to; set only around a `tputs` or `vid_puts` call.
    nonisolated(unsafe) static var target: ByteBuffer?

    /// ncurses' `outc`: appends one byte to `target`.
    static let outc: @convention(c) (Int32) -> Int32 = { byte in
        TerminalOutput.target?.append(UInt8(truncatingIfNeeded: byte))
        return byte
    }

    /// `string` through `tputs` (which handles terminfo padding) into `buffer`.
    static func put(_ string: UnsafePointer<CChar>, into buffer: ByteBuffer) {
        target = buffer
        _ = tputs(string, 1, outc)
        target = nil
    }
}
