/// Newline-delimited framing: one JSON object per line, UTF-8, `\n` after each (a `\r`
/// before it is dropped; empty lines are skipped). Lines longer than ``maximumLineLength`` bytes are not read: the
/// reader reports ``LineFramer/Frame/tooLong(_:)`` and skips to the next newline, so the
/// connection keeps working.
public enum Framing {
    /// 1 MiB, not counting the newline.
    public static let maximumLineLength = 1 << 20

    /// The bytes of one line to send: the message and a newline.
    public static func frame(_ message: Message) -> [UInt8] { Array((message.serialized + "\n").utf8) }
}

/// Splits a byte stream into lines, for peers that do not use SwiftNIO.
///
/// ```swift
/// var framer = LineFramer()
/// framer.append(bytesReadFromSocket)
/// while let frame = framer.next() { ... }
/// ```
public struct LineFramer: Sendable {
    public enum Frame: Hashable, Sendable {
        case line(String)
        /// A line over the limit was skipped; at least this many bytes long.
        case tooLong(Int)
    }

    public let maximumLineLength: Int
    /// Whether an empty line is a frame (standard input, where it is a line said) or skipped
    /// (the protocol).
    public let keepsEmptyLines: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = false

    public init(maximumLineLength: Int = Framing.maximumLineLength, keepsEmptyLines: Bool = false) {
        self.maximumLineLength = maximumLineLength
        self.keepsEmptyLines = keepsEmptyLines
    }

    /// At the end of the input: the last line when no newline ended it, then nothing.
    public mutating func finish() -> Frame? {
        defer {
            buffer.removeAll()
            (start, skipping) = (0, false)
        }
        var end = buffer.count
        guard !skipping, end > start else { return nil }
        if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if end == start { return keepsEmptyLines ? .line("") : nil }
        if end - start > maximumLineLength { return .tooLong(end - start) }
        return .line(String(decoding: buffer[start..<end], as: UTF8.self))
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        while true {
            guard let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                let pending = buffer.count - start
                guard pending > maximumLineLength else { return nil }
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if skipping { return nil }
                skipping = true
                return .tooLong(pending)
            }
            let lineStart = start
            start = newline + 1
            if skipping {
                skipping = false
                continue
            }
            var end = newline
            if end > lineStart, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == lineStart {
                if keepsEmptyLines { return .line("") }
                continue
            }
            if end - lineStart > maximumLineLength { return .tooLong(end - lineStart) }
            return .line(String(decoding: buffer[lineStart..<end], as: UTF8.self))
        }
    }
}
