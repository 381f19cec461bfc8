public import PatientWindow
public import Proctoring
import Recordings

extension InstructionReading.Measure {
    /// Why the instructions were not spoken, nil when their speech was played.
    public var notSpoken: UnspokenReason? {
        if case .notPlayed(let reason) = speech { reason } else { nil }
    }

    /// The journal's line for this measure, so `recover` writes it as the session does.
    var journaled: JournalControl {
        switch speech {
        case .played(let until): .instructions(step: step, shown: shown, spoken: until, firstTouch: firstTouch)
        case .notPlayed(let reason):
            .instructionsNotSpoken(step: step, shown: shown, reason: reason.code, firstTouch: firstTouch)
        }
    }
}
