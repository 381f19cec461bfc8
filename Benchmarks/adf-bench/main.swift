// The Swift side of the ADF benchmark (Benchmarks/adf.sh runs it; it asserts nothing).
//
//   adf-bench write N OUT.msk   writes N points through ADFRecorder
//   adf-bench read FILE         reads every point back with ADFReader.forEachPoint
//   adf-bench load MODE FILE... reads each whole file as `features` does: MODE `read` is
//                               ADFReader.read (no check, as before issue 28), `validated` is
//                               ADFReader.readValidated (read and checked in one pass, as now),
//                               `twice` is ADFValidator.validate then ADFReader.read (two passes)
//
// The document is the one Benchmarks/adf-write.c writes with libxml2 directly: a maze
// battery of steps of at most 100 000 points (RawData stays under libxml2's 10 MB text
// limit), strokes of 100 points, values from simple arithmetic on the point's index.

import ADF

#if canImport(Glibc)
    import Glibc
#endif

// Keep in step with Benchmarks/adf-write.c.
let pointsPerStroke = 100
let pointsPerStep = 100_000
let firstTime = 1_673_535_657_692.25

func point(_ index: Int) -> PenPoint {
    PenPoint(
        x: 100.0 + Double(index % 1000) * 0.377,
        y: 200.0 + Double(index % 777) * 0.291,
        altitude: 0.9 + Double(index % 61) * 0.01,
        azimuth: Double(index % 628) * 0.01,
        force: 0.25 + Double(index % 97) * 0.013,
        unixMilliseconds: firstTime + Double(index) * 3.75)
}

func write(count: Int, to path: String) throws {
    let recorder = try ADFRecorder(destination: path, variant: .maze)
    let steps = count == 0 ? 1 : (count + pointsPerStep - 1) / pointsPerStep
    for step in 0..<steps {
        let first = step * pointsPerStep
        let last = min(first + pointsPerStep, count)
        try recorder.beginStep(
            "mazeStep-\(step + 1)", start: StepMark(unixMilliseconds: firstTime + Double(first) * 3.75 - 500))
        var index = first
        while index < last {
            let end = min(index + pointsPerStroke, last)
            try recorder.beginStroke(unixMilliseconds: firstTime + Double(index) * 3.75)
            for i in index..<end { try recorder.addPoint(point(i)) }
            try recorder.endStroke(unixMilliseconds: firstTime + Double(end - 1) * 3.75)
            index = end
        }
        try recorder.endStep(
            StepMark(unixMilliseconds: firstTime + Double(last > first ? last - 1 : first) * 3.75 + 500))
    }
    try recorder.finish(
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: "6.1.0-18-amd64",
            deviceModel: "Wacom Intuos S Pen", deviceModelIdentifier: "0003:056a:0374",
            pencilID: "0x0802:12345678", canvasWidth: 768, canvasHeight: 1024),
        display: referenceDisplay)
}

/// The reference canvas with the symbol-digit form's sizes on it, as Benchmarks/adf-write.c writes
/// them (`styluskit` computes them from Proctoring's form; this benchmark links ADF alone).
let referenceDisplay = DisplayData(
    pixelsPerInch: 264, screenScalingFactor: 2,
    symbolDigit: SymbolDigitSizes(
        borderWidth: 1.5, innerCellHeight: 58, innerCellWidth: 66, rowVerticalMargin: 18, sampleBorderWidth: 3,
        sampleLabelRightMargin: 7, stopSignHeight: 108))

func read(_ path: String) throws -> (count: Int, checksum: Double) {
    var count = 0
    var checksum = 0.0
    try ADFReader.forEachPoint(path: path) { record in
        count += 1
        checksum += record.point.x
    }
    return (count, checksum)
}

/// Reads each of `paths` whole as `mode` says; the points and problems found.
func load(_ mode: String, _ paths: [String]) throws -> (points: Int, problems: Int) {
    var points = 0
    var problems = 0
    for path in paths {
        switch mode {
        case "read":
            points += try ADFReader.read(path: path).pointCount
        case "validated":
            let read = try ADFReader.readValidated(path: path)
            points += read.file.pointCount
            problems += read.problems.count
        case "twice":
            problems += ADFValidator().validate(path: path).count
            points += try ADFReader.read(path: path).pointCount
        default:
            fail("adf-bench: load MODE is read, validated or twice, not \(mode)\n", status: 2)
        }
    }
    return (points, problems)
}

/// Prints `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

let arguments = CommandLine.arguments
do {
    switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
    case (4, "write"):
        guard let count = Int(arguments[2]), count >= 0 else {
            fail("adf-bench: N must be a whole number, not \(arguments[2])\n", status: 2)
        }
        try write(count: count, to: arguments[3])
    case (3, "read"):
        let (count, checksum) = try read(arguments[2])
        print("points \(count) checksum \(checksum)")
    case (4..., "load"):
        let (points, problems) = try load(arguments[2], Array(arguments[3...]))
        print("points \(points) problems \(problems)")
    default:
        fail(
            "usage: adf-bench write N OUT.msk | adf-bench read FILE | adf-bench load read|validated|twice FILE...\n",
            status: 2)
    }
} catch {
    fail("adf-bench: \(error)\n", status: 1)
}
