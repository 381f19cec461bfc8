// The Synthesis module: realistic pen recordings of scripted drawings, for demos and tests.
// Pure Swift: no I/O, no clock; the `synth` command reads the files and writes the recording.
public import Proctoring
public import StylusGeometry
public import StylusInput

/// Generates the events of a scripted drawing.
public enum Synthesis {
    /// The pen's timeline for `scenario`: strokes, holds and pauses laid out in time on the form.
    ///
    /// - Parameters:
    ///   - maze: the maze a maze scenario names, read by the caller; nil for a clock.
    ///   - formSize: the form the replay will use (`replay --test maze` and `--test clock` use the
    ///     tablet's active area); a maze sits on it as its `placement` says, a clock at its centre.
    public static func plan(
        _ scenario: Scenario, maze: Maze?, formSize: FormSize, random: inout SynthRandom
    ) throws(ScenarioError) -> PenPlan {
        var instructions = scenario.instructions
        var mazeOnForm: MazeOnForm?
        var symbolDigitForm: SymbolDigitForm?
        var trailsForm: TrailsForm?
        switch scenario.drawing {
        case .trails(let name):
            guard let form = TrailsForm.shipped(name) else {
                throw .drawing(source: scenario.source, problem: "there is no trail making form '\(name)'")
            }
            trailsForm = form
        case .symbolDigit:
            // Every part's boxes lie in the same places, so the test part's layout serves for all.
            symbolDigitForm = SymbolDigitForm(
                step: SymbolDigitStep(round: 1, part: .test), origin: SymbolDigitForm.origin(centredOn: formSize))
        case .maze:
            guard let maze else {
                throw .drawing(source: scenario.source, problem: "the maze it names was not given")
            }
            mazeOnForm = MazeOnForm(maze: maze, origin: maze.origin(onFormOf: formSize))
        case .clock(let hours, let minutes):
            instructions =
                ClockDrawing.instructions(
                    hours: hours, minutes: minutes, radius: scenario.clockRadiusCentimetres, formSize: formSize, line: 1
                )
                + [ScenarioLine(line: 1, instruction: .pause(PenPlan.defaultPause))] + instructions
        }
        return try PenPlan(
            instructions: instructions,
            placement: ScenarioPlacement(
                mazeOnForm: mazeOnForm, formSize: formSize, symbolDigitForm: symbolDigitForm, trailsForm: trailsForm),
            source: scenario.source, random: &random)
    }

    /// The evdev events of `scenario` drawn with `device`, deterministic by `seed`.
    public static func events(
        _ scenario: Scenario, maze: Maze?, formSize: FormSize, device: SynthesisDevice, seed: UInt64
    ) throws(ScenarioError) -> [InputEvent] {
        var random = SynthRandom(seed: seed)
        let plan = try plan(scenario, maze: maze, formSize: formSize, random: &random)
        var synthesizer = PenEventSynthesizer(device: device, random: random)
        return synthesizer.events(for: plan)
    }
}

extension Synthesis {
    /// What a synthesized recording holds, as `synth` reports it.
    public struct Summary: Hashable, Sendable {
        public var frames = 0
        /// Tip-downs (BTN_TOUCH going to 1).
        public var strokes = 0
        /// From the first event to the last.
        public var seconds = 0.0

        public init(_ events: [InputEvent]) {
            var touching = false
            for event in events {
                if event.isFrameEnd { frames += 1 }
                guard event.type == .key, event.code == KeyCode.touch else { continue }
                if event.value != 0 && !touching { strokes += 1 }
                touching = event.value != 0
            }
            if let first = events.first, let last = events.last {
                seconds = last.time.duration(since: first.time).seconds
            }
        }
    }
}
