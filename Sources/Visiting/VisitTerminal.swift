import Foundation
import Glibc
import Sessions
public import Visits

/// The visit's operator at the terminal between tests: the coming test and its prompt, the break's
/// countdown, and the line the operator types (`OperatorCommand`); SIGINT or SIGTERM while waiting stop the visit.
///
/// Everything goes to standard error and never to the participant's screen. When standard input
/// is closed (a script, `</dev/null`) nobody can answer, so the visit goes on by itself: breaks run
/// their full length and each test starts when its break ends; when it is a pipe, its lines are the
/// operator's.
public final class VisitTerminal: VisitOperator {
    private let isTTY = isatty(STDERR_FILENO) == 1
    private var buffer: [UInt8] = []
    private var closed = false

    /// Shows the break on the participant's screen with the seconds left, about once a second; nil when it ends.
    public var breakShown: ((_ secondsLeft: Double?) -> Void)?

    public init() {}

    public func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    public func choose(before test: ProtocolTest, position: Int, count: Int, breakSeconds: Double?) -> VisitChoice {
        let name = Self.describe(test)
        note("Test \(position + 1) of \(count): \(name).")
        if let prompt = test.prompt { note("  Operator: \(prompt)") }
        let signals = SignalPipe.install()
        defer { signals.close() }
        // Keys typed at the terminal during the test (a stray Enter) must not start the next one.
        if isatty(0) == 1 {
            tcflush(0, TCIFLUSH)
            buffer.removeAll()
        }
        if let breakSeconds, breakSeconds > 0 {
            note(
                "Break of \(breakCountdown(seconds: breakSeconds)): Enter ends it and starts the test, 's REASON' skips it, 'q' aborts the visit."
            )
            let deadline = Date().addingTimeInterval(breakSeconds)
            var shown = ""
            while case let left = deadline.timeIntervalSinceNow, left > 0 {
                breakShown?(left)
                let text = "  break: \(breakCountdown(seconds: left)) left"
                if isTTY && text != shown {
                    FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
                    shown = text
                }
                switch wait(signals: signals, seconds: min(1, left)) {
                case .signal: return clearing(.stop)
                case .line(let line):
                    if let choice = decide(OperatorCommand(line: line), test: name) { return clearing(choice) }
                case .nothing: continue
                }
            }
            _ = clearing(.administer)
            note("The break is over.")
        }
        if closed { return .administer }
        note("Ready for \(name): \(OperatorCommand.choices).")
        while true {
            switch wait(signals: signals, seconds: nil) {
            case .signal: return .stop
            case .line(let line): if let choice = decide(OperatorCommand(line: line), test: name) { return choice }
            case .nothing: if closed { return .administer }
            }
        }
    }

    /// The choice a command makes, nil when the operator is to be asked again.
    private func decide(_ command: OperatorCommand, test: String) -> VisitChoice? {
        switch command {
        case .goOn: return .administer
        case .abort: return .abort
        case .skip(let reason?): return .skip(reason: reason)
        case .skip(nil):
            note("Why is \(test) skipped? Type the reason and Enter.")
            while true {
                guard let line = readLine() else { return .skip(reason: VisitManifest.untypedSkipReason) }
                let reason = line.trimmingCharacters(in: .whitespaces)
                if !reason.isEmpty { return .skip(reason: reason) }
            }
        case .unknown(let text):
            note("'\(text)' is not an operator command: \(OperatorCommand.choices).")
            return nil
        }
    }

    private func clearing(_ choice: VisitChoice) -> VisitChoice {
        breakShown?(nil)
        if isTTY { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        return choice
    }

    private enum Waited {
        case signal
        case line(String)
        case nothing
    }

    /// Waits up to `seconds` (nil: until something comes) for a line on standard input or a signal.
    private func wait(signals: SignalPipe, seconds: Double?) -> Waited {
        if let line = takeLine() { return .line(line) }
        var fds = [
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: closed ? -1 : 0, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = seconds.map { Int32(($0 * 1000).rounded(.up)) } ?? (closed ? 1000 : -1)
        _ = poll(&fds, 2, timeout)
        if signals.take() != nil { return .signal }
        if fds[1].revents != 0 { fill() }
        return takeLine().map { .line($0) } ?? .nothing
    }

    /// A whole line from standard input, waiting for it; nil once it is closed.
    private func readLine() -> String? {
        while true {
            if let line = takeLine() { return line }
            if closed { return nil }
            fill()
        }
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = read(0, &chunk, chunk.count)
        if count <= 0 {
            if count == 0 || errno != EINTR { closed = true }
            return
        }
        buffer += chunk[0..<count]
    }

    private func takeLine() -> String? {
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(...end)
        return line
    }

    /// `maze (battery ../mazes/standard.battery)`.
    public static func describe(_ test: ProtocolTest) -> String {
        switch test.mazes {
        case .battery(let file): "maze (battery \((file as NSString).lastPathComponent))"
        case .maze(let file): "maze (\((file as NSString).lastPathComponent))"
        case .none: test.test == .clock ? "clock" : "symbol-digit (sdt)"
        }
    }
}
