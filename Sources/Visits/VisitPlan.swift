import Foundation

/// What a visit does next (`VisitLifeCycle.step`): recover a test a killed visit left running,
/// offer the next pending test, or nothing (the visit is over or ended its run).
public enum VisitStep: Equatable, Sendable {
    /// The test at this position was running when the visit was killed: rebuild its results from its journal.
    case recover(Int)
    /// The test at this position comes next.
    case administer(Int)
    /// Nothing is left to take, or the visit was stopped or aborted.
    case over
}

extension VisitManifest {
    /// Who ended a test, in its `outcome` (docs/visit.md): the words of visit.json, the summary, the report and the
    /// exports.
    public enum Outcome: String, CaseIterable, Sendable {
        /// Every step ended by itself: the participant finished it, or its time limit ran out.
        case finished
        /// The operator moved on from one step or more (N), or ended the test (Escape twice).
        case movedOn = "moved-on"
        /// SIGINT or SIGTERM stopped it: its steps left ended then; the visit stops after it.
        case stopped
        /// The visit was killed during it; its results were rebuilt from its journal on resuming.
        case recovered

        /// How the summary and the report say it.
        public var words: String {
            switch self {
            case .finished: "finished by the participant or a time limit"
            case .movedOn: "the operator moved on"
            case .stopped: "stopped by a signal"
            case .recovered: "recovered from its journal"
            }
        }
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
