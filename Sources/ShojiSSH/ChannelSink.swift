import NIOCore
import NIOSSH
import ShojiTerminal

/// A session's output: frames written to its SSH channel from the main actor (SwiftNIO carries
/// each write to the channel's event loop, in order). `isAcceptingBytes` is the channel's
/// writability, which swift-nio-ssh keeps false while the client's window is used up or the
/// connection's socket buffer is full: the screen then skips frames.
@MainActor
final class ChannelSink: ConnectionSink {
    private let channel: Channel

    init(_ channel: Channel) {
        self.channel = channel
    }

    func send(_ bytes: [UInt8]) {
        let buffer = channel.allocator.buffer(bytes: bytes)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }

    var isAcceptingBytes: Bool { channel.isWritable }
}
