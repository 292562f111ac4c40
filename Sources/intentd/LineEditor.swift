import CReadline
import Foundation
import Synchronization
import Wire

/// What one read at the prompt gave.
enum LineInput: Hashable, Sendable {
    case line(String)
    /// Ctrl-C at a prompt that can be interrupted (a pending question).
    case interrupted
    /// Ctrl-D on an empty line, end of input, or SIGTERM/SIGHUP.
    case end
}

/// The REPL's prompt: GNU readline (line editing, persistent history, tab completion) when
/// standard input is a terminal, plain lines otherwise.
///
/// Readline blocks and keeps its state in C globals, so every call into it happens here, on
/// a thread of its own, one read at a time: the Swift concurrency pool is never blocked.
/// Readline installs no signal handlers (see CReadline/shim.h); SIGINT, SIGWINCH, SIGTERM
/// and SIGHUP arrive through a pipe the read loop polls next to standard input, so Ctrl-C
/// is handled in ordinary code: it clears the line at the plain prompt and interrupts a
/// question's prompt.
final class LineEditor: Sendable {
    /// The history file, one line per entry (readline's format), or nil for none.
    let historyFile: String?
    /// At most this many entries are kept, in memory and in the file.
    let historyLimit: Int
    let interactive: Bool
    private let signals: SignalPipe
    private let plain: InputLines

    /// `plainTerminal` turns off readline's bracketed-paste mode, so that with colour off
    /// (NO_COLOR, TERM=dumb) the REPL writes no escape sequences at all.
    init(historyFile: String?, historyLimit: Int = 1000, completions: CompletionTable, plainTerminal: Bool = false) {
        self.historyFile = historyFile
        self.historyLimit = historyLimit
        interactive = isatty(STDIN_FILENO) != 0
        signals = SignalPipe()
        plain = InputLines(signals: signals)
        completionTable.withLock { $0 = completions }
        guard interactive else { return }
        intentd_rl_configure(complete)
        if plainTerminal { rl_variable_bind("enable-bracketed-paste", "off") }
        using_history()
        stifle_history(Int32(historyLimit))
        if let historyFile { Self.prepareHistory(historyFile, limit: historyLimit) }
    }

    /// Creates the file (and its folder) when missing, trims it to `limit` entries, reads it.
    private static func prepareHistory(_ path: String, limit: Int) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        history_truncate_file(path, Int32(limit))
        read_history(path)
    }

    /// Replaces what tab completes.
    func setCompletions(_ table: CompletionTable) { completionTable.withLock { $0 = table } }

    /// Reads one line after `prompt`. With `interruptible`, Ctrl-C returns `.interrupted`;
    /// otherwise it clears the line and keeps reading.
    func read(prompt: String, interruptible: Bool) async -> LineInput {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: self.interactive ? self.readEditing(prompt, interruptible) : self.readPlain(prompt))
            }
            thread.name = "intentd-readline"
            thread.start()
        }
    }

    /// Runs `work` and returns what it returns, unless Ctrl-C comes first: then it stops
    /// waiting and returns nil, and `work` runs on with its result dropped (a request the
    /// daemon is still answering cannot be taken back, only no longer waited for). A request
    /// to stop (SIGTERM, SIGHUP) also stops the wait, and is kept for the next read.
    func interruptibly<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T? {
        guard interactive, let wake = WakePipe() else { return try await work() }
        _ = signals.drain(keepingStops: true)  // a Ctrl-C pressed before the request does not cancel it
        let outcome = FirstOutcome<T?>()
        // One thread watches for signals and is the only one to resume the caller, once it
        // has stopped reading the signal pipe: a Ctrl-C meant for the next prompt is never
        // taken here.
        return try await withCheckedThrowingContinuation { continuation in
            Task {
                let result: Result<T?, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                outcome.offer(result)
                wake.wake()
            }
            let watcher = Thread { [signals] in
                var fds = [
                    pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                ]
                while true {
                    fds[0].revents = 0
                    fds[1].revents = 0
                    guard poll(&fds, 2, -1) > 0 else { continue }
                    if fds[0].revents != 0 { break }
                    if signals.drain(keepingStops: true).contains(where: { $0 != SIGWINCH }) {
                        outcome.offer(.success(nil))
                        break
                    }
                }
                continuation.resume(with: outcome.result ?? .success(nil))
            }
            watcher.name = "intentd-interrupt"
            watcher.start()
        }
    }

    /// Adds a line to the history and appends it to the history file.
    func remember(_ line: String) {
        guard interactive, !line.isEmpty else { return }
        if let last = history.last, last == line { return }
        add_history(line)
        if let historyFile { append_history(1, historyFile) }
    }

    /// The history, oldest first, as readline holds it (the file's entries and this session's).
    var history: [String] {
        guard interactive else { return [] }
        return (0..<Int(intentd_history_length())).compactMap { index in
            intentd_history_line(Int32(index)).map { String(cString: $0) }
        }
    }

    /// The number readline gives the first entry (`!n` in bash terms).
    var historyBase: Int { interactive ? Int(intentd_history_base()) : 1 }

    private func readPlain(_ prompt: String) -> LineInput {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        guard let line = plain.next() else { return .end }
        return .line(line)
    }

    private func readEditing(_ prompt: String, _ interruptible: Bool) -> LineInput {
        // Ctrl-C pressed while the daemon was busy is dropped; a request to stop is not.
        if signals.drain().contains(where: { $0 == SIGTERM || $0 == SIGHUP }) { return .end }
        lineState = .reading
        rl_callback_handler_install(prompt, lineHandler)
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .end
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                for signal in signals.drain() {
                    switch signal {
                    case SIGINT where interruptible:
                        intentd_rl_abandon_line()
                        return .interrupted
                    case SIGINT:
                        intentd_rl_clear_line()
                    case SIGWINCH:
                        rl_resize_terminal()
                    default:
                        intentd_rl_abandon_line()
                        return .end
                    }
                }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                rl_callback_read_char()
                if case .done(let line) = lineState {
                    lineState = .idle
                    guard let line else {
                        FileHandle.standardOutput.write(Data("\n".utf8))
                        return .end
                    }
                    return .line(line)
                }
            }
        }
    }
}

