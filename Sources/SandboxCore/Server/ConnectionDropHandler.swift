import NIOCore

/// Ends a connection without answering its request: what a fault that loses the response after commit
/// does to the client.
///
/// Added at the front of the pipeline, so its bytes bypass the HTTP encoders. It sends an interim
/// `100 Continue`, then resets the connection. Not a plain close: libcurl (URLSession on Linux) silently
/// resends a request whose reused keep-alive connection ends before any byte arrives, and it cannot resend
/// the body, so the client would hang until its timeout instead of seeing the connection lost. One byte is
/// enough to stop that resend, and an interim 1xx is something every HTTP/1.1 client must accept and skip
/// (RFC 9110 §15.2): the client still gets no response to its request. The reset (SO_LINGER 0) makes the
/// loss immediate.
final class ConnectionDropHandler: ChannelInboundHandler {
    /// Inbound bytes pass through untouched; NIO only needs to know the handler's direction.
    typealias InboundIn = ByteBuffer

    private static let interim = "HTTP/1.1 100 Continue\r\n\r\n"

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let bytes = channel.allocator.buffer(string: Self.interim)
        context.writeAndFlush(NIOAny(bytes)).whenComplete { _ in
            let reset =
                (channel as? any SocketOptionProvider)?.setSoLinger(NIOLinger(l_onoff: 1, l_linger: 0))
                ?? channel.eventLoop.makeSucceededVoidFuture()
            reset.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Drops `channel` and returns once it is closed. Other connections are untouched; a channel the peer
    /// already closed is fine.
    static func drop(_ channel: any Channel) async {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(ConnectionDropHandler(), position: .first)
        }.get()
        try? await channel.closeFuture.get()
    }
}
