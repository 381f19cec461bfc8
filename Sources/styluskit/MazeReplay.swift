import ADF
import Foundation
import Proctoring
import Recordings
import StylusGeometry
import StylusInput

/// One maze of a maze test, with the settings it is administered with.
struct AdministeredMaze {
    var maze: Maze
    var settings: MazeSettings

    /// The TaskData step identifier of this maze: `mazeStep-<maze name>`.
    var stepIdentifier: String { "mazeStep-\(maze.name)" }
}

/// Where the mazes of a maze test come from: one maze file, or a battery file.
enum MazeTestMazes {
    /// Reads the mazes of `--maze FILE` (default settings) or `--battery FILE` (its settings,
    /// its maze files relative to its folder), in the order they are shown; `defaults` are the
    /// settings a single maze gets and a battery's own lines start from.
    static func load(maze: String?, battery: String?, defaults: MazeSettings = MazeSettings()) throws -> [AdministeredMaze] {
        if let maze {
            return [AdministeredMaze(maze: try readMaze(maze), settings: defaults)]
        }
        guard let battery else { return [] }
        let parsed = try MazeBattery(
            parsing: try readText(battery, purpose: "maze battery"), source: battery, defaults: defaults)
        let folder = (battery as NSString).deletingLastPathComponent
        return try parsed.entries.map { entry in
            let path = entry.mazeFile.hasPrefix("/") ? entry.mazeFile : (folder as NSString).appendingPathComponent(entry.mazeFile)
            return AdministeredMaze(maze: try readMaze(path), settings: entry.settings)
        }
    }

    static func readMaze(_ path: String) throws -> Maze {
        try Maze(parsing: try readText(path, purpose: "maze file"), source: path)
    }
}

/// The form the maze test is drawn on, on a tablet without a display of its own: the tablet's
/// whole active area at physical size (1 mm on the tablet is 1 mm on the form, as for the clock
/// test's blank page, unless a tablet profile maps it otherwise), each maze placed on it as its
/// file's `placement` says (centred by default).
///
/// `synth` uses the same form, so that the positions it generates map back to the cells it aimed at.
enum MazeTestForm {
    static func size(of device: DeviceDescription, profile: TabletProfile?) throws -> FormSize {
        let (area, resolution) = try Normalizer.activeArea(of: device, profile: profile)
        let tablet = area.size(at: resolution)
        return FormSize(widthCentimetres: tablet.widthMillimetres / 10, heightCentimetres: tablet.heightMillimetres / 10)
    }
}

/// What happened in one maze of a replayed maze test.
struct MazeReplayStep: Codable {
    struct Interruption: Codable {
        var type: String
        /// Unix time in milliseconds, as in the results file.
        var time: Double
    }

    var step: String
    var maze: String
    /// Strokes recorded (accepted by the proctor).
    var strokes: Int = 0
    /// Strokes the proctor refused: not recorded.
    var refusedStrokes: Int = 0
    var points: Int = 0
    var interruptions: [Interruption] = []
    /// True when the maze's finish came (the path reached the end and the finish timeout ran).
    var finished = false
}

/// What a maze replay wrote.
struct MazeReplayResult {
    var steps: [MazeReplayStep]
    var output: String
}

/// Drives a recording through frame assembly, normalisation and one `MazeProctor` per maze into an
/// ADF recorder, on virtual time.
///
/// Before each frame, every proctor timer due by the frame's time fires at its deadline, earliest
/// first (`MazeProctor.nextDeadline`); after the last frame the remaining timers fire as they would
/// have in a live session, so a recording that stops mid-maze still gets its no-drawing interruption.
/// A maze ends at its `finish`, and the next one is shown at that instant; a stroke under way then
/// belongs to no maze and is ignored until the pen lifts. Samples after the last maze are ignored.
struct MazeReplay {
    let options: RecordingOptions
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let mazes: [AdministeredMaze]
    let recordingStart: EventTime
    let recordingEnd: EventTime
    /// Where each proctor decision goes as a JSON line (`--events`), if anywhere.
    let events: ProctorEventLog?

    /// The driver's view of the pen.
    private enum Pen {
        case up
        /// A stroke is under way; `recorded` while its samples go into the results file.
        case down(recorded: Bool)
    }

