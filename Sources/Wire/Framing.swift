/// Newline-delimited framing: one JSON object per line, UTF-8, `\n` after each (a `\r`
/// before it is dropped; empty lines are skipped). Lines longer than ``maximumLineLength``
/// bytes are not kept: the reader drops them as they come and reports
/// ``LineScanner/Event/tooLong(_:)`` once the line has ended, so memory stays bounded and the
/// connection keeps working.
public enum Framing {
    /// 1 MiB, not counting the newline.
    public static let maximumLineLength = 1 << 20

    /// The bytes of one line to send: the message and a newline.
    public static func frame(_ message: Message) -> [UInt8] { Array((message.serialized + "\n").utf8) }
}

/// The rules of newline framing over any bytes, for readers that keep the bytes themselves:
/// ``LineFramer`` over an array, the daemon's decoder in place in a SwiftNIO buffer.
///
/// Give it the bytes not yet used up; it says how many it used and what they were:
///
/// ```swift
/// let step = scanner.scan(pending)
/// pending.removeFirst(step.consumed)
/// if case .line(let range)? = step.event { ... }
/// ```
///
/// A `nil` event with bytes consumed (an empty line, the start of an over-long one) means
/// "scan again"; nothing consumed means "wait for more bytes".
public struct LineScanner: Sendable {
    /// What a scan found.
    public enum Event: Hashable, Sendable {
        /// A line: these offsets from the start of the scanned bytes (newline and `\r` not included).
        case line(Range<Int>)
        /// A line over the limit ended and was dropped; its length in bytes, newline excluded.
        case tooLong(Int)
    }

    /// What one ``scan(_:)`` found, and how many bytes from the start it used up.
    public struct Step: Hashable, Sendable {
        /// What the consumed bytes were, if anything to report.
        public var event: Event?
        /// How many bytes from the start of the scanned ones are used up.
        public var consumed: Int

        /// A step that used up `consumed` bytes and found `event`.
        public init(event: Event?, consumed: Int) {
            self.event = event
            self.consumed = consumed
        }
    }

    /// Lines longer than this many bytes (newline excluded) are dropped and reported.
    public let maximumLineLength: Int
    /// Whether an empty line is an event (standard input, where it is a line said) or skipped
    /// (the protocol).
    public let keepsEmptyLines: Bool
    private var skipping = false
    /// Bytes of the over-long line dropped so far.
    private var skipped = 0
    /// How far the pending bytes have been searched for a newline, so each byte is looked at once.
    private var scanned = 0

    /// A scanner with the protocol's limit and rules unless told otherwise.
    public init(maximumLineLength: Int = Framing.maximumLineLength, keepsEmptyLines: Bool = false) {
        self.maximumLineLength = maximumLineLength
        self.keepsEmptyLines = keepsEmptyLines
    }

    /// Looks for the end of the next line in `bytes`, the bytes not yet consumed.
    public mutating func scan<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Step {
        let count = bytes.count
        let searchStart = bytes.index(bytes.startIndex, offsetBy: min(scanned, count))
        guard let newline = bytes[searchStart...].firstIndex(of: UInt8(ascii: "\n")) else {
            guard skipping || count > maximumLineLength else {
                scanned = count
                return Step(event: nil, consumed: 0)
            }
            // Over the limit: drop what came, remember how much.
            (skipping, skipped, scanned) = (true, skipped + count, 0)
            return Step(event: nil, consumed: count)
        }
        scanned = 0
        let length = bytes.distance(from: bytes.startIndex, to: newline)
        if skipping {
            defer { (skipping, skipped) = (false, 0) }
            return Step(event: .tooLong(skipped + length), consumed: length + 1)
        }
        return Step(event: event(forLineOf: length, endingWithReturn: length > 0 && bytes[bytes.index(before: newline)] == UInt8(ascii: "\r")),
                    consumed: length + 1)
    }

    /// At the end of the input, given the bytes left after the last line: the last line when
    /// no newline ended it (or its report when over-long), then nothing.
    public mutating func finish<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Event? {
        defer { (skipping, skipped, scanned) = (false, 0, 0) }
        if skipping { return .tooLong(skipped + bytes.count) }
        guard let last = bytes.last else { return nil }
        return event(forLineOf: bytes.count, endingWithReturn: last == UInt8(ascii: "\r"))
    }

    private func event(forLineOf length: Int, endingWithReturn: Bool) -> Event? {
        let end = endingWithReturn ? length - 1 : length
        if end == 0 { return keepsEmptyLines ? .line(0..<0) : nil }
        if end > maximumLineLength { return .tooLong(end) }
        return .line(0..<end)
    }
}

/// Splits a byte stream into lines, for peers that do not use SwiftNIO.
///
/// ```swift
/// var framer = LineFramer()
/// framer.append(bytesReadFromSocket)
/// while let frame = framer.next() { ... }
/// ```
public struct LineFramer: Sendable {
    /// One line read, or the report of one too long to read.
    public enum Frame: Hashable, Sendable {
        case line(String)
        /// A line over the limit was dropped; its length in bytes, newline excluded.
        case tooLong(Int)
    }

    private var scanner: LineScanner
    private var buffer: [UInt8] = []
    private var start = 0

    /// Lines longer than this many bytes are dropped and reported.
    public var maximumLineLength: Int { scanner.maximumLineLength }
    /// Whether an empty line is a frame (standard input) or skipped (the protocol).
    public var keepsEmptyLines: Bool { scanner.keepsEmptyLines }

    /// - Parameters:
    ///   - maximumLineLength: lines longer than this many bytes are dropped and reported.
    ///   - keepsEmptyLines: whether an empty line is a frame (standard input) or skipped (the protocol).
    public init(maximumLineLength: Int = Framing.maximumLineLength, keepsEmptyLines: Bool = false) {
        scanner = LineScanner(maximumLineLength: maximumLineLength, keepsEmptyLines: keepsEmptyLines)
    }

    /// Adds bytes read from the stream.
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
            let pending = buffer[start...]
            let step = scanner.scan(pending)
            start += step.consumed
            if let event = step.event { return frame(event, in: pending) }
            if step.consumed == 0 { return nil }
        }
    }

    /// At the end of the input: the last line when no newline ended it, then nothing.
    public mutating func finish() -> Frame? {
        defer {
            buffer.removeAll()
            start = 0
        }
        let pending = buffer[start...]
        return scanner.finish(pending).map { frame($0, in: pending) }
    }

    private func frame(_ event: LineScanner.Event, in pending: ArraySlice<UInt8>) -> Frame {
        switch event {
        case .line(let range):
            let base = pending.startIndex
            return .line(String(decoding: pending[(base + range.lowerBound)..<(base + range.upperBound)], as: UTF8.self))
        case .tooLong(let length): return .tooLong(length)
        }
    }
}
