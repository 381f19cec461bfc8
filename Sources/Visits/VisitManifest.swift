public import Foundation
public import SystemErrors

/// A visit's `visit.json`: who, which protocol, which tablet and calibration, and each test's state and files
/// (docs/visit.md).
///
/// Every optional key is written, as `null` when unknown, so a reader (REDCap export, a study's
/// scripts) can rely on the document's table; keys a newer version adds are ignored on reading.
public struct VisitManifest: Codable, Hashable, Sendable {
    /// The `format` every manifest writes, `styluskit-visit`.
    public static let format = "styluskit-visit"
    /// 2 since tests and visits can be `stopped` (schema 1 wrote a stopped test `done` with the outcome `stopped`).
    public static let schemaVersion = 2
    /// The largest manifest read: one of a protocol's most tests, every field filled, is a few tens of kilobytes.
    public static let maximumBytes = 1 << 20
    /// The most tests a manifest may list (a protocol lists at most `VisitProtocol.maximumTests`; older visits
    /// are given room): more is not a visit, and would make every reader of the folder slow.
    public static let maximumTests = 1000

    /// The visit as a whole, as it is on disk (`VisitLifeCycle`; docs/visit.md, "Life cycle").
    public enum Status: String, Codable, CaseIterable, Sendable {
        /// A test is running, or tests are left and the run was not ended (a killed run is resumed).
        case inProgress = "in-progress"
        /// No test is left to take: each is done, incomplete, skipped (or stopped or aborted in an earlier run).
        case complete
        /// The operator aborted the visit (a resumable one while tests are left).
        case aborted
        /// A signal (Ctrl-C, SIGTERM) stopped the run; resumable while tests are left.
        case stopped
    }

    /// Always `styluskit-visit`: what a reader checks before it trusts the rest.
    public var format = VisitManifest.format
    /// The manifest's schema (`schemaVersion` when written; 1 is still read, docs/visit.md).
    public var schema = VisitManifest.schemaVersion
    /// The participant id: a study's pseudonym, never a name.
    public var participant: String
    /// When the visit began (its first test's journal opened), as an ISO 8601 UTC time.
    public var started: String
    /// When the visit last ended (complete, stopped or aborted); nil while it is in progress.
    @NullWhenNil public var finished: String? = nil
    /// The visit's state on disk.
    public var status: Status
    /// The program that wrote the manifest.
    public var software: Software
    /// The protocol the visit follows, as copied into its folder.
    public var `protocol`: ProtocolFacts
    /// The tablet the tests were taken on; nil until the first test opened it.
    @NullWhenNil public var device: Device? = nil
    /// The settings and profiles that shaped the form.
    public var calibration: Calibration
    /// One entry per protocol test, in the protocol's order, from the visit's start.
    public var tests: [Test]

    /// A visit in progress with its tests as given (each `pending` when made by `Test.init`).
    public init(
        participant: String, started: String, software: Software, protocol: ProtocolFacts, calibration: Calibration,
        tests: [Test]
    ) {
        self.participant = participant
        self.started = started
        self.status = .inProgress
        self.software = software
        self.protocol = `protocol`
        self.calibration = calibration
        self.tests = tests
    }

    /// The program that administered the visit.
    public struct Software: Codable, Hashable, Sendable {
        /// `styluskit`.
        public var name: String
        /// What `styluskit --version` prints.
        public var version: String

