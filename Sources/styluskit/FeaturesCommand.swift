import ADF
import ArgumentParser
import Dispatch
import Foundation
import Measures
import StylusGeometry

/// `styluskit features INPUT... [--level stroke|step|test] [--format csv|json] [--out DIR]`:
/// the measures of docs/measures.md as one tidy table.
struct Features: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Computes measures of the ink (per stroke, step or test) from results files, as CSV or JSON Lines.",
        discussion: """
            One row per stroke, step or test, one header, column names with their units \
            (duration_s, path_length_mm, velocity_mean_mm_s); JSON Lines has the same keys. Each \
            measure's formula, units and reference are in docs/measures.md. Positions are converted \
            from canvas points to millimetres at the file's points per inch, times to seconds from \
            the first step's start. Rows come in the order of the inputs, whatever --jobs is.

            A file that cannot be read is reported and skipped; the others are still measured, and \
            the exit status is 1. Recordings and session journals are not read yet: replay or \
            recover them first and give the results file.
            """)

    /// The table's format.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv
        /// JSON Lines: one object per row.
        case json

        var fileExtension: String { self == .csv ? "csv" : "jsonl" }
    }

    /// `MeasureLevel` as an option value.
    enum Level: String, ExpressibleByArgument, CaseIterable {
        case stroke, step, test

        var measureLevel: MeasureLevel {
            switch self {
            case .stroke: .stroke
            case .step: .step
            case .test: .test
            }
        }
    }

    @Argument(help: "Results files (.csk, .msk, .ssk).")
    var inputs: [String]

    @Option(help: "One row per stroke, step or test.")
    var level: Level = .stroke

    @Option(help: "csv, or json for JSON Lines (one object per row, the same keys).")
    var format: Format = .csv

    @Option(help: ArgumentHelp("Write DIR/features-LEVEL.csv (or .jsonl) instead of printing the table.", valueName: "DIR"))
    var out: String?

    @Flag(help: "Overwrite the table in --out if it exists.")
    var force = false

    @Option(help: "Files measured at once (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Give at least one results file (.csk, .msk, .ssk).") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs) is not a number of jobs; give 1 or more.") }
    }

    func run() throws {
        let measureLevel = level.measureLevel
        let header = ["file"] + measureLevel.columns
        let outcomes = FeaturesBatch.measure(inputs, level: measureLevel, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        var table = FeaturesTable(format: format, header: header)
        var failures = 0
        for (input, outcome) in zip(inputs, outcomes) {
            switch outcome {
            case .success(let rows):
                for row in rows { table.append(file: input, row) }
            case .failure(let error):
                failures += 1
                FileHandle.standardError.write(Data("styluskit features: \(error)\n".utf8))
            }
        }
        if let out {
            let destination = (out as NSString).appendingPathComponent("features-\(level.rawValue).\(format.fileExtension)")
            try FeaturesTable.write(table.text, to: destination, directory: out, force: force)
            print("\(destination): \(table.rowCount) rows from \(inputs.count - failures) of \(inputs.count) files")
        } else {
            FileHandle.standardOutput.write(Data(table.text.utf8))
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// Why an input could not be measured; each names the file and what to do.
enum FeaturesError: Error, CustomStringConvertible {
    case recording(file: String)
    case notResults(file: String)
    case outputExists(file: String)
    case cannotWrite(file: String, why: String)

    var description: String {
        switch self {
        case .recording(let file):
            "\(file) is a recording or session journal; features reads results files (.csk, .msk, .ssk) only so far. "
                + "Replay it first (styluskit replay \(file) --test clock|maze|sdt --out DIR), or for a journal of a "
                + "live session run styluskit recover \(file), and give the results file it writes."
        case .notResults(let file):
            "\(file) is not a results file (.csk, .msk, .ssk). Give the results file of a session "
                + "(written by styluskit replay, record or recover)."
        case .outputExists(let file):
            "\(file) exists. Give --force to overwrite it, or another --out directory."
        case let .cannotWrite(file, why):
            "Cannot write \(file): \(why). Check that the --out directory can be created and written to."
        }
    }
}

/// Measures many files at once, keeping the results in the order of the inputs.
enum FeaturesBatch {
    /// The rows (or the error) of each of `inputs`, in their order, measured by up to `jobs` threads.
    static func measure(_ inputs: [String], level: MeasureLevel, jobs: Int) -> [Result<[MeasureRow], any Error>] {
        let slots = Slots(count: inputs.count)
        let work: @Sendable (Int) -> Void = { index in
            slots.set(index, Result { level.rows(of: try ResultsInk.test(path: inputs[index])) })
        }
        let threads = min(jobs, inputs.count)
        if threads <= 1 {
            for index in inputs.indices { work(index) }
        } else {
            // Each thread takes the next file in turn; the slot of a file is its position, so the
            // order of the output does not depend on which thread finished first.
            let next = Slots.Counter()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while let index = next.take(below: inputs.count) { work(index) }
            }
        }
        return slots.results
    }

    /// One result per input, written from several threads under a lock.
    final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<[MeasureRow], any Error>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result<[MeasureRow], any Error>) {
            lock.lock()
            defer { lock.unlock() }
            values[index] = value
        }

        var results: [Result<[MeasureRow], any Error>] {
            lock.lock()
            defer { lock.unlock() }
            // Every index is taken by exactly one thread, which sets its slot before the threads are joined.
            return values.map { $0! }
        }

        /// The next index to work on, shared by the threads.
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var next = 0

            func take(below count: Int) -> Int? {
                lock.lock()
                defer { lock.unlock() }
                guard next < count else { return nil }
                next += 1
                return next - 1
            }
        }
    }
}

