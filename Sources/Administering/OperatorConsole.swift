import Foundation
import Glibc
import LiveRuntime

/// What came to the operator's console while the visit waited.
public enum ConsoleInput: Equatable, Sendable {
    /// SIGINT or SIGTERM: the visit stops.
    case signal
    /// Bytes the operator typed (whole lines when the terminal edits them, single keys while typing shows).
    case typed([UInt8])
    /// Standard input is closed: nobody can answer.
    case closed
    /// Nothing before the time was up.
    case nothing
}

/// The operator's terminal as `VisitTerminal` uses it: lines written to it, keys read from it, its
/// clock. The real one is `TerminalConsole`; tests script one.
public protocol OperatorConsole: AnyObject {
    /// True when both standard input and standard error are a terminal a person types at.
    var isTTY: Bool { get }
    /// The width a line may take without wrapping.
    var columns: Int { get }
    /// Writes `text` as it is (no newline added).
    func write(_ text: String)
    /// Seconds on a clock that only goes forward.
    func now() -> Double
    /// Waits up to `seconds` (nil: until something comes) for typed bytes or a signal.
    func wait(seconds: Double?) -> ConsoleInput
    /// The visit begins to wait for the operator: SIGINT and SIGTERM from now on come as `.signal`,
    /// and what was typed at a terminal before now is dropped (a stray Enter during a test must not
    /// start the next one). Returns true when it dropped it (a terminal; a pipe's lines are kept).
    func beginWaiting() -> Bool
    /// While `on`, each key comes as typed and the terminal does not echo it: the visit shows the
    /// typed text itself, beside the countdown it redraws. Off: the terminal edits and echoes lines.
    func showTyping(_ on: Bool)
}

/// The operator's real terminal: standard error for lines, standard input for keys, SIGINT and
/// SIGTERM through `SignalPipe`.
public final class TerminalConsole: OperatorConsole {
    public let isTTY = isatty(STDERR_FILENO) == 1 && isatty(STDIN_FILENO) == 1
    /// The signals' pipe, installed anew before each wait (a test installs its own meanwhile).
    private var signals: SignalPipe?
    private var closed = false
    /// The terminal's settings before `showTyping(true)`, put back by `showTyping(false)`.
    private var saved: termios?

    public init() {}

    deinit {
        showTyping(false)
        signals?.close()
    }

    public var columns: Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 1 ? Int(size.ws_col) - 1 : 79
    }

    public func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func wait(seconds: Double?) -> ConsoleInput {
        var fds = [
            pollfd(fd: signals?.readEnd ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: closed ? -1 : 0, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = seconds.map { Int32(($0 * 1000).rounded(.up)) } ?? (closed ? 1000 : -1)
        _ = poll(&fds, 2, timeout)
        if signals?.take() != nil { return .signal }
        guard fds[1].revents != 0 else { return .nothing }
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = read(0, &chunk, chunk.count)
        if count > 0 { return .typed(Array(chunk[0..<count])) }
        if count == 0 || errno != EINTR {
            closed = true
            return .closed
        }
        return .nothing
    }

    public func beginWaiting() -> Bool {
        signals?.close()
        signals = SignalPipe.install()
        guard isatty(0) == 1 else { return false }
        tcflush(0, TCIFLUSH)
        return true
    }

    public func showTyping(_ on: Bool) {
        guard isTTY else { return }
        if on, saved == nil {
            var settings = termios()
            guard tcgetattr(0, &settings) == 0 else { return }
            saved = settings
            // Keys one by one, not echoed; Ctrl-C still signals (ISIG stays), Enter still ends a line (ICRNL stays).
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(0, TCSANOW, &settings)
        } else if !on, var settings = saved {
            tcsetattr(0, TCSANOW, &settings)
            saved = nil
        }
    }
}

/// The line the operator is typing, edited as a terminal edits it (Backspace, Ctrl-U, Ctrl-W), so
/// the visit can show it while its countdown runs; a finished line comes out whole.
public struct TypedLine: Equatable, Sendable {
    /// The bytes typed since the last line ended.
    private var bytes: [UInt8] = []
    /// Inside an escape sequence (an arrow key): its bytes are not text.
    private var escape: EscapeState = .none

    private enum EscapeState: Equatable, Sendable {
        case none
        case started
        case controlSequence
    }

    public init() {}

    /// The text typed so far on the current line.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Takes one typed byte; returns the line when it ends it (Enter).
    public mutating func take(_ byte: UInt8) -> String? {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .controlSequence : .none
            return nil
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return nil
        case .none:
            break
        }
        switch byte {
        // The terminal turns Enter into a newline (ICRNL stays on); a carriage return of a CRLF line is dropped.
        case UInt8(ascii: "\n"):
            defer { bytes.removeAll() }
            return text
        case 0x7F, 0x08:
            // A whole character goes: its UTF-8 continuation bytes (10xxxxxx) with its lead byte.
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        case 0x15:
            bytes.removeAll()
        case 0x17:
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            while let last = bytes.last, last != UInt8(ascii: " ") { bytes.removeLast() }
        case 0x1B:
            escape = .started
        case 0..<0x20:
            break
        default:
            bytes.append(byte)
        }
        return nil
    }
}
