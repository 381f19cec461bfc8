import Glibc
import SystemErrors

/// Asks the person at the terminal for passwords and patient details.
///
/// When standard input is a terminal, prompts go to /dev/tty and passwords are read with echo
/// off (termios); otherwise lines are read from standard input without prompts, so scripts and
/// tests can pipe them in. Nothing read is ever written anywhere but the caller's memory.
public struct Terminal {
    /// True when standard input is a terminal.
    public let isInteractive: Bool

    public init() {
        isInteractive = isatty(STDIN_FILENO) == 1
    }

    /// A password, read without echo.
    public func password(prompt: String) throws -> String {
        try line(prompt: prompt, echo: false, what: "password")
    }

    /// A line of text (patient details), echoed as typed.
    public func text(prompt: String) throws -> String {
        try line(prompt: prompt, echo: true, what: "patient details")
    }

    private func line(prompt: String, echo: Bool, what: String) throws -> String {
        guard isInteractive else {
            guard let line = Self.readLine(from: STDIN_FILENO) else { throw PatientDataError.inputEnded(what: what) }
            return line
        }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            throw PatientDataError.fileSystem(
                operation: "open", path: "/dev/tty", reason: String(cString: strerror(errno)))
        }
        defer { _ = close(tty) }
        Self.write(prompt, to: tty)
        var saved = termios()
        let canHideEcho = !echo && tcgetattr(tty, &saved) == 0
        if canHideEcho {
            EchoRestorer.arm(tty: tty, saved: saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if canHideEcho {
                _ = tcsetattr(tty, TCSAFLUSH, &saved)
                EchoRestorer.disarm()
            }
        }
        guard let line = Self.readLine(from: tty) else { throw PatientDataError.inputEnded(what: what) }
        return line
    }

    /// One line, without its line break; nil at end of input before any byte.
    ///
    /// Reads a byte at a time, so nothing past the line is consumed: the next prompt reads on from there.
    static func readLine(from fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A { break }
            bytes.append(byte)
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to the terminal; a terminal that takes no more is left at that.
    private static func write(_ text: String, to fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { WholeWrite.write($0, to: fd) }
    }
}

/// Turns the terminal's echo back on when Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) ends the process at
/// a password prompt: a `defer` does not run then, and the user's shell would be left typing blind.
///
/// While armed, the signals' handlers restore the saved terminal settings, put the previous
/// handling back and raise the signal again, so the process ends as it would have.
enum EchoRestorer {
    nonisolated(unsafe) private static var tty: Int32 = -1
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func arm(tty: Int32, saved: termios) {
        Self.tty = tty
        Self.saved = saved
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe calls: tcsetattr, sigaction, raise.
                _ = tcsetattr(EchoRestorer.tty, TCSANOW, &EchoRestorer.saved)
                var fallback = sigaction()
                fallback.__sigaction_handler.sa_handler = SIG_DFL
                _ = sigaction(number, &fallback, nil)
                _ = raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            _ = sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    static func disarm() {
        for (number, old) in previous {
            var restored = old
            _ = sigaction(number, &restored, nil)
        }
        previous = [:]
        tty = -1
    }
}