/// The adapter from an ADF results file to Measures' input: canvas points to millimetres at the
/// file's points per inch, Unix milliseconds to seconds from the first step's start.
enum ResultsInk {
    /// Extensions of the recordings and journals `replay` and `recover` read.
    static let recordingExtensions: Set<String> = ["evemu", "events", "yaml", "yml", "desc", "journal"]

    /// The test in the results file at `path`.
    ///
    /// - Throws: `FeaturesError` for a recording or another kind of file; `ADFReadError` (which
    ///   names the file and line) for a results file that cannot be read.
    static func test(path: String) throws -> InkTest {
        guard ADFReader.variant(path: path) != nil else {
            let ext = (path as NSString).pathExtension.lowercased()
            throw recordingExtensions.contains(ext) ? FeaturesError.recording(file: path) : FeaturesError.notResults(file: path)
        }
        return test(of: try ADFReader.read(path: path).document)
    }

    /// The test of `document`.
    static func test(of document: ADFDocument) -> InkTest {
        let millimetresPerPoint = 25.4 / document.display.pointsPerInch
        let epoch = document.steps.first?.start.unixMilliseconds ?? 0
        func seconds(_ unixMilliseconds: Double) -> Double { (unixMilliseconds - epoch) / 1000 }
        let steps = document.steps.map { step in
            InkStep(
                identifier: step.identifier, start: seconds(step.start.unixMilliseconds), end: seconds(step.end.unixMilliseconds),
                strokes: step.strokes.map { stroke in
                    InkStroke(
                        points: stroke.points.map { point in
                            InkPoint(
                                time: seconds(point.unixMilliseconds), xMillimetres: point.x * millimetresPerPoint,
                                yMillimetres: point.y * millimetresPerPoint, force: point.force, altitude: point.altitude,
                                azimuth: point.azimuth)
                        })
                },
                interruptions: step.interruptions.map { InkInterruption(type: $0.type, time: seconds($0.unixMilliseconds)) })
        }
        var formSize: FormSize?
        if let width = document.environment.canvasWidth, let height = document.environment.canvasHeight, width > 0, height > 0 {
            formSize = FormSize(widthCentimetres: width * millimetresPerPoint / 10, heightCentimetres: height * millimetresPerPoint / 10)
        }
        let assessment: Assessment =
            switch document.variant {
            case .clock: .clock
            case .maze: .maze
            case .symbolDigit: .symbolDigit
            }
        return InkTest(assessment: assessment, steps: steps, formSize: formSize)
    }
}

/// The table as CSV (RFC 4180) or JSON Lines, with a `file` column first.
struct FeaturesTable {
    let format: Features.Format
    let header: [String]
    private(set) var text: String
    private(set) var rowCount = 0

    init(format: Features.Format, header: [String]) {
        self.format = format
        self.header = header
        text = format == .csv ? header.map(Self.csvField).joined(separator: ",") + "\n" : ""
    }

    mutating func append(file: String, _ row: MeasureRow) {
        let values = [MeasureValue.text(file)] + row.values
        rowCount += 1
        switch format {
        case .csv:
            text += values.map { Self.csvField($0.text ?? "") }.joined(separator: ",") + "\n"
        case .json:
            let pairs = zip(header, values).map { key, value in
                let json = value.text.map { value.isText ? Self.jsonString($0) : $0 } ?? "null"
                return Self.jsonString(key) + ":" + json
            }
            text += "{" + pairs.joined(separator: ",") + "}\n"
        }
    }

    /// A field quoted when it holds a comma, a quote or a line break, its quotes doubled.
    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A JSON string literal.
    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Writes `text` to `file` in `directory` (created if missing) under a temporary name, then renames it.
    static func write(_ text: String, to file: String, directory: String, force: Bool) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: file), !force { throw FeaturesError.outputExists(file: file) }
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw FeaturesError.cannotWrite(file: file, why: error.localizedDescription)
        }
    }
}
