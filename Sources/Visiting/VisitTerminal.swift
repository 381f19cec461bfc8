public import Administering
import Foundation
import Glibc
import Sessions
import TestMaterials
public import Visits

/// The visit's operator at the terminal between tests: the coming test and its prompt, the break's
/// countdown, and the line the operator types (`OperatorCommand`); SIGINT or SIGTERM while waiting stop the visit.
///
/// Everything goes to standard error and never to the participant's screen. When standard input
/// is closed (a script, `</dev/null`) nobody can answer, so the visit goes on by itself: breaks run
/// their full length and each test starts when its break ends; when it is a pipe, its lines are the
/// operator's.
public final class VisitTerminal: VisitOperator {
    private let console: any OperatorConsole
    /// Typed bytes not yet taken as lines.
    private var buffer: [UInt8] = []
    /// The line being typed, shown beside the break's countdown so the operator sees it.
    private var typing = TypedLine()
    private var closed = false

    /// Shows the break on the participant's screen with the seconds left, a few times a second; nil when it ends.
    public var breakShown: ((_ secondsLeft: Double?) -> Void)?
    /// Called a few times a second while the terminal waits for the operator outside a break (the
    /// participant's cover is kept drawn and answering the window system).
    public var waiting: (() -> Void)?
    /// How often the participant's screen is looked after while waiting, in seconds.
    private var pace: Double? { breakShown == nil && waiting == nil ? nil : 0.25 }

    /// The operator at `console` (the real terminal by default).
    public init(console: any OperatorConsole = TerminalConsole()) {
        self.console = console
    }

    public func note(_ text: String) {
        console.write(text + "\n")
    }

    public func choose(before test: ProtocolTest, position: Int, count: Int, breakSeconds: Double?) -> VisitChoice {
        let name = Self.describe(test)
        note("Test \(position + 1) of \(count): \(name).")
        if let prompt = test.prompt { note("  Operator: \(prompt)") }
        // Keys typed at the terminal during the test (a stray Enter) must not start the next one.
        if console.beginWaiting() {
            buffer.removeAll()
            typing = TypedLine()
        }
        if let breakSeconds, breakSeconds > 0 {
            note(
                "Break of \(breakCountdown(seconds: breakSeconds)): Enter ends it and starts the test, 's REASON' skips it, 'q' aborts the visit."
            )
            if let choice = countDown(breakSeconds, test: name) { return choice }
            note("The break is over.")
        }
        if closed { return .administer }
        note("Ready for \(name): \(OperatorCommand.choices).")
        while true {
            waiting?()
            switch wait(seconds: pace) {
            case .signal: return .stop
            case .line(let line): if let choice = decide(OperatorCommand(line: line), test: name) { return choice }
            case .nothing: if closed { return .administer }
            }
        }
    }

    /// The break's countdown on a line of its own, rewritten about once a second and at every key,
    /// with what the operator is typing after it: the countdown never erases typed text. Returns the
    /// operator's choice if they made one before the break ended.
    private func countDown(_ seconds: Double, test name: String) -> VisitChoice? {
        let deadline = console.now() + seconds
        console.showTyping(true)
        defer { console.showTyping(false) }
        var shown: String?
        while case let left = deadline - console.now(), left > 0 {
            breakShown?(left)
            let line = Self.breakLine(secondsLeft: left, typed: typing.text, columns: console.columns)
            if console.isTTY && line != shown { console.write("\r\u{1B}[2K" + line) }
            shown = line
            // Up to the next whole second of the countdown (or the participant's screen's next look).
            switch wait(seconds: min(pace ?? 1, left - (left.rounded(.up) - 1))) {
            case .signal: return clearing(.stop)
            case .line(let line):
                // The line stays on the terminal as typed, then the countdown comes back under the answer.
                if console.isTTY { console.write("\r\u{1B}[2K> \(line)\n") }
                shown = nil
                console.showTyping(false)
                if let choice = decide(OperatorCommand(line: line), test: name) { return clearing(choice) }
                console.showTyping(true)
            case .nothing: continue
            }
        }
        _ = clearing(.administer)
        return nil
    }

    /// The break's line: `  break: 0:25 left > s feels unwell`, the typed text's end kept when the
    /// line is wider than the terminal.
    static func breakLine(secondsLeft: Double, typed: String, columns: Int) -> String {
        let countdown = "  break: \(breakCountdown(seconds: secondsLeft)) left > "
        let room = max(1, columns - countdown.count)
        return countdown + (typed.count > room ? "<" + String(typed.suffix(room - 1)) : typed)
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
        if console.isTTY { console.write("\r\u{1B}[2K") }
        return choice
    }

    private enum Waited {
        case signal
        case line(String)
        case nothing
    }

    /// Waits up to `seconds` (nil: until something comes) for a line or a signal; every key typed
    /// meanwhile is taken into the line being typed (for the countdown to show).
    private func wait(seconds: Double?) -> Waited {
        if let line = takeLine() { return .line(line) }
        let deadline = seconds.map { console.now() + $0 }
        while true {
            let left = deadline.map { max(0, $0 - console.now()) }
            var typed = false
            switch console.wait(seconds: left) {
            case .signal: return .signal
            case .closed: closed = true
            case .typed(let bytes):
                buffer += bytes
                typed = true
            case .nothing: break
            }
            if let line = takeLine() { return .line(line) }
            // A key that ends no line is shown at once: back to the caller, which redraws the countdown.
            guard !closed, let deadline, !typed, console.now() < deadline else { return .nothing }
        }
    }

    /// A whole line from standard input, waiting for it; nil once it is closed.
    private func readLine() -> String? {
        while true {
            if let line = takeLine() { return line }
            if closed { return nil }
            switch console.wait(seconds: nil) {
            case .closed: closed = true
            case .typed(let bytes): buffer += bytes
            case .signal, .nothing: break
            }
        }
    }

    /// Takes the typed bytes into the line being typed; the line, once Enter ends it.
    private func takeLine() -> String? {
        while !buffer.isEmpty {
            if let line = typing.take(buffer.removeFirst()) { return line }
        }
        return nil
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
