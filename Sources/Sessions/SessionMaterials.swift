public import ADF
public import FileLocations
internal import Foundation
public import Proctoring
public import Recordings
public import StylusGeometry
public import StylusInput
public import TestMaterials

extension JournaledTest {
    /// The results file's variant.
    public var variant: ADFVariant {
        switch self {
        case .clock: .clock
        case .maze, .battery: .maze
        case .sdt: .symbolDigit
        case .trails: .trails
        }
    }
}

extension JournaledPatient {
    /// Puts the journal's encrypted patient fields (ciphertext only) into the results' environment.
    public func fill(_ environment: inout ClockSketchData) {
        environment.localPatientEncodedID = local
        environment.patientEncodedID = external
    }
}

/// What a session was given: its settings, its tablet and display profiles and its mazes, read
/// for a live session (and kept whole for its journal) or taken back from a journal by `recover`.
public struct SessionMaterials: Sendable {
    public var settings: ProctoringSettings
    public var tabletProfile: ProfileMatch?
    public var results: ResultsEnvironment
    public var mazes: [AdministeredMaze]
    /// The trail making test's layouts (nil for the other tests).
    public var trailsForm: TrailsForm?
    /// The journal's description lines: for each role a `file` line with the content, or `none`.
    public var journalLines: [JournalControl] = []
    /// Where each came from, as `recover` prints it.
    public var used: [String] = []

    /// Reads what a live session on `device` is given: `--settings` (`settingsFile`), the tablet
    /// profile (`--profile`, else the search path), the display (`--display-profile`, else the
    /// rules of `ResultsEnvironment`, asking the tablet database `facts`) and the test's maze or battery.
    public static func live(
        test: JournaledTest, device: DeviceDescription, settingsFile: String?, profileFile: String?,
        displayProfile: String?,
        lookup: CalibrationLookup, facts: any DeviceFacts, note: (String) -> Void
    ) throws -> SessionMaterials {
        var lines: [JournalControl] = []
        func keep(_ role: JournaledFile.Role, path: String, text: String) throws {
            let bytes = Array(text.utf8)
            guard bytes.count <= JournaledFile.maximumBytes else {
                throw SessionMaterialsError.tooLargeToJournal(file: path, purpose: role.purpose, bytes: bytes.count)
            }
            lines.append(.file(JournaledFile(role: role, path: path, content: bytes)))
        }
        var settings = ProctoringSettings()
        if let file = settingsFile {
            let text = try readText(file, purpose: JournaledFile.Role.settings.purpose)
            settings = try ProctoringSettings(yaml: text, source: file)
            try keep(.settings, path: file, text: text)
        } else {
            lines.append(.none(.settings))
        }
        let match = try lookup.tabletProfile(for: device, file: profileFile)
        if let match {
            // Read again for the journal, and checked to be the profile chosen.
            let text = try readText(match.source, purpose: JournaledFile.Role.tabletProfile.purpose)
            guard (try? TabletProfile(yaml: text, source: match.source)) == match.profile else {
                throw SessionMaterialsError.changedWhileRead(
                    file: match.source, purpose: JournaledFile.Role.tabletProfile.purpose)
            }
            try keep(.tabletProfile, path: match.source, text: text)
        } else {
            lines.append(.none(.tabletProfile))
        }
        let results = try ResultsEnvironment(
            device: device, tabletProfile: match, displayProfile: displayProfile, lookup: lookup, facts: facts,
            note: note)
        if let chosen = results.displayProfile {
            let text = try readText(chosen.source, purpose: JournaledFile.Role.displayProfile.purpose)
            guard (try? DisplayProfile(yaml: text, source: chosen.source)) == chosen else {
                throw SessionMaterialsError.changedWhileRead(
                    file: chosen.source, purpose: JournaledFile.Role.displayProfile.purpose)
            }
            try keep(.displayProfile, path: chosen.source, text: text)
        } else {
            lines.append(.none(.displayProfile))
        }
        var mazeLines: [(JournaledFile.Role, String, String)] = []
        let mazes = try Self.mazes(test: test, defaults: settings.maze) { path, role in
            let text = try readText(path, purpose: role.purpose)
            mazeLines.append((role, path, text))
            return text
        }
        for (role, path, text) in mazeLines { try keep(role, path: path, text: text) }
        var layoutLines: [(String, String)] = []
        let trailsForm = try Self.trailsForm(test: test) { path in
            let text = try readText(path, purpose: JournaledFile.Role.trailsLayout.purpose)
            layoutLines.append((path, text))
            return text
        }
        for (path, text) in layoutLines { try keep(.trailsLayout, path: path, text: text) }
        return SessionMaterials(
            settings: settings, tabletProfile: match, results: results, mazes: mazes, trailsForm: trailsForm,
            journalLines: lines)
    }

