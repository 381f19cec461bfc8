public import ADF
public import FormPrinting
public import Proctoring

extension StepForm {
    /// The forms of every step of `document`.
    ///
    /// Results files do not carry the mazes, so a maze step takes the maze whose step identifier
    /// (`mazeStep-NAME`) it has, else the maze in the same position of `mazes`. A symbol-digit
    /// step's part comes from its drawing's `structureID` (or its identifier), its round from the
    /// identifier's `-2`; display mode from `displayMode` or a set id ending in `-display`. A clock
    /// copy step shows the time its `Start` records (`clockTime`), else the spec's 10 past 11.
    public static func forms(of document: ADFDocument, mazes: [Maze] = [], displayMode: Bool = false) -> [StepForm] {
        document.steps.enumerated().map { index, step in
            switch document.variant {
            case .clock:
                let clock =
                    step.start.clockTime.map { ClockSettings(hours: $0.hours, minutes: $0.minutes) } ?? ClockSettings()
                return step.identifier == ClockStep.copy.identifier ? .clock(.copy, settings: clock) : .blank
            case .maze:
                if let maze = mazes.first(where: { $0.stepIdentifier == step.identifier }) { return .maze(maze) }
                return index < mazes.count ? .maze(mazes[index]) : .blank
            case .symbolDigit:
                return .symbolDigit(
                    symbolDigitStep(step),
                    displayMode: displayMode || (step.drawingTags?.setID.hasSuffix("-display") ?? false))
            case .trails:
                // The circles are drawn with the test's integration into render (issue 30, item 3).
                return .blank
            }
        }
    }

    static func symbolDigitStep(_ step: ADFDocument.Step) -> SymbolDigitStep {
        let structure = step.drawingTags?.structureID
        let part =
            SymbolDigitPart.allCases.first { $0.structureID == structure }
            ?? SymbolDigitPart.allCases.first {
                step.identifier.contains("-\($0.rawValue)") || step.identifier.contains("-\($0.structureID)")
            }
            ?? .test
        let round = step.identifier.hasSuffix("-2") ? 2 : 1
        return SymbolDigitStep(round: round, part: part)
    }
}
