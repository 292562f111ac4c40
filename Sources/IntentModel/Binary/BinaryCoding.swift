/// A value written to and read back from intentd's own binary form: the compiled-phrase cache
/// (``BinaryWriter``, ``BinaryReader``).
///
/// The form is positional: a type writes its fields in a fixed order and reads them back in
/// the same order, with no names or tags, so a file is only ever read by the build that wrote
/// it (the cache's key names the build).
@usableFromInline package protocol BinaryCodable {
    /// Appends the value to `out`.
    func write(to out: inout BinaryWriter)
    /// Reads a value that ``write(to:)`` wrote, or throws when the bytes cannot be one.
    init(from input: inout BinaryReader) throws(BinaryReader.Failure)
}

/// Bytes being written in intentd's binary form: little-endian fixed-width numbers, lengths
/// before strings and collections.
@usableFromInline package struct BinaryWriter {
    @usableFromInline package internal(set) var bytes: [UInt8] = []
    /// The long strings written so far, by their order: a string met again is written as a
    /// reference to its first writing, and read back as the same string, not a copy.
    @usableFromInline var longStrings: [String: UInt32] = [:]
    /// Whether long strings go to ``stringTable`` instead of the bytes, every one written as a
    /// reference, so that parts of the bytes can be read apart (``writeSection(_:)``).
    @usableFromInline let tablesLongStrings: Bool
    /// The long strings, in the order of their references, when ``tablesLongStrings``.
    @usableFromInline package internal(set) var stringTable: [String] = []

    /// A writer that writes a long string in full the first time and as a reference after;
    /// with `tablingLongStrings`, every time as a reference into ``stringTable``.
    package init(tablingLongStrings: Bool = false) {
        tablesLongStrings = tablingLongStrings
    }

    /// Strings longer than this many bytes are written once and referred to after (shorter
    /// ones are stored inside the `String` value itself, so sharing them saves nothing).
    @usableFromInline static let longString = 15
    /// The count that marks a reference to a long string written before.
    @usableFromInline static let stringReference = UInt32.max

    /// Appends `value`'s bytes as they are in memory (little-endian on every platform intentd runs on).
    @inlinable @inline(__always)
    package mutating func writeRaw<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    @inlinable
    package mutating func write<T: BinaryCodable>(_ value: T) { value.write(to: &self) }

    /// Appends a count or length.
    @inlinable @inline(__always)
    package mutating func writeCount(_ count: Int) { writeRaw(UInt32(count)) }

    /// The bytes written so far, taken out: the writer goes on with none, its long strings kept.
    package mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Appends the bytes of a section, their length first, for ``BinaryReader/readSection(strings:)``.
    /// A section written with a table of long strings can be read without the bytes around it.
    package mutating func writeSection(_ section: [UInt8]) {
        writeRaw(UInt64(section.count))
        bytes.append(contentsOf: section)
    }

    /// Appends a table of strings (``stringTable``), each in full.
    package mutating func writeStringTable(_ strings: [String]) {
        writeCount(strings.count)
        for string in strings {
            var text = string
            text.withUTF8 { utf8 in
                writeCount(utf8.count)
                bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
            }
        }
    }

    /// Appends an array of fixed-width integers as one block.
    @inlinable
    package mutating func writeBlock<T: FixedWidthInteger>(_ values: [T]) {
        writeCount(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}

/// Reads intentd's binary form from memory (a memory-mapped file), checking every length
/// against what is left, so damaged bytes give ``Failure`` rather than a crash.
@usableFromInline package struct BinaryReader {
    /// Why bytes could not be read.
    @usableFromInline package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The bytes end before the value does.
        case truncated(at: Int)
        /// The bytes at this offset are no value of the expected type.
        case invalid(String, at: Int)

        @usableFromInline package var description: String {
            switch self {
            case .truncated(let offset): "the data ends too early (at byte \(offset))"
            case .invalid(let what, let offset): "\(what) at byte \(offset)"
            }
        }
    }

    @usableFromInline let buffer: UnsafeRawBufferPointer
    @usableFromInline package internal(set) var offset: Int
    /// The long strings read so far, in order (``BinaryWriter/longStrings``).
    @usableFromInline var longStrings: [String] = []

    /// A reader of `buffer`, which must stay valid while the reader is used.
    package init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    package var isAtEnd: Bool { offset == buffer.count }

    @inlinable @inline(__always)
    package mutating func readRaw<T: FixedWidthInteger>(_: T.Type = T.self) throws(Failure) -> T {
        let size = MemoryLayout<T>.size
        guard buffer.count - offset >= size else { throw .truncated(at: offset) }
        let value = buffer.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return T(littleEndian: value)
    }

    @inlinable
    package mutating func read<T: BinaryCodable>(_: T.Type = T.self) throws(Failure) -> T { try T(from: &self) }

    /// Reads a count, checked against the bytes left: every element takes at least `minimumSize` bytes.
    @inlinable @inline(__always)
    package mutating func readCount(minimumSize: Int = 1) throws(Failure) -> Int {
        let start = offset
        let count = Int(try readRaw(UInt32.self))
        guard count <= (buffer.count - offset) / max(minimumSize, 1) else { throw .invalid("a count of \(count) that the data cannot hold", at: start) }
        return count
    }

    /// A reader of the section ``BinaryWriter/writeSection(_:)`` wrote here, which this reader
    /// steps over, its long strings referring to `strings` (``readStringTable()``). Its offsets
    /// count from the section's start.
    package mutating func readSection(strings: [String]) throws(Failure) -> BinaryReader {
        let start = offset
        let length = try readRaw(UInt64.self)
        guard length <= UInt64(buffer.count - offset) else { throw .invalid("a section of \(length) bytes that the data cannot hold", at: start) }
        var section = BinaryReader(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(length)]))
        section.longStrings = strings
        offset += Int(length)
        return section
    }

    /// Reads a table of strings ``BinaryWriter/writeStringTable(_:)`` wrote. `decode` makes the
    /// strings of the byte ranges it is given, in order: a caller may split the work.
    package mutating func readStringTable(
        decode: ([Range<Int>], UnsafeRawBufferPointer) -> [String] = { ranges, buffer in ranges.map { BinaryReader.string(at: $0, in: buffer) } }
    ) throws(Failure) -> [String] {
        let count = try readCount(minimumSize: 4)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        for _ in 0..<count {
            let length = try readCount()
            ranges.append(offset..<offset + length)
            offset += length
        }
        return decode(ranges, buffer)
    }

    /// The string of the UTF-8 bytes at `range` of `buffer`. Damaged bytes (past the checksum)
    /// read as U+FFFD rather than failing, as in ``readString()``.
    package static func string(at range: Range<Int>, in buffer: UnsafeRawBufferPointer) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Reads an array ``BinaryWriter/writeBlock(_:)`` wrote.
    @inlinable
    package mutating func readBlock<T: FixedWidthInteger>(_: T.Type = T.self) throws(Failure) -> [T] {
        let count = try readCount(minimumSize: MemoryLayout<T>.size)
        let start = offset
        offset += count * MemoryLayout<T>.size
        let values = [T](unsafeUninitializedCapacity: count) { elements, initialized in
            UnsafeMutableRawBufferPointer(elements).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: buffer[start..<start + count * MemoryLayout<T>.size]))
            initialized = count
        }
        #if _endian(big)
        return values.map { T(littleEndian: $0) }
        #else
        return values
        #endif
    }

    /// Reads a string's UTF-8 bytes.
    @inlinable
    package mutating func readString() throws(Failure) -> String {
        let start = offset
        if try readRaw(UInt32.self) == BinaryWriter.stringReference {
            let index = Int(try readRaw(UInt32.self))
            guard index < longStrings.count else { throw .invalid("a reference to string \(index) of \(longStrings.count)", at: start) }
            return longStrings[index]
        }
        offset = start
        let count = try readCount()
        let textStart = offset
        offset += count
        // Damaged bytes (past the checksum) read as U+FFFD rather than failing: a wrong name, never a crash.
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[textStart..<textStart + count]), as: UTF8.self)
        if count > BinaryWriter.longString { longStrings.append(text) }
        return text
    }

    /// Reads a tag byte, checked to be below `count`.
    @inlinable
    package mutating func readTag(below count: UInt8) throws(Failure) -> UInt8 {
        let start = offset
        let tag = try readRaw(UInt8.self)
        guard tag < count else { throw .invalid("an unknown tag \(tag)", at: start) }
        return tag
    }
}

