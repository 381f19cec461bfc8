// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StylusKit",
    products: [
        .executable(name: "styluskit", targets: ["styluskit"]),
        .library(name: "StylusInput", targets: ["StylusInput"]),
        .library(name: "StylusGeometry", targets: ["StylusGeometry"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "Proctoring", targets: ["Proctoring"]),
        .library(name: "ADF", targets: ["ADF"]),
        .library(name: "LinuxInput", targets: ["LinuxInput"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // C libraries: module maps and tiny shims, nothing else.
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CUdev", pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // The reference evemu implementation, used only by the differential tests.
        .systemLibrary(
            name: "CEvemu", pkgConfig: "evemu",
            providers: [.apt(["libevemu-dev"])]),

        // Pure Swift core: no I/O, no clock.
        .target(name: "StylusInput"),
        .target(name: "StylusGeometry", dependencies: ["StylusInput", "Yams"]),
        .target(name: "Proctoring", dependencies: ["StylusGeometry"]),

        // Readers and writers.
        .target(name: "Recordings", dependencies: ["StylusInput", "Yams"]),
        .target(name: "ADF", dependencies: ["CLibXML2", "Proctoring"]),
        .target(name: "LinuxInput", dependencies: ["CEvdev", "CUdev", "StylusInput"]),

        .executableTarget(
            name: "styluskit",
            dependencies: [
                "StylusInput", "StylusGeometry", "Recordings", "Proctoring", "ADF", "LinuxInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // The ADF write/read benchmark (Benchmarks/adf.sh, make bench-adf); not a test.
        .executableTarget(name: "adf-bench", dependencies: ["ADF"], path: "Benchmarks/adf-bench"),

        .testTarget(name: "StylusInputTests", dependencies: ["StylusInput"]),
        .testTarget(name: "StylusGeometryTests", dependencies: ["StylusGeometry"]),
        .testTarget(name: "ProctoringTests", dependencies: ["Proctoring"]),
        .testTarget(name: "RecordingsTests", dependencies: ["Recordings", "CEvemu"]),
        .testTarget(name: "ADFTests", dependencies: ["ADF"]),
        .testTarget(name: "LinuxInputTests", dependencies: ["LinuxInput"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Recordings", "StylusInput", "StylusGeometry"]),
    ],
    swiftLanguageModes: [.v6]
)