    /// What the session of a journal was given, from its description lines. A journal written
    /// before StylusKit kept them (no `file`/`none` line for a role) is recovered as then: the
    /// profiles chosen again (`--profile`, `--display-profile`, else the search path), the
    /// default settings (the only ones a live session had then), the maze files read again; `facts`
    /// (the tablet database) serves such a journal's display choice only.
    public static func journal(
        _ opening: JournalOpening, device: DeviceDescription, profileFile: String?, displayProfile: String?,
        lookup: CalibrationLookup, facts: any DeviceFacts, note: (String) -> Void
    ) throws -> SessionMaterials {
        var used: [String] = []
        var notes: [String] = []
        func text(_ file: JournaledFile) -> String { String(decoding: file.content, as: UTF8.self) }

        var settings = ProctoringSettings()
        if let file = opening.file(.settings) {
            settings = try ProctoringSettings(yaml: text(file), source: file.path)
            used.append("  settings  \(file.path) (kept in the journal)")
        } else {
            used.append(
                "  settings  the built-in defaults"
                    + (opening.records(.settings) ? "" : " (the journal names no settings file)"))
        }

        let match: ProfileMatch?
        if let file = opening.file(.tabletProfile) {
            match = ProfileMatch(profile: try TabletProfile(yaml: text(file), source: file.path))
            if profileFile != nil { notes.append("--profile") }
        } else if opening.records(.tabletProfile) {
            match = nil
            if profileFile != nil { notes.append("--profile") }
        } else {
            match = try lookup.tabletProfile(for: device, file: profileFile)
        }
        used.append(
            "  tablet    " + (match.map { $0.source } ?? "no tablet profile")
                + (opening.records(.tabletProfile)
                    ? (opening.file(.tabletProfile) != nil ? " (kept in the journal)" : "")
                    : profileFile != nil
                        ? " (--profile: the journal names no tablet profile)"
                        : " (chosen now: the journal names no tablet profile)"))

        let results: ResultsEnvironment
        if let file = opening.file(.displayProfile) {
            results = ResultsEnvironment(
                tabletProfile: match, displayProfile: try DisplayProfile(yaml: text(file), source: file.path),
                source: .journal)
            if displayProfile != nil { notes.append("--display-profile") }
            used.append("  display   \(file.path) (kept in the journal)")
        } else if opening.records(.displayProfile) {
            results = ResultsEnvironment(tabletProfile: match, displayProfile: nil, source: .journal)
            if displayProfile != nil { notes.append("--display-profile") }
            used.append("  display   the reference canvas (\(ResultsEnvironment.referenceName))")
        } else {
            results = try ResultsEnvironment(
                device: device, tabletProfile: match, displayProfile: displayProfile, lookup: lookup, facts: facts,
                note: note)
            used.append(
                "  display   "
                    + (results.displayProfile?.source ?? "the reference canvas (\(ResultsEnvironment.referenceName))")
                    + (displayProfile != nil
                        ? " (--display-profile: the journal names no display profile)"
                        : " (chosen now: the journal names no display profile)"))
        }

        let mazes = try Self.mazes(test: opening.test, defaults: settings.maze) { path, role in
            if let file = opening.file(role, path: path) { return text(file) }
            return try readText(path, purpose: role.purpose)
        }
        let trailsForm = try Self.trailsForm(test: opening.test) { path in
            if let file = opening.file(.trailsLayout, path: path) { return text(file) }
            return try readText(path, purpose: JournaledFile.Role.trailsLayout.purpose)
        }
        switch opening.test {
        case .maze(let path), .battery(let path):
            used.append(
                "  mazes     \(path)" + (opening.file(.maze) != nil ? " (kept in the journal)" : " (read again)"))
        case .trails(let form, let layouts):
            used.append("  form      \(form) (shipped: made again from its seed)")
            for path in layouts {
                used.append(
                    "  layout    \(path)"
                        + (opening.file(.trailsLayout, path: path) != nil ? " (kept in the journal)" : " (read again)"))
            }
        case .clock, .sdt:
            break
        }
        if !notes.isEmpty {
            used.append(
                "note: " + notes.joined(separator: " and ") + " ignored: the journal keeps what the session used.")
        }
        return SessionMaterials(
            settings: settings, tabletProfile: match, results: results, mazes: mazes, trailsForm: trailsForm, used: used
        )
    }

