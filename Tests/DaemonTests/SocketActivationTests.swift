import Daemon
import Foundation
import Testing

/// Which environments mean "systemd passed a listening socket" (the socket itself is tested
/// with the real binary in intentdTests/ServeLifecycleTests).
struct SocketActivationTests {
    let pid = String(getpid())

    @Test func noVariablesOrAnotherProcessMeansBindTheSocket() throws {
        #expect(try DaemonConfiguration.socketFromServiceManager(environment: [:]) == nil)
        #expect(try DaemonConfiguration.socketFromServiceManager(environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1"]) == nil)
        #expect(try DaemonConfiguration.socketFromServiceManager(environment: ["LISTEN_PID": pid, "LISTEN_FDS": "0"]) == nil)
        #expect(try DaemonConfiguration.socketFromServiceManager(environment: ["LISTEN_PID": "x", "LISTEN_FDS": "1"]) == nil)
    }

    @Test func severalSocketsAreRefusedWithAReason() {
        #expect {
            _ = try DaemonConfiguration.socketFromServiceManager(environment: ["LISTEN_PID": pid, "LISTEN_FDS": "2"])
        } throws: { error in
            "\(error)" == "systemd passed 2 sockets (LISTEN_FDS); intentd serves one"
        }
    }
}
