internal import Foundation

/// The progress line of a batch on a terminal: `12/40 done, 3.1/s, 9 s left, 1 failed`, redrawn
/// in place on standard error at most ten times a second and cleared at the end.
///
/// `BatchProgress.onTerminal` gives one only when standard error is a terminal and the user did
/// not ask for `--quiet`: a log or a pipe gets no line to clean up.
public final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let started: Date
    private let write: (String) -> Void
    private var done = 0
    private var failed = 0
    private var drawn: Date?

    /// A progress line over `total` inputs that writes its text through `write` (the terminal's
    /// control sequences included).
    public init(total: Int, write: @escaping (String) -> Void) {
        self.total = total
        started = Date()
        self.write = write
    }

    /// A progress line on standard error when it is a terminal and `quiet` is false; else nil.
    public static func onTerminal(total: Int, quiet: Bool) -> BatchProgress? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        return BatchProgress(total: total) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// One input is done (`failed` if it failed).
    func done(failed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if failed { self.failed += 1 }
        let now = Date()
        if let drawn, now.timeIntervalSince(drawn) < 0.1, done < total { return }
        drawn = now
        write(
            "\r\u{1B}[K"
                + Self.line(done: done, failed: self.failed, total: total, elapsed: now.timeIntervalSince(started)))
    }

    /// Writes a line of its own (a note about an input) above the progress line: the progress
    /// line is cleared, the text written, and the progress line drawn again below it.
    public func message(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        var out = "\r\u{1B}[K" + text + "\n"
        if drawn != nil {
            out += Self.line(done: done, failed: failed, total: total, elapsed: Date().timeIntervalSince(started))
        }
        write(out)
    }

    /// Clears the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn != nil { write("\r\u{1B}[K") }
    }

    /// The line's text after `elapsed` seconds: done of total, inputs per second, the time left
    /// at that rate, and the failures so far.
    public static func line(done: Int, failed: Int, total: Int, elapsed: Double) -> String {
        var parts = ["\(done)/\(total) done"]
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            parts.append(String(format: "%.1f/s", rate))
            if done < total { parts.append("\(Int((Double(total - done) / rate).rounded(.up))) s left") }
        }
        if failed > 0 { parts.append("\(failed) failed") }
        return parts.joined(separator: ", ")
    }
}