    /// The trail making test's form: the shipped form it names, each part a layout file replaces
    /// read through `read` (its text), parsed and checked by the validator; nil for the other tests.
    public static func trailsForm(test: JournaledTest, read: (String) throws -> String) throws -> TrailsForm? {
        guard case .trails(let name, let layouts) = test else { return nil }
        guard var form = TrailsForm.shipped(name) else { throw SessionMaterialsError.unknownTrailsForm(name) }
        var given: [TrailPart: String] = [:]
        for path in layouts {
            let layout = try TrailLayout(parsing: try read(path), source: path)
            if let other = given[layout.part] {
                throw SessionMaterialsError.twoLayoutsForOnePart(
                    part: layout.part.identifier, first: other, second: path)
            }
            given[layout.part] = path
            try TrailLayoutValidator.validate(layout)
            form = form.replacing(layout)
        }
        return form
    }

    private static func mazes(
        test: JournaledTest, defaults: MazeSettings, read: (String, JournaledFile.Role) throws -> String
    ) throws -> [AdministeredMaze] {
        switch test {
        case .maze(let file): try MazeTestMazes.load(maze: file, battery: nil, defaults: defaults, read: read)
        case .battery(let file): try MazeTestMazes.load(maze: nil, battery: file, defaults: defaults, read: read)
        case .clock, .sdt, .trails: []
        }
    }
}

/// Why the files of a live session could not be kept for its journal.
public enum SessionMaterialsError: Error, CustomStringConvertible {
    case tooLargeToJournal(file: String, purpose: String, bytes: Int)
    case changedWhileRead(file: String, purpose: String)
    /// `--form` (or a protocol's `form:`) names no shipped trail making form.
    case unknownTrailsForm(String)
    /// Two layout files are for the same part.
    case twoLayoutsForOnePart(part: String, first: String, second: String)

    public var description: String {
        switch self {
        case .tooLargeToJournal(let file, let purpose, let bytes):
            "The \(purpose) \(file) is \(bytes) bytes; a journal keeps files of at most \(JournaledFile.maximumBytes) bytes, "
                + "so `recover` could not rebuild this session. Use a smaller \(purpose)."
        case .changedWhileRead(let file, let purpose):
            "The \(purpose) \(file) changed while the session read it. Start the session again once nothing is editing it."
        case .unknownTrailsForm(let name):
            "There is no trail making form '\(name)'. Give 'standard' or 'alternate-N' (N a whole number from 1, the "
                + "form `styluskit trails generate --seed N` writes), or --layout FILE for the parts to replace."
        case .twoLayoutsForOnePart(let part, let first, let second):
            "The layout files \(first) and \(second) are both for \(part). Give one layout file per part."
        }
    }
}

/// The steps of the results file `path` whose instructions were shown but not spoken, each with
/// why in words (`instructionsNotSpoken`); empty when every instruction was spoken or the file cannot be read.
public func unspokenInstructions(inResults path: String) -> [String: String] {
    guard let document = try? ADFReader.read(path: path).document else { return [:] }
    var steps: [String: String] = [:]
    for step in document.steps {
        if let instructions = step.start.instructions, instructions.spokenUnixMilliseconds == nil {
            steps[step.identifier] = instructions.notSpoken ?? ""
        }
    }
    return steps
}

/// Each step of the results file at `path` and who or what ended it (`StepOutcome`'s word), in
/// order; nil when the file cannot be read.
public func stepOutcomes(inResults path: String) -> [(step: String, outcome: String)]? {
    guard let document = try? ADFReader.read(path: path).document else { return nil }
    return document.steps.map { ($0.identifier, $0.end.outcome.rawValue) }
}

/// The reading times a session measured, put on their steps' `Start` in the results file: the
/// same call for `administer` and for `recover`, so both write the same bytes.
public enum InstructionTimesRecording {
    /// The measures as journaled: the last of each step (and its start) wins. A measure of a step
    /// the file does not have is told to `warn` and left out. `spoken` is the end of a speech that
    /// was played; without it, `notSpoken` is the journal's code of why (`UnspokenReason`), and the
    /// file says the instructions were shown, not spoken, in its words.
    public static func record(
        _ measures: [(step: String, shown: EventTime, spoken: EventTime?, notSpoken: String?, firstTouch: EventTime)],
        anchor: WallClockAnchor, recorder: any SessionRecording, warn: (String) -> Void
    ) throws {
        for measure in measures {
            let times = InstructionTimes(
                shownUnixMilliseconds: anchor.unixMilliseconds(measure.shown),
                spokenUnixMilliseconds: measure.spoken.map { anchor.unixMilliseconds($0) },
                firstTouchUnixMilliseconds: anchor.unixMilliseconds(measure.firstTouch),
                notSpoken: measure.spoken == nil
                    ? measure.notSpoken.map { UnspokenReason(rawValue: $0)?.words ?? $0 }
                        ?? UnspokenReason.noAudioOutput.words : nil)
            if try !recorder.instructionTimes(times, step: measure.step) {
                warn(
                    "warning: the reading time of step \(measure.step) is left out of the results: the file has no such step."
                )
            }
        }
    }
}
