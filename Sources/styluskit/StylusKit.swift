import ArgumentParser

/// The `styluskit` command: pen tablets as instruments for pen-based cognitive assessments.
@main
struct StylusKit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styluskit",
        abstract: "Capture, replay and record pen-based cognitive assessments from drawing tablets.",
        version: "0.1.0",
        subcommands: [
            Replay.self,
            Info.self,
            Convert.self,
            Synth.self,
            ADFCommand.self,
            ResultsCommand.self,
            Calibrate.self,
            Keys.self,
            Patient.self,
            Devices.self,
            Record.self,
            Administer.self,
            Recover.self,
            Render.self,
            Plot.self,
            Features.self,
        ])
}