    func run(into recorder: ADFRecorder, environment: ClockSketchData, display: DisplayData) throws -> MazeReplayResult {
        precondition(!mazes.isEmpty, "a maze test needs at least one maze")
        let reader = try options.openReader()
        var assembler = try FrameAssembler(device: reader.header.device)
        var mazeIndex = 0
        var proctor = proctor(for: mazes[0])
        var steps = [MazeReplayStep(step: mazes[0].stepIdentifier, maze: mazes[0].maze.name)]
        var pen = Pen.up
        var lastContact: PenSample?
        var finishedAt: EventTime?
        var done = false
        var clock = recordingStart

        try recorder.beginStep(mazes[0].stepIdentifier, start: mark(recordingStart))

        /// Carries out the actions of one proctor call.
        func perform(_ actions: [MazeAction], input: ProctorInput, at time: EventTime, point: FormPosition?,
                     before: MazeState) throws {
            guard !actions.isEmpty else { return }
            events?.log(actions, input: input, at: time, proctor: proctor, before: before, point: point)
            for action in actions {
                switch action {
                case .acceptStroke:
                    guard let sample = lastContact else { continue }
                    try recorder.beginStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
                    pen = .down(recorded: true)
                    steps[steps.count - 1].strokes += 1
                case .refuseStroke:
                    pen = .down(recorded: false)
                    steps[steps.count - 1].refusedStrokes += 1
                case .interrupt(let interruption):
                    let time = anchor.unixMilliseconds(interruption.time)
                    try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
                    steps[steps.count - 1].interruptions.append(.init(type: interruption.kind.rawValue, time: time))
                case .endStroke(let time):
                    if case .down(recorded: true) = pen {
                        try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(time))
                        pen = .down(recorded: false)
                    }
                case .finish(let time):
                    finishedAt = time
                case .armTimer, .cancelTimer, .reachedEnd:
                    // Timers are read back from the proctor (`nextDeadline`), the one source of truth.
                    break
                }
            }
        }

        /// Ends the maze whose finish came at `time` and shows the next, if any.
        func nextMaze(at time: EventTime) throws {
            if case .down(recorded: true) = pen {
                try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(time))
            }
            if case .down = pen { pen = .down(recorded: false) }
            steps[steps.count - 1].finished = true
            try recorder.endStep(mark(time))
            mazeIndex += 1
            guard mazeIndex < mazes.count else {
                done = true
                return
            }
            proctor = self.proctor(for: mazes[mazeIndex])
            steps.append(MazeReplayStep(step: mazes[mazeIndex].stepIdentifier, maze: mazes[mazeIndex].maze.name))
            try recorder.beginStep(mazes[mazeIndex].stepIdentifier, start: mark(time))
        }

        /// Fires every timer due by `time`, earliest first, each at its own deadline.
        func advance(to time: EventTime) throws {
            while !done, let deadline = proctor.nextDeadline, deadline <= time {
                let before = proctor.state
                clock = max(clock, deadline)
                try perform(proctor.timerFired(at: deadline), input: .timer, at: deadline, point: nil, before: before)
                if let finish = finishedAt {
                    finishedAt = nil
                    try nextMaze(at: finish)
                }
            }
        }

        func sample(_ sample: PenSample) throws {
            let point = sample.formPosition
            let before = proctor.state
            switch (pen, sample.isInContact) {
            case (.up, true):
                lastContact = sample
                try perform(proctor.shouldBeginDrawing(point, at: sample.time), input: .down, at: sample.time,
                            point: point, before: before)
                if case .down(recorded: true) = pen { try addPoint(sample) }
                if case .up = pen { pen = .down(recorded: false) }
            case (.down, true):
                lastContact = sample
                try perform(proctor.isDrawing(point, at: sample.time), input: .move, at: sample.time, point: point,
                            before: before)
                if case .down(recorded: true) = pen { try addPoint(sample) }
            case (.down, false):
                try lift(at: sample.time)
            case (.up, false):
                break
            }
        }

        /// The pen left the surface at `time`: the stroke ends at its last sample in contact.
        func lift(at time: EventTime) throws {
            guard let last = lastContact else {
                pen = .up
                return
            }
            let before = proctor.state
            try perform(proctor.finishedDrawing(last.formPosition, at: time), input: .up, at: time,
                        point: last.formPosition, before: before)
            if case .down(recorded: true) = pen {
                try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(last.time))
            }
            pen = .up
            lastContact = nil
        }

        func addPoint(_ sample: PenSample) throws {
            try recorder.addPoint(
                PenPoint(
                    x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
                    azimuth: sample.azimuth, force: sample.force, unixMilliseconds: anchor.unixMilliseconds(sample.time)))
            steps[steps.count - 1].points += 1
        }

        while let event = try reader.next() {
            guard !done, let frame = assembler.process(event) else { continue }
            try advance(to: frame.time)
            clock = max(clock, frame.time)
            guard !done, case .pen(let penFrame) = frame else { continue }
            try sample(normalizer.sample(penFrame))
        }
        if !done {
            // A recording that ends in contact: the pen lifts with its last sample.
            if case .down = pen, let last = lastContact { try lift(at: last.time) }
            // A live session would have gone on: every armed timer still fires.
            while !done, let deadline = proctor.nextDeadline { try advance(to: deadline) }
            if !done { try recorder.endStep(mark(max(clock, recordingEnd))) }
        }
        let output = try recorder.finish(environment: environment, display: display)
        return MazeReplayResult(steps: steps, output: output)
    }

    private func proctor(for administered: AdministeredMaze) -> MazeProctor {
        MazeProctor(
            maze: administered.maze, settings: administered.settings,
            origin: administered.maze.origin(onFormOf: normalizer.formSize))
    }

    private func mark(_ time: EventTime) -> StepMark {
        StepMark(unixMilliseconds: anchor.unixMilliseconds(time))
    }
}

