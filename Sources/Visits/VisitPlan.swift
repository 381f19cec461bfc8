import Foundation

/// What a visit does next, decided from its manifest alone (pure): recover a test a killed visit
/// left running, offer the next pending test, or nothing (the visit is over).
public enum VisitStep: Equatable, Sendable {
    /// The test at this position was running when the visit was killed: rebuild its results from its journal.
    case recover(Int)
    /// The test at this position comes next.
    case administer(Int)
    /// Every test is done, incomplete or skipped, or the visit was aborted.
    case over
}

extension VisitManifest {
    /// The next thing to do: a test left running is recovered before anything else is administered.
    public var step: VisitStep {
        guard status == .inProgress else { return .over }
        if let interrupted { return .recover(interrupted) }
        if let next { return .administer(next) }
        return .over
    }

    /// What the session ended as, in a test's `outcome` (docs/visit.md).
    public enum Outcome {
        /// The test ran to its end (by itself, or the operator's Escape twice).
        public static let finished = "finished"
        /// SIGINT or SIGTERM stopped it: its steps left ended then; the visit stops after it, in progress.
        public static let stopped = "stopped"
        /// The visit was killed during it; its results were rebuilt from its journal on resuming.
        public static let recovered = "recovered"
    }

    /// The reason a skip gets when the operator typed none (standard input closed before a reason came).
    public static let untypedSkipReason = "skipped by the operator; no reason was typed"
}

/// A line the operator types at the visit's terminal between two tests.
///
/// Empty (Enter) goes on: it starts the coming test, or ends the break early. `s` or `skip`
/// skips the coming test, with the rest of the line as the reason (else the next line is asked
/// for); `q` or `abort` aborts the visit. Anything else is repeated back with the choices.
public enum OperatorCommand: Equatable, Sendable {
    case goOn
    case skip(reason: String?)
    case abort
    case unknown(String)

    public init(line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        let word = text.prefix { !$0.isWhitespace }.lowercased()
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "": self = .goOn
        case "s", "skip": self = .skip(reason: rest.isEmpty ? nil : rest)
        case "q", "abort": self = rest.isEmpty ? .abort : .unknown(text)
        default: self = .unknown(text)
        }
    }

    /// What the operator may type, as the terminal says it.
    public static let choices = "Enter starts it, 's REASON' skips it, 'q' aborts the visit"
}

/// The break's countdown as the operator's line and the participant's screen say it: `0:25`.
public func breakCountdown(seconds: Double) -> String {
    let whole = max(0, Int(seconds.rounded(.up)))
    return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
}