        /// The program by its name and version.
        public init(name: String = "styluskit", version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The protocol, as copied into the folder.
    public struct ProtocolFacts: Codable, Hashable, Sendable {
        /// The protocol's `name`.
        public var name: String
        /// The protocol's `title`.
        public var title: String
        /// The protocol file's `schema`.
        public var schema: Int
        /// The copy's name in the folder, `protocol.yaml`.
        public var file: String
        /// The path the protocol was given as.
        public var source: String
        /// The copy's SHA-256, lowercase hex.
        public var sha256: String

        /// The protocol's facts as the copy in the folder gives them.
        public init(name: String, title: String, schema: Int, file: String, source: String, sha256: String) {
            self.name = name
            self.title = title
            self.schema = schema
            self.file = file
            self.source = source
            self.sha256 = sha256
        }
    }

    /// The tablet the tests were taken on.
    public struct Device: Codable, Hashable, Sendable {
        /// Its event node (`/dev/input/event5`), or `feed:FILE` for a fed recording.
        public var node: String
        /// The kernel's name of the device.
        public var name: String
        /// `0x056a`.
        public var vendor: String
        /// The USB product id, `0x0357`.
        public var product: String
        /// libwacom's model name; nil when libwacom does not know the tablet.
        @NullWhenNil public var model: String?
        /// Whether it is a pen display (the form is drawn under the pen).
        public var penDisplay: Bool

        /// The tablet's facts as the first test found them.
        public init(node: String, name: String, vendor: String, product: String, model: String?, penDisplay: Bool) {
            self.node = node
            self.name = name
            self.vendor = vendor
            self.product = product
            self.model = model
            self.penDisplay = penDisplay
        }
    }

    /// A file that shaped the visit, with its checksum.
    public struct FileFacts: Codable, Hashable, Sendable {
        /// The file's name in the visit folder, or its path as given.
        public var file: String
        /// The file's SHA-256, lowercase hex.
        public var sha256: String

        /// A file by its name and checksum.
        public init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }
    }

    /// The settings and profiles used.
    public struct Calibration: Codable, Hashable, Sendable {
        /// The protocol's settings file; nil when the defaults were used.
        @NullWhenNil public var settings: FileFacts?
        /// The tablet profile used; nil when none was.
        @NullWhenNil public var tabletProfile: FileFacts?
        /// The display profile used; nil when none was.
        @NullWhenNil public var displayProfile: FileFacts?

        /// The files used (none by default).
        public init(settings: FileFacts? = nil, tabletProfile: FileFacts? = nil, displayProfile: FileFacts? = nil) {
            self.settings = settings
            self.tabletProfile = tabletProfile
            self.displayProfile = displayProfile
        }
    }

    /// One test of the protocol and what became of it.
    public struct Test: Codable, Hashable, Sendable {
        /// A test's state (`VisitLifeCycle`; docs/visit.md, "Life cycle").
        public enum Status: String, Codable, CaseIterable, Sendable {
            case pending, running, done, incomplete, skipped, aborted
            /// A signal stopped it early: its steps left ended then, its results file is written.
            case stopped
        }

        /// Both files' SHA-256 once the test ended.
        public struct Checksums: Codable, Hashable, Sendable {
            /// The journal's SHA-256; nil when there was none.
            @NullWhenNil public var journal: String?
            /// The results file's SHA-256; nil when none was written.
            @NullWhenNil public var results: String?

            /// Both checksums.
            public init(journal: String?, results: String?) {
                self.journal = journal
                self.results = results
            }
        }

        /// The test's position in the protocol: 1, 2, ...
        public var index: Int
        /// `clock`, `maze` or `sdt`.
        public var test: String
        /// The test's state.
        public var status: Status
        /// When the test began; nil while it is pending.
        public var started: String?
        /// When the test ended or was skipped; nil until then.
        public var finished: String?
        /// The journal's name in the visit folder; nil until the test began.
        public var journal: String?
        /// The results file's name in the visit folder; nil until the test began.
        public var results: String?
        /// Both files' SHA-256 once the test ended; nil until then.
        public var sha256: Checksums?
        /// Who ended the test: `finished`, `moved-on`, `stopped` or `recovered` (docs/visit.md).
        public var outcome: String?
        /// The operator's reason, for a `skipped` test.
        public var skipReason: String?
        /// The steps whose instructions were shown but not spoken (no audio was played), each with
        /// why in words ("no audio output device"); null when every instruction was spoken (or none was given).
        public var instructionsNotSpoken: [String: String]?
        /// Each step of the results file and who or what ended it (its `End`'s `outcome`:
        /// `finished`, `moved-on`, `time-limit`, `stopped`, `skipped`); null until the results are written.
        public var steps: [StepEnd]?
        /// A trail making test's form by name (`standard`, `alternate-N`); written for `trails` tests only.
        public var form: String?
        /// The layout files replacing parts of a trail making test's form, each with its SHA-256 when
        /// the visit began; null when none did. Written for `trails` tests only.
        public var layouts: [FileFacts]?

