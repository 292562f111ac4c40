import CDeviceCheck
import Foundation

/// The REPL's proof that the person typing is the device's user, now: what iOS asks Face ID or
/// the passcode for before an intent whose policy is `requiresLocalDeviceAuthentication`.
///
/// PAM's `intentd` service decides (its file in /etc/pam.d; where there is none, PAM's
/// `other`, which on Debian and Ubuntu asks for the user's password), and what it asks is
/// asked on the terminal: a password with the echo off, a fingerprint reader's prompt.
/// Only when PAM says yes does the REPL state `deviceAuthenticated` to the daemon
/// (docs/protocol.md, "Authentication").
struct DeviceCheck: Sendable {
    /// The PAM service: `intentd`.
    var service = "intentd"
    /// Another folder of PAM service files than /etc/pam.d (`INTENTD_PAM_CONFDIR`, for tests and
    /// packagers). It gives no one more than they have: whoever sets it could as well state
    /// `deviceAuthenticated` to the daemon from a client of their own.
    var configurationFolder: String? = ProcessInfo.processInfo.environment["INTENTD_PAM_CONFDIR"].flatMap {
        $0.isEmpty ? nil : $0
    }

    enum Outcome: Equatable, Sendable {
        /// PAM said yes.
        case proved
        /// PAM said no, or could not ask: why, in words.
        case refused(String)
    }

    /// Asks PAM on the controlling terminal (/dev/tty), as sudo does, else on standard input
    /// and output when they are a terminal (`su -c` leaves a process none of its own).
    func run() -> Outcome {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard terminal >= 0 else {
            guard isatty(STDIN_FILENO) == 1 else { return .refused("there is no terminal to ask on") }
            return run(input: STDIN_FILENO, output: STDOUT_FILENO)
        }
        defer { close(terminal) }
        return run(input: terminal, output: terminal)
    }

    /// Asks PAM, reading answers from `input` and writing its prompts to `output`.
    func run(input: Int32, output: Int32) -> Outcome {
        guard let user = Self.userName else { return .refused("this process's user has no name") }
        var problem = [CChar](repeating: 0, count: 256)
        let status = intentd_device_check(service, user, configurationFolder, input, output, &problem, problem.count)
        guard status != 0 else { return .proved }
        return .refused(String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The name of the user this process runs as.
    static var userName: String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
