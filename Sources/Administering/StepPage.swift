public import FormPrinting
public import PatientWindow
public import Proctoring
public import Sessions
import TestMaterials

/// What the patient's window puts in front of the patient for a step, decided from the driver's
/// settings: the form drawn under the ink and the instructions shown and spoken.
///
/// The presenter takes its pages and words from here, so the settings a session was given (the
/// clock's time, the symbol-digit display mode) are the ones the patient sees and hears.
public enum StepPage {
    /// A clock step: a blank page and the command with the settings' time in words, or the clock
    /// showing that time to copy.
    public static func clock(_ step: ClockStep, of driver: ClockDriver) -> (form: StepForm, words: String) {
        (StepForm.clock(step, settings: driver.settings), PatientWords.clock(step, settings: driver.settings))
    }

    /// A symbol-digit step's form, with the alternate symbols in display mode (as the proctor lays
    /// the form out and the results file's set id says).
    public static func symbolDigit(_ step: SymbolDigitStep, of driver: SymbolDigitDriver) -> StepForm {
        StepForm.symbolDigit(step, displayMode: driver.settings.displayMode)
    }

    /// A symbol-digit step's instructions on `form`: with enable-instructions the interactive
    /// script (each region highlighted while its words are spoken), else none; the banner either way.
    public static func symbolDigitInstructions(
        _ form: SymbolDigitForm, of driver: SymbolDigitDriver
    ) -> (script: [InstructionSegment]?, banner: String) {
        (driver.settings.enableInstructions ? InstructionScript.symbolDigit(form) : nil, PatientWords.symbolDigit)
    }

    /// The instructions of maze `index` (shown and spoken), or none when that maze's settings turn
    /// them off (`enable-instructions: false`, in the settings file or the battery): the operator
    /// instructs, and the results file has no reading time for the maze.
    public static func mazeInstructions(_ index: Int, of driver: MazeDriver) -> String? {
        guard driver.mazes.indices.contains(index), driver.mazes[index].settings.enableInstructions else { return nil }
        return PatientWords.maze
    }
}