        /// One step of a test and who or what ended it.
        public struct StepEnd: Codable, Hashable, Sendable {
            /// The step's identifier in the results file (`clockStep-command`, a maze's name, `sdtStep-practice`).
            public var step: String
            /// A word of ADF's `StepOutcome`.
            public var outcome: String

            /// ADF's `StepOutcome` words in its order, the participant's own finish first (Visits
            /// reads no results file; `VisitSummaryTests` checks the two agree).
            public static let outcomeWords = ["finished", "moved-on", "time-limit", "stopped", "skipped"]

            public init(step: String, outcome: String) {
                self.step = step
                self.outcome = outcome
            }
        }

        /// A pending test at `index` (from 1) of kind `test`.
        public init(index: Int, test: String) {
            self.index = index
            self.test = test
            self.status = .pending
        }

        /// Every key, null for a fact not known yet.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(test, forKey: .test)
            try container.encode(status, forKey: .status)
            try container.encode(started, forKey: .started)
            try container.encode(finished, forKey: .finished)
            try container.encode(journal, forKey: .journal)
            try container.encode(results, forKey: .results)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(skipReason, forKey: .skipReason)
            try container.encode(instructionsNotSpoken, forKey: .instructionsNotSpoken)
            try container.encode(steps, forKey: .steps)
            // Only a trail making test has a form: the other tests' entries keep their keys.
            if test == "trails" {
                try container.encode(form, forKey: .form)
                try container.encode(layouts, forKey: .layouts)
            }
        }
    }

    /// The manifest's bytes: sorted keys, two-space indent, a newline at the end.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a manifest's bytes; `source` names the file in errors.
    public init(data: Data, source: String) throws(VisitError) {
        guard data.count <= Self.maximumBytes else {
            throw .notAManifest(
                file: source, detail: "it is \(data.count) bytes; a manifest is at most \(Self.maximumBytes)")
        }
        do {
            self = try JSONDecoder().decode(VisitManifest.self, from: data)
        } catch {
            throw .notAManifest(file: source, detail: Self.describe(error))
        }
        guard format == Self.format else {
            // The value is not quoted: a JSON file given by mistake may hold a patient's details.
            throw .notAManifest(file: source, detail: "its format is not '\(Self.format)'")
        }
        guard tests.count <= Self.maximumTests else {
            throw .notAManifest(
                file: source, detail: "it lists \(tests.count) tests; a manifest lists at most \(Self.maximumTests)")
        }
        guard schema <= Self.schemaVersion else { throw .newerManifest(file: source, schema: schema) }
        if schema == 1 { upgradeFromSchema1() }
    }

    /// Reads a schema-1 manifest in schema 2's words: a test `done` with the outcome `stopped` was
    /// stopped early, and a `complete` visit whose last test to end was stopped was stopped by it.
    private mutating func upgradeFromSchema1() {
        for index in tests.indices
        where tests[index].status == .done && tests[index].outcome == Outcome.stopped.rawValue {
            tests[index].status = .stopped
        }
        let last = tests.filter { $0.finished != nil }.max {
            ($0.finished ?? "", $0.index) < ($1.finished ?? "", $1.index)
        }
        if status == .complete, last?.status == .stopped { status = .stopped }
        schema = Self.schemaVersion
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the key '\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted: "it is not JSON"
        default: "it cannot be read"
        }
    }

    /// The tests done (or incomplete: recovered) and skipped, and the number of tests; a stopped test is neither done
    /// nor skipped.
    public var counts: (done: Int, skipped: Int, total: Int) {
        (
            tests.count { $0.status == .done || $0.status == .incomplete }, tests.count { $0.status == .skipped },
            tests.count
        )
    }

    /// The tests a signal stopped early.
    public var stoppedTests: Int { tests.count { $0.status == .stopped } }
}