extension Replay {
    /// `replay --test maze`: the maze test's proctor over the recording, into a `.msk` file.
    func runMaze(defaults: MazeSettings = MazeSettings()) throws {
        let mazes = try MazeTestMazes.load(maze: maze, battery: battery, defaults: defaults)
        let scan = try RecordingScan(recording)
        let device = scan.header.device
        let match = try profile.profile(for: device)
        let form = try MazeTestForm.size(of: device, profile: match?.profile)
        let results = try ResultsEnvironment(device: device, tabletProfile: match, options: displayOptions)
        let display = results.display
        let normalizer = try Normalizer(
            device: device, profile: match?.profile, formSize: form, pointsPerInch: display.pointsPerInch)
        let (first, last) = (scan.firstEventTime!, scan.lastEventTime!)
        let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: startTime)

        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let destination = ADFRecorder.resultsPath(directory: out, name: recording.stem, variant: .maze)
        // As for the clock: with --force, write beside the old file and rename over it at the end.
        let replacing = force && FileManager.default.fileExists(atPath: destination)
        let writeTo = replacing ? destination + ".replacing-\(getpid())" : destination
        let recorder = try ADFRecorder(destination: writeTo, variant: .maze)
        let canvas = normalizer.formToCanvas.canvasSize(of: form)
        let environment = results.clockSketchData(kernel: scan.header.kernel, device: device, penID: scan.penID, canvas: canvas)
        let replay = MazeReplay(
            options: recording, normalizer: normalizer, anchor: anchor, mazes: mazes, recordingStart: first,
            recordingEnd: last, events: events ? ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds) : nil)
        let result = try replay.run(into: recorder, environment: environment, display: display)
        if replacing {
            guard rename(writeTo, destination) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: writeTo)
                throw CommandError.cannotReplace(file: destination, reason: reason)
            }
        }

        let summary = MazeReplaySummary(
            recording: recording.recording, device: device.name, id: device.id.busVendorProduct,
            durationSeconds: scan.duration.seconds, frames: scan.frames, mazes: result.steps, output: destination,
            profile: match?.source, relativeTimes: !anchor.recordingHasUnixTimes,
            startTime: anchor.recordingHasUnixTimes ? nil : startTime,
            startTimeIgnored: anchor.recordingHasUnixTimes && startTime != nil, truncation: scan.truncation?.description)
        let text = json ? summary.json : summary.text
        // With --events, standard output carries only the JSON lines.
        if events {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
        }
    }
}

/// What `replay --test maze` prints.
struct MazeReplaySummary: CommandReport {
    var recording: String
    var device: String
    var id: String
    var durationSeconds: Double
    var frames: Int
    var mazes: [MazeReplayStep]
    var output: String
    var profile: String?
    var relativeTimes: Bool
    var startTime: Int64?
    var startTimeIgnored: Bool
    var truncation: String?

    var text: String {
        var lines = [
            "Replayed \(recording)",
            "  device    \(device) (\(id))",
            "  duration  \(String(format: "%.3f", durationSeconds)) s, \(frames) frames",
        ]
        for maze in mazes {
            var line = "  maze      \(maze.maze): \(maze.finished ? "finished" : "not finished"), \(maze.strokes) strokes"
            if maze.refusedStrokes > 0 { line += " (\(maze.refusedStrokes) refused)" }
            line += ", \(maze.points) points"
            if maze.interruptions.isEmpty {
                line += ", no interruptions"
            } else {
                // The first few, so that a long session's summary stays one readable line per maze.
                let shown = maze.interruptions.prefix(5).map {
                    "\($0.type) at \(String(format: "%.0f", $0.time.rounded(.down))) ms"
                }
                let more = maze.interruptions.count - shown.count
                line += ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            lines.append(line)
        }
        lines.append("  results   \(output)")
        if let profile { lines.append("  profile   \(profile)") }
        if relativeTimes && startTime == nil {
            lines.append(
                "note: the recording's times are relative, so its timestamps start at 1970-01-01; pass --start-time UNIX_MS to anchor them.")
        }
        if startTimeIgnored {
            lines.append("note: --start-time was ignored: the recording's times are already Unix times.")
        }
        if let truncation { lines.append("warning: \(truncation)") }
        return lines.joined(separator: "\n")
    }
}
