import NIOCore
import Wire

/// One line read from a peer, or the note that a line was too long to read.
enum Frame: Sendable {
    case line(ByteBuffer)
    /// A line longer than the limit was skipped (its bytes are dropped up to the next newline);
    /// its length in bytes, newline excluded, reported once the line has ended.
    case tooLong(Int)
}

/// Splits inbound bytes at `\n` (dropping a `\r` before it and empty lines). A line longer
/// than `maximumLineLength` is discarded as it comes, up to the next newline, and reported
/// then, once, with its whole length (``Frame/tooLong(_:)``): memory stays bounded by the
/// limit, and the connection keeps working after it.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame

    let maximumLineLength: Int
    private var skipping = false
    /// Bytes of the over-long line dropped so far.
    private var skipped = 0
    /// How far the current buffer has been searched for a newline, so each byte is looked at once.
    private var scanned = 0

    init(maximumLineLength: Int = Framing.maximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        let searchStart = view.index(view.startIndex, offsetBy: min(scanned, view.count))
        guard let newline = view[searchStart...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if skipping || view.count > maximumLineLength {
                skipping = true
                skipped += view.count
                buffer.moveReaderIndex(forwardBy: view.count)
                scanned = 0
            }
            return .needMoreData
        }
        scanned = 0
        let length = newline - view.startIndex
        guard var line = buffer.readSlice(length: length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 1)
        if skipping {
            context.fireChannelRead(Self.wrapInboundOut(.tooLong(skipped + length)))
            skipping = false
            skipped = 0
            return .continue
        }
        if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1) ?? line }
        if line.readableBytes == 0 { return .continue }
        if line.readableBytes > maximumLineLength {
            context.fireChannelRead(Self.wrapInboundOut(.tooLong(line.readableBytes)))
        } else {
            context.fireChannelRead(Self.wrapInboundOut(.line(line)))
        }
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // A last line without its newline is still a line (or an over-long one, reported).
        if skipping {
            context.fireChannelRead(Self.wrapInboundOut(.tooLong(skipped + buffer.readableBytes)))
            skipping = false
            skipped = 0
        } else if buffer.readableBytes > 0 {
            if let line = buffer.readSlice(length: buffer.readableBytes), line.readableBytes <= maximumLineLength {
                context.fireChannelRead(Self.wrapInboundOut(.line(line)))
            }
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
