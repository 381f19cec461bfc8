// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StylusKit",
    products: [
        .executable(name: "styluskit", targets: ["styluskit"]),
        .library(name: "StylusInput", targets: ["StylusInput"]),
        .library(name: "StylusGeometry", targets: ["StylusGeometry"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "TestMaterials", targets: ["TestMaterials"]),
        .library(name: "FileLocations", targets: ["FileLocations"]),
        .library(name: "Proctoring", targets: ["Proctoring"]),
        .library(name: "ADF", targets: ["ADF"]),
        .library(name: "LinuxInput", targets: ["LinuxInput"]),
        .library(name: "FormPrinting", targets: ["FormPrinting"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Synthesis", targets: ["Synthesis"]),
        .library(name: "PatientData", targets: ["PatientData"]),
        .library(name: "PatientWindow", targets: ["PatientWindow"]),
        .library(name: "Administering", targets: ["Administering"]),
        .library(name: "Sessions", targets: ["Sessions"]),
        .library(name: "LiveRuntime", targets: ["LiveRuntime"]),
        .library(name: "Measures", targets: ["Measures"]),
        .library(name: "Scoring", targets: ["Scoring"]),
        .library(name: "Calibration", targets: ["Calibration"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "SystemErrors", targets: ["SystemErrors"]),
        .library(name: "Features", targets: ["Features"]),
        .library(name: "Batch", targets: ["Batch"]),
        .library(name: "Visits", targets: ["Visits"]),
        .library(name: "VisitReport", targets: ["VisitReport"]),
        .library(name: "Exports", targets: ["Exports"]),
        .library(name: "Visiting", targets: ["Visiting"]),
        .library(name: "Serving", targets: ["Serving"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    ],
    targets: [
        // C libraries: module maps and tiny shims, nothing else.
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CUdev", pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]),
        // libwacom: the tablet database every Linux desktop uses (model names, physical sizes,
        // pen displays, styli by tool id).
        .systemLibrary(
            name: "CLibwacom", pkgConfig: "libwacom",
            providers: [.apt(["libwacom-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        // The reference evemu implementation, used only by the differential tests.
        .systemLibrary(
            name: "CEvemu", pkgConfig: "evemu",
            providers: [.apt(["libevemu-dev"])]),

        // The one place a system error (errno, Foundation's file errors) becomes words.
        .target(name: "SystemErrors", exclude: ["README.md"]),

        // Pure Swift core: no I/O, no clock.
        .target(name: "StylusInput", dependencies: ["SystemErrors"], exclude: ["README.md"]),
        .target(name: "StylusGeometry", dependencies: ["SystemErrors", "StylusInput", "Yams"], exclude: ["README.md"]),
        .target(
            name: "Proctoring", dependencies: ["SystemErrors", "StylusGeometry", "StylusInput", "Yams"],
            exclude: ["README.md"]),
        // Scripted drawings as pen events (for `styluskit synth`): pure Swift too.
        .target(
            name: "Synthesis",
            dependencies: [
                "TestMaterials", "Recordings", "SystemErrors", "StylusInput", "StylusGeometry", "Proctoring",
            ],
            exclude: ["README.md"]),
        // Stroke, step and test measures (docs/measures.md): pure Swift, no file format.
        .target(name: "Measures", dependencies: ["StylusGeometry", "Proctoring"], exclude: ["README.md"]),
        // Scoring by trained raters (docs/scoring.md): the scoring systems' items, marks, blind double scoring and
        // agreement. Pure Swift: the scores file is read and written by Visits.
        .target(name: "Scoring", dependencies: ["StylusGeometry", "Proctoring"], exclude: ["README.md"]),

        // Readers and writers.
        .target(name: "Recordings", dependencies: ["SystemErrors", "StylusInput", "Yams"], exclude: ["README.md"]),
        // What a test is given, read from files: its kind (`TestKind`), settings, mazes and batteries, and what a
        // file given to a command is (`InputFileKind`).
        .target(
            name: "TestMaterials", dependencies: ["SystemErrors", "Proctoring", "Recordings"], exclude: ["README.md"]),
        // Where a session's files are: the calibration search path its profiles are read from
        // (`CalibrationLookup`) and the output directory it writes into (`OutputDirectory`).
        .target(
            name: "FileLocations", dependencies: ["SystemErrors", "StylusGeometry", "StylusInput", "TestMaterials"],
            exclude: ["README.md"]),
        .target(name: "ADF", dependencies: ["SystemErrors", "CLibXML2"], exclude: ["README.md"]),
        .target(
            name: "LinuxInput", dependencies: ["SystemErrors", "CEvdev", "CUdev", "CLibwacom", "StylusInput"],
            exclude: ["README.md"]),
        // Running a test: the three drivers on one due-time queue, the stroke recorder, the session's
        // plan, ending and result; replay, record, administer and recover all go through it.
        .target(
            name: "Sessions",
            dependencies: [
                "FileLocations",
                "TestMaterials",
                "SystemErrors", "ADF", "Proctoring", "Recordings", "StylusGeometry", "StylusInput",
            ],
            exclude: ["README.md"]),
        // A live session as it runs, for record, administer and a visit's tests: the tablet read and journaled first
        // (LiveSessionInput), record's poll loop and its signals (LiveSessionLoop, SignalPipe), a recording fed as a
        // tablet
        // (RecordingFeed), the session's journal and results file (LiveSessionFiles), record's windowless session
        // (WindowlessLiveSession).
        .target(
            name: "LiveRuntime",
            dependencies: [
                "ADF", "FileLocations", "LinuxInput", "Recordings", "Sessions", "StylusInput", "SystemErrors",
                "TestMaterials",
            ],
            exclude: ["README.md"]),
        // A site's calibration: taps and pressure read from a pen, the tablet-to-form fit, a display's
        // density, and the profiles they write.
        .target(
            name: "Calibration",
            dependencies: [
                "FormPrinting", "LinuxInput", "LiveRuntime", "Recordings", "StylusGeometry", "StylusInput",
                "SystemErrors",
            ],
            exclude: ["README.md"]),
        // What the commands tell their user: each outcome as text for people and as JSON for scripts.
        .target(
            name: "Reports",
            dependencies: [
                "FileLocations",
                "TestMaterials",
                "ADF", "Administering", "LinuxInput", "PatientData", "PatientWindow", "Proctoring", "Recordings",
                "Rendering", "Sessions", "StylusGeometry", "StylusInput", "Synthesis", "SystemErrors", "VisitReport",
                "Visits", "Exports",
            ],
            exclude: ["README.md"]),
        // What `features` does between the command line and the measures: inputs read (results
        // files, recordings and journals replayed in memory) into Measures' ink, the table written.
        .target(
            name: "Features",
            dependencies: [
                "FileLocations",
                "TestMaterials", "ADF", "Measures", "Proctoring", "Scoring", "Sessions", "StylusGeometry",
                "StylusInput",
                "SystemErrors", "Visits",
            ],
            exclude: ["README.md"]),
        // A visit: the protocol file, the visit folder and its manifest, the state from test to test (docs/visit.md).
        .target(
            name: "Visits",
            dependencies: [
                "TestMaterials", "Recordings", "Scoring", "SystemErrors", "Yams",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"]),
        // The visit report: a visit folder's tests, pictures and measures laid out on printed pages (docs/report.md).
        .target(
            name: "VisitReport",
            dependencies: [
                "TestMaterials",
                "ADF", "Features", "FormPrinting", "Measures", "PatientData", "Proctoring", "Rendering", "Scoring",
                "Sessions", "StylusGeometry", "SystemErrors", "Visits",
            ],
            exclude: ["README.md"]),
        // Running a visit: test after test from the manifest, the operator between tests, resuming, record's windowless
        // path.
        .target(
            name: "Visiting",
            dependencies: [
                "ADF", "Administering",
                "TestMaterials", "LinuxInput", "LiveRuntime", "Recordings", "Sessions", "StylusGeometry", "StylusInput",
                "SystemErrors", "Visits",
            ],
            exclude: ["README.md"]),
        // Visits exported for a study's data capture: REDCap's data dictionary and import CSV, and a plain CSV.
        .target(
            name: "Exports",
            dependencies: [
                "TestMaterials", "Features", "Measures", "Recordings", "Scoring", "Sessions", "StylusInput",
                "SystemErrors", "Visits",
            ],
            exclude: ["README.md"]),
        // The results browser of `styluskit serve`: visits and results files under the folders given, ink
        // playback and scoring, as a local web application on Hummingbird (docs/serve.md).
        .target(
            name: "Serving",
            dependencies: [
                "ADF", "FormPrinting", "PatientData", "Proctoring", "Rendering", "Scoring", "SystemErrors",
                "TestMaterials", "VisitReport", "Visits",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The HTTP parts a connection's guard sees (ConnectionLimits.swift); already built for Hummingbird.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            exclude: ["README.md"]),
        // One command over many inputs: the input list, the jobs in input order, progress, the report.
        .target(name: "Batch", exclude: ["README.md"]),
        // Printable pages (calibration sheet, mazes) at exact physical size, as PDF through cairo.
        .target(
            name: "FormPrinting", dependencies: ["SystemErrors", "CCairo", "Proctoring", "StylusGeometry"],
            exclude: ["README.md"]),
        // Pictures of results (forms with the ink, animation frames, plots), drawn through FormPrinting's cairo
        // wrapper.
        .target(
            name: "Rendering", dependencies: ["FormPrinting", "ADF", "Proctoring", "StylusGeometry", "SystemErrors"],
            exclude: ["README.md"]
        ),
        // Patient identifiers: encryption, the clinician's key file, the password prompt.
        .target(
            name: "PatientData",
            dependencies: [
                "TestMaterials", "ADF",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"), "SystemErrors",
            ], exclude: ["README.md"]),

        // The patient-facing window of `administer`: the form at physical size, ink, proctor overlays,
        // drawn with cairo and shown through SDL2; instructions spoken through espeak-ng.
        .target(
            name: "PatientWindow",
            dependencies: [
                "SystemErrors",
                "CSDL2", "CEspeakNG", "FormPrinting", "Proctoring", "StylusGeometry", "StylusInput",
            ], exclude: ["README.md"]),
        // Administering a test in the patient window: the session engine's decisions shown as the
        // window's pages and covers (SessionPresenter), and the loop that feeds both (AdministerLoop).
        .target(
            name: "Administering",
            dependencies: [
                "ADF",
                "TestMaterials",
                "SystemErrors",
                "FormPrinting", "LinuxInput", "LiveRuntime", "PatientWindow", "Proctoring", "Recordings", "Sessions",
                "StylusGeometry",
                "StylusInput",
            ], exclude: ["README.md"]),

        // The commit and date `make` stamps into the released binary for --version (scripts/stamp-build.py).
        .target(name: "CBuildStamp", exclude: ["README.md"]),
        .executableTarget(
            name: "styluskit",
            dependencies: [
                "CBuildStamp",
                "FileLocations",
                "TestMaterials",
                "StylusInput", "StylusGeometry", "Recordings", "Proctoring", "ADF", "FormPrinting", "LinuxInput",
                "Synthesis", "PatientData", "Rendering", "PatientWindow", "Administering", "Sessions", "LiveRuntime",
                "Measures",
                "Calibration", "Reports",
                "Features", "Scoring",
                "Batch", "Exports", "SystemErrors", "VisitReport", "Visits", "Visiting", "Serving",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], exclude: ["README.md"]),

        // The ADF write/read benchmark (Benchmarks/adf.sh, make bench-adf); not a test.
        .executableTarget(name: "adf-bench", dependencies: ["ADF"], path: "Benchmarks/adf-bench"),
        // The proctors' time per sample (make bench-proctor); not a test.
        .executableTarget(
            name: "proctor-bench", dependencies: ["Proctoring", "StylusGeometry", "StylusInput"],
            path: "Benchmarks/proctor-bench"),
        // The parse and pipeline benchmarks and their input generator (Benchmarks/bench.sh, make bench); not a test.
        .executableTarget(
            name: "stylus-bench", dependencies: ["ADF", "Recordings", "Sessions", "StylusGeometry", "StylusInput"],
            path: "Benchmarks/stylus-bench"),

        // The parsers' fuzz entry functions, shared by the fuzzers and the corpus replay test (ROBUSTNESS.md).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "FileLocations", "ADF", "Proctoring", "Recordings", "Sessions", "StylusGeometry", "StylusInput",
                "SystemErrors", "Visits", "VisitReport", "Serving",
            ],
            exclude: ["README.md"]),
        // Every target in one fuzzer, chosen by STYLUSKIT_FUZZ_TARGET (scripts/fuzz.sh). One executable, not one per
        // target: each was a do-nothing binary of 100 MB that every debug build linked (25 s of CPU each).
        .executableTarget(name: "fuzz-any", dependencies: ["FuzzTargets"], path: "Fuzz/any"),

        // What several test targets share: pipe I/O that survives EINTR, a disk that fails on cue.
        .target(name: "TestSupport", dependencies: ["Recordings", "Visits"], path: "Tests/TestSupport"),
        .testTarget(
            name: "PatientWindowTests",
            dependencies: ["PatientWindow", "FormPrinting", "Proctoring", "StylusGeometry", "StylusInput"]),
        .testTarget(name: "StylusInputTests", dependencies: ["StylusInput"]),
        .testTarget(name: "StylusGeometryTests", dependencies: ["StylusGeometry", "StylusInput"]),
        .testTarget(name: "ProctoringTests", dependencies: ["Proctoring", "StylusGeometry", "StylusInput"]),
        .testTarget(name: "RecordingsTests", dependencies: ["Recordings", "StylusInput", "CEvemu", "TestSupport"]),
        .testTarget(name: "ADFTests", dependencies: ["ADF", "TestSupport"]),
        // LiveTablet on a real uinput pen made by libevemu where /dev/uinput is writable (the VM suite).
        .testTarget(name: "LinuxInputTests", dependencies: ["LinuxInput", "StylusInput", "CEvemu"]),
        .testTarget(name: "FormPrintingTests", dependencies: ["FormPrinting", "Proctoring", "StylusGeometry"]),
        .testTarget(
            name: "RenderingTests", dependencies: ["Rendering", "FormPrinting", "ADF", "Proctoring", "StylusGeometry"]),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "FileLocations",
                "Synthesis", "Reports", "LinuxInput", "Recordings", "Sessions", "TestMaterials", "StylusGeometry",
                "StylusInput",
            ]),
        .testTarget(name: "MeasuresTests", dependencies: ["Measures", "Proctoring", "StylusGeometry"]),
        .testTarget(name: "ScoringTests", dependencies: ["Scoring", "Proctoring", "StylusGeometry", "Visits"]),
        // Features of recordings and journals in memory against those of the results files replay writes.
        .testTarget(
            name: "FeaturesTests",
            dependencies: [
                "FileLocations",
                "TestMaterials",
                "Features", "ADF", "LinuxInput", "Measures", "Proctoring", "Recordings", "Sessions", "Synthesis",
                "StylusGeometry", "StylusInput",
                "TestSupport",
            ]),
        .testTarget(name: "BatchTests", dependencies: ["Batch"]),
        // The results browser's routes in-process (HummingbirdTesting's router mode): every refusal of docs/serve.md.
        .testTarget(
            name: "ServingTests",
            dependencies: [
                "PatientData", "Serving", "VisitReport", "Visits",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                // A real server started and stopped gracefully (ConnectionLimitsTests).
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "VisitsTests",
            dependencies: ["Administering", "TestMaterials", "Visits", "Visiting", "Recordings", "Sessions"]),
        .testTarget(
            name: "CalibrationTests",
            dependencies: ["Calibration", "FormPrinting", "Recordings", "StylusGeometry", "StylusInput"]),
        .testTarget(name: "VisitReportTests", dependencies: ["Features", "Scoring", "VisitReport", "Visits"]),
        // The exports of visit folders made by replaying real recordings, parsed back by Python's csv module.
        .testTarget(
            name: "ExportsTests",
            dependencies: [
                "FileLocations",
                "TestMaterials", "Exports", "Features", "LinuxInput", "Measures", "Recordings", "Scoring", "Sessions",
                "StylusInput", "TestSupport", "VisitReport", "Visits",
            ]),
        .testTarget(name: "SystemErrorsTests", dependencies: ["SystemErrors"]),
        .testTarget(
            name: "SynthesisTests", dependencies: ["Synthesis", "Proctoring", "StylusGeometry", "StylusInput"]),
        .testTarget(
            name: "PatientDataTests",
            dependencies: ["PatientData", "TestSupport"]),
        // The styluskit command's own types (record's messages, the journal under faults), through @testable import.
        .testTarget(
            name: "StyluskitTests",
            dependencies: [
                "FileLocations",
                "TestMaterials",
                "styluskit", "ADF", "LiveRuntime", "Recordings", "Sessions", "StylusInput", "TestSupport",
                // The libraries whose errors ExitStatusTests pins.
                "Administering", "Calibration", "Exports", "Features", "FormPrinting", "LinuxInput", "PatientData",
                "PatientWindow",
                "Proctoring",
                "Rendering", "StylusGeometry", "Synthesis", "SystemErrors", "VisitReport", "Visiting", "Visits",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets"]),
        // Whole sessions in-process: the drivers, the plan, the journal and recover, on scripted and real recordings;
        // and where each setting takes effect (docs/settings.md), which reaches the window's pages, render and the
        // report.
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "FileLocations",
                "TestMaterials",
                "Sessions", "ADF", "LinuxInput", "LiveRuntime", "PatientData", "Proctoring", "Recordings",
                "StylusGeometry", "StylusInput", "Synthesis", "TestSupport", "Reports",
                "Administering", "FormPrinting", "PatientWindow", "Rendering", "VisitReport", "Visits",
            ]),
        // The live runtime's own: what record tells the operator, and its descriptor owners opened a thousand times.
        .testTarget(
            name: "LiveRuntimeTests", dependencies: ["LiveRuntime", "Recordings", "StylusInput", "TestMaterials"]),
        // Administering in-process on SDL's offscreen driver: the presenter's decisions and the loop's
        // keys (pushed as SDL key events); the Xvfb suite keeps the pixels.
        .testTarget(
            name: "AdministeringTests",
            dependencies: [
                "FileLocations",
                "ADF", "Administering", "CSDL2", "LinuxInput", "PatientWindow", "Proctoring", "Recordings", "Sessions",
                "StylusGeometry",
                "StylusInput", "Synthesis",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["StylusGeometry", "FormPrinting", "TestMaterials", "TestSupport", "Visits"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every import says what it is for, as swift-log's do: an import is internal unless a public
// declaration needs it (`public import`), and a member is visible only where its module is imported.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