// MARK: - Standard types

extension Int: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(Int64(self)) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        let start = input.offset
        guard let value = Int(exactly: try input.readRaw(Int64.self)) else { throw .invalid("an integer out of range", at: start) }
        self = value
    }
}

extension Int32: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(self) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readRaw() }
}

extension UInt64: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(self) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readRaw() }
}

extension Bool: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(UInt8(self ? 1 : 0)) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readTag(below: 2) == 1 }
}

extension Double: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(bitPattern) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = Double(bitPattern: try input.readRaw()) }
}

extension Float: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeRaw(bitPattern) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = Float(bitPattern: try input.readRaw()) }
}

extension String: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) { out.writeString(self) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = try input.readString() }
}

extension BinaryWriter {
    /// Appends a string's UTF-8 bytes after their count, or a reference to the same long string written before.
    @usableFromInline mutating func writeString(_ string: String) {
        var text = string
        text.withUTF8 { utf8 in
            if utf8.count > Self.longString {
                if let index = longStrings[string] {
                    writeRaw(Self.stringReference)
                    writeRaw(index)
                    return
                }
                longStrings[string] = UInt32(longStrings.count)
                if tablesLongStrings {
                    stringTable.append(string)
                    writeRaw(Self.stringReference)
                    writeRaw(UInt32(stringTable.count - 1))
                    return
                }
            }
            writeCount(utf8.count)
            bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
        }
    }
}

