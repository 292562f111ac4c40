import NIOCore
import Wire

/// One line read from a peer, or the note that a line was too long to read.
enum Frame: Sendable {
    case line(ByteBuffer)
    /// A line longer than the limit was skipped (its bytes are dropped up to the next newline);
    /// its length in bytes, newline excluded, reported once the line has ended.
    case tooLong(Int)
}

/// Splits inbound bytes into lines by Wire's ``LineScanner`` rules (the same as the SDK's
/// `LineFramer`), reading each line in place as a slice of the channel's buffer. A line longer
/// than the limit is discarded as it comes and reported once, with its whole length, when it
/// ends: memory stays bounded by the limit, and the connection keeps working after it.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame

    private var scanner: LineScanner

    init(maximumLineLength: Int = Framing.maximumLineLength) {
        scanner = LineScanner(maximumLineLength: maximumLineLength)
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        while true {
            let step = scanner.scan(buffer.readableBytesView)
            if let event = step.event {
                fire(event, from: buffer, context: context)
                buffer.moveReaderIndex(forwardBy: step.consumed)
                return .continue
            }
            guard step.consumed > 0 else { return .needMoreData }
            buffer.moveReaderIndex(forwardBy: step.consumed)
        }
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // A last line without its newline is still a line (or an over-long one, reported).
        if let event = scanner.finish(buffer.readableBytesView) { fire(event, from: buffer, context: context) }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }

    private func fire(_ event: LineScanner.Event, from buffer: ByteBuffer, context: ChannelHandlerContext) {
        switch event {
        case .line(let range):
            // In range by construction: the scanner measured these bytes.
            guard let line = buffer.getSlice(at: buffer.readerIndex + range.lowerBound, length: range.count) else { return }
            context.fireChannelRead(Self.wrapInboundOut(.line(line)))
        case .tooLong(let length):
            context.fireChannelRead(Self.wrapInboundOut(.tooLong(length)))
        }
    }
}
