// Route requests per second over the daemon's socket, with 1, 16 and 64 clients at once.
//
//     swift run -c release socket-bench [--seconds S] [--clients N ...]
//
// Starts a real daemon in this process on a temporary socket with the demo phrases
// (../Phrases), then, for each client count, opens that many connections, each sending
// `route` requests one after another (the next once the answer is read) for S seconds
// (default 5), cycling through typical utterances. Prints requests per second and the
// latency of one request (send to answer) at p50 and p99. Clients are plain blocking
// sockets on their own threads, so the client side adds little; on a 2-core machine the
// clients and the daemon share the cores.
import Daemon
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

var seconds = 5.0
var clientCounts: [Int] = []
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = arguments.popFirst().flatMap(Double.init) ?? seconds
    case "--clients": clientCounts += arguments.popFirst().flatMap(Int.init).map { [$0] } ?? []
    default:
        print("usage: socket-bench [--seconds S] [--clients N ...]")
        exit(2)
    }
}
if clientCounts.isEmpty { clientCounts = [1, 16, 64] }

let utterances = [
    "add milk to my groceries list", "how many tasks are left", "i spent twelve dollars on coffee",
    "what's the weather like in paris", "open the book the martian", "order two tomato soups",
    "transfer 20 dollars to john", "start a running workout", "email john about lunch", "what is my balance",
]

/// One client: a blocking Unix-socket connection speaking JSON-RPC lines.
final class Client {
    let descriptor: Int32
    var buffer: [UInt8] = []
    /// One read's bytes; allocated once, so the client side costs the daemon's cores little.
    var chunk = [UInt8](repeating: 0, count: 65536)

    init(path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(connected == 0, "cannot connect to \(path): errno \(errno)")
    }

    /// Sends one request line and reads until the answer's newline.
    func request(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            precondition(n > 0, "write failed")
            sent += n
        }
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                buffer.removeSubrange(...newline)
                return
            }
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            precondition(n > 0, "the daemon closed the connection")
            buffer += chunk[..<n]
        }
    }

    deinit { close(descriptor) }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func measure(clients: Int, path: String, seconds: Double) -> (perSecond: Double, p50: Double, p99: Double, requests: Int) {
    let latencies = Mutex<[Double]>([])
    let group = DispatchGroup()
    let start = DispatchTime.now()
    let deadline = start.uptimeNanoseconds + UInt64(seconds * 1e9)
    for index in 0..<clients {
        group.enter()
        let thread = Thread {
            let client = Client(path: path)
            var mine: [Double] = []
            var n = index
            while DispatchTime.now().uptimeNanoseconds < deadline {
                let utterance = utterances[n % utterances.count]
                n += 1
                let line = #"{"jsonrpc":"2.0","id":\#(n),"method":"route","params":{"utterance":"\#(utterance)"}}"#
                let before = DispatchTime.now().uptimeNanoseconds
                client.request(line)
                mine.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1000)
            }
            latencies.withLock { $0 += mine }
            group.leave()
        }
        thread.start()
    }
    group.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let sorted = latencies.withLock { $0 }.sorted()
    return (Double(sorted.count) / elapsed, percentile(sorted, 0.5), percentile(sorted, 0.99), sorted.count)
}

let path = "/tmp/intentd-bench-\(getpid()).sock"
var logger = Logger(label: "socket-bench")
logger.logLevel = .error
let daemon = Daemon(configuration: DaemonConfiguration(socketPath: path, phrasePaths: ["../Phrases"]), logger: logger)
let services = ServiceGroup(configuration: .init(services: [daemon], logger: logger))
let server = Task { try await services.run() }
await daemon.waitUntilListening()

print("route over \(path), \(seconds) s per run, demo phrases")
print("clients  requests/s  p50 µs  p99 µs  requests")
for clients in clientCounts {
    let result = measure(clients: clients, path: path, seconds: seconds)
    print(String(format: "%7d  %10.0f  %6.0f  %6.0f  %8d", clients, result.perSecond, result.p50, result.p99, result.requests))
}
await services.triggerGracefulShutdown()
_ = await server.result