/// Where readline's line handler leaves the line. Touched only by the editor's thread,
/// one read at a time (each read starts after the previous one resumed its caller).
private enum LineState {
    case idle
    case reading
    case done(String?)
}

nonisolated(unsafe) private var lineState = LineState.idle

/// Readline calls this with the finished line, or NULL at end of input (Ctrl-D). Removing
/// the handler here, not after, keeps readline from showing the prompt again for a next line.
private let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    rl_callback_handler_remove()
    if let line {
        lineState = .done(String(cString: line))
        free(line)
    } else {
        lineState = .done(nil)
    }
}

/// What tab completes; set by the REPL, read by readline's completer.
private let completionTable = Mutex(CompletionTable())

/// Readline's attempted-completion function: the matches for the word being typed, in
/// readline's form (the common prefix first, then each match, then NULL), or NULL.
private let complete: intentd_rl_completer = { text, start, _ in
    intentd_rl_completion_over()
    let word = text.map { String(cString: $0) } ?? ""
    let before = String(
        decoding: String(cString: intentd_rl_line_buffer()).utf8.prefix(Int(max(0, start))), as: UTF8.self)
    let matches = completionTable.withLock { $0.matches(for: word, after: before) }
    guard let first = matches.first else { return nil }
    let entries = matches.count == 1 ? [first] : [CompletionTable.commonPrefix(matches)] + matches
    guard let array = malloc((entries.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride) else {
        return nil
    }
    let pointers = array.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
    for (index, entry) in entries.enumerated() { pointers[index] = strdup(entry) }
    pointers[entries.count] = nil
    return pointers
}

/// The first result offered; later ones are dropped.
final class FirstOutcome<T: Sendable>: Sendable {
    private let state = Mutex<Result<T, any Error>?>(nil)

    func offer(_ result: Result<T, any Error>) { state.withLock { if $0 == nil { $0 = result } } }

    var result: Result<T, any Error>? { state.withLock { $0 } }
}

/// A pipe that wakes a poll loop; closed when the last of its users lets it go, so a late
/// `wake()` never writes to a closed pipe.
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// Signals turned into bytes on a pipe, so a poll loop sees them next to its input. While
/// one exists, SIGINT, SIGWINCH, SIGTERM and SIGHUP do not stop the process: the loops
/// reading input decide what they mean. (Unchecked: the dispatch sources are set once and
/// only cancelled in deinit.)
final class SignalPipe: @unchecked Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let sources: [any DispatchSourceSignal]

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { fatalError("cannot create a pipe: errno \(errno)") }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        let writeEnd = ends[1]
        sources = [SIGINT, SIGWINCH, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(writeEnd, &byte, 1)
            }
            source.resume()
            return source
        }
    }

    /// The signals that arrived since the last call. With `keepingStops`, SIGTERM and SIGHUP
    /// stay in the pipe too, for the next read to see and end on.
    func drain(keepingStops: Bool = false) -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = Glibc.read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            signals += buffer.prefix(count).map(Int32.init)
        }
        if keepingStops {
            for var byte in signals.filter({ $0 == SIGTERM || $0 == SIGHUP }).map({ UInt8(truncatingIfNeeded: $0) }) {
                _ = write(writeEnd, &byte, 1)
            }
        }
        return signals
    }

    deinit {
        for source in sources { source.cancel() }
        close(readEnd)
        close(writeEnd)
    }
}

/// Lines of standard input read with plain `read(2)`, for pipes and files: ends at end of
/// input, or when SIGINT, SIGTERM or SIGHUP arrives, so whoever reads can still clean up
/// (stop the private daemon, remove its socket). Blocking: call it from a thread of its own.
final class InputLines: @unchecked Sendable {
    // Mutable framer: used by one reading thread at a time (the callers await each line).
    // Lines of any length, empty ones too: each is something said.
    private var framer = LineFramer(maximumLineLength: .max, keepsEmptyLines: true)
    private var ended = false
    private let signals: SignalPipe

    init(signals: SignalPipe) { self.signals = signals }

    /// The next line without its newline (a `\r` before it dropped), or nil at the end.
    func next() -> String? {
        while true {
            if case .line(let line)? = framer.next() { return line }
            if ended {
                guard case .line(let line)? = framer.finish() else { return nil }
                return line
            }
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                ended = true
                continue
            }
            if fds[1].revents & Int16(POLLIN) != 0, signals.drain().contains(where: { $0 != SIGWINCH }) {
                ended = true
                framer = LineFramer(maximumLineLength: .max, keepsEmptyLines: true)
                return nil
            }
            guard fds[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = Glibc.read(STDIN_FILENO, &chunk, chunk.count)
            if count > 0 { framer.append(chunk.prefix(count)) } else if count == 0 || errno != EINTR { ended = true }
        }
    }

    /// The lines as an async sequence, read on a thread of their own.
    func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = self.next() { continuation.yield(line) }
            continuation.finish()
        }
        thread.name = "intentd-stdin"
        thread.start()
        return stream
    }
}