extension Optional: BinaryCodable where Wrapped: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) {
        if let self {
            out.writeRaw(UInt8(1))
            self.write(to: &out)
        } else {
            out.writeRaw(UInt8(0))
        }
    }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        self = try input.readTag(below: 2) == 1 ? try Wrapped(from: &input) : nil
    }
}

extension Array: BinaryCodable where Element: BinaryCodable {
    @inlinable
    package func write(to out: inout BinaryWriter) {
        out.writeCount(count)
        for element in self { element.write(to: &out) }
    }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        let count = try input.readCount()
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(try Element(from: &input)) }
    }
}

extension Set: BinaryCodable where Element: BinaryCodable & Comparable {
    /// Written sorted, so that equal sets give equal bytes.
    @inlinable
    package func write(to out: inout BinaryWriter) { sorted().write(to: &out) }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) { self = Set(try [Element](from: &input)) }
}

extension Dictionary: BinaryCodable where Key: BinaryCodable & Comparable, Value: BinaryCodable {
    /// Written sorted by key, so that equal dictionaries give equal bytes.
    @inlinable
    package func write(to out: inout BinaryWriter) {
        out.writeCount(count)
        for key in keys.sorted() {
            key.write(to: &out)
            self[key]!.write(to: &out)
        }
    }
    @inlinable
    package init(from input: inout BinaryReader) throws(BinaryReader.Failure) {
        let count = try input.readCount()
        self = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let key = try Key(from: &input)
            self[key] = try Value(from: &input)
        }
    }
}

/// A fast 64-bit hash of bytes (eight at a time), for the cache's key and checksum: it finds
/// damage and change, it is not meant to withstand an adversary.
@usableFromInline package enum ContentHash {
    @usableFromInline package static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inlinable
    package static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = seed) -> UInt64 {
        var hash = seed ^ UInt64(bytes.count)
        var offset = 0
        // Four independent lanes over 32-byte blocks, so that the multiplications of one block
        // overlap: a cache file's 24 MB checksum in a quarter of the time of one chain.
        if bytes.count >= 64 {
            var lanes = (hash, hash ^ 0x6A09_E667_F3BC_C908, hash ^ 0xBB67_AE85_84CA_A73B, hash ^ 0x3C6E_F372_FE94_F82B)
            while offset + 32 <= bytes.count {
                lanes.0 = mix(lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mix(lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            hash = mix(mix(mix(lanes.0 ^ lanes.1) ^ lanes.2) ^ lanes.3)
        }
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash ^ tail ^ 0xFF51_AFD7_ED55_8CCD)
    }

    @inlinable
    package static func of(_ text: String, seed: UInt64 = seed) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0), seed: seed) }
    }

    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }
}

extension BinaryReader {
    /// Reads a string-backed enum written as its raw value.
    @inlinable
    package mutating func readRawValue<T: RawRepresentable>(_: T.Type = T.self) throws(Failure) -> T where T.RawValue == String {
        let start = offset
        let raw = try readString()
        guard let value = T(rawValue: raw) else { throw .invalid("an unknown \(T.self) '\(raw)'", at: start) }
        return value
    }
}
