import Foundation
import TestSupport

@testable import ADF

/// A fresh empty directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/adf-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Everything in the directory, hidden files included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The output of running `executable` with `arguments`.
struct ProcessResult {
    var status: Int32
    var output: String
    var errors: String
}

func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let inputPipe = Pipe()
    if input != nil { process.standardInput = inputPipe }
    try process.run()
    if let input {
        writeAll(inputPipe.fileHandleForWriting, Data(input.utf8))
        try inputPipe.fileHandleForWriting.close()
    }
    let outData = readToEnd(output.fileHandleForReading)
    let errData = readToEnd(errors.fileHandleForReading)
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
        errors: String(decoding: errData, as: UTF8.self))
}

/// The first python3 on the usual paths, if any.
func python3() -> String? {
    let candidates =
        ["/usr/bin/python3", "/usr/local/bin/python3"]
        + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            "\($0)/python3"
        }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

let xmllintPath = "/usr/bin/xmllint"

/// The repository's Fixtures/golden directory.
let goldenDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures/golden").path
}()

/// The two points of the RawData / ADF example in adf.md.
///
/// Times: StartTime 1673535664834.0 and ADF timestamp ...834 for the first; ADF timestamp
/// ...936 and dt 103 for the second, which (see ADFNumbers) needs t2 in [...936.5, ...937.0).
let specExamplePoints = [
    PenPoint(
        x: 708.5, y: 314.5, altitude: 1.5708, azimuth: 2.6374, force: 1.239,
        unixMilliseconds: 1_673_535_664_834.0),
    PenPoint(
        x: 708.5848, y: 312.2214, altitude: 1.5708, azimuth: 2.6374, force: 1.226,
        unixMilliseconds: 1_673_535_664_936.7),
]

/// A small clock test with everything a .csk file has: two steps, three strokes.
func sampleClockDocument() -> ADFDocument {
    let t0 = 1_673_535_657_692.3
    func stroke(_ start: Double, _ origin: (Double, Double), count: Int) -> ADFDocument.Stroke {
        var points: [PenPoint] = []
        for index in 0..<count {
            let i = Double(index)
            let x: Double = origin.0 + i * 1.25
            let y: Double = origin.1 - i * 0.375
            let altitude: Double = 1.2 + i * 0.01
            let azimuth: Double = 0.5 + i * 0.1
            let force: Double = 0.8 + i * 0.0625
            let time: Double = start + i * 8.3
            points.append(
                PenPoint(
                    x: x, y: y, altitude: altitude, azimuth: azimuth, force: force,
                    unixMilliseconds: time))
        }
        return ADFDocument.Stroke(
            beginUnixMilliseconds: start, endUnixMilliseconds: start + Double(count) * 8.3,
            points: points)
    }
    return ADFDocument(
        variant: .clock,
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: "6.1.0-18-amd64",
            deviceModel: "Wacom Intuos S Pen", deviceModelIdentifier: "0003:056a:0374",
            deviceName: "clinic-tablet-1", pencilID: "0x0802:12345678",
            canvasWidth: 768, canvasHeight: 1004.5, doctor: "Ada Lovelace",
            originalOrigin: .init(x: 0, y: 20)),
        steps: [
            ADFDocument.Step(
                identifier: "clockStep-command",
                start: StepMark(unixMilliseconds: t0),
                end: StepMark(unixMilliseconds: t0 + 6485),
                strokes: [stroke(t0 + 1000, (100, 200), count: 3), stroke(t0 + 2000, (150, 220), count: 2)]),
            ADFDocument.Step(
                identifier: "clockStep-copy",
                start: StepMark(unixMilliseconds: t0 + 7000, brightness: 0.3927, volume: 0.6505),
                end: StepMark(unixMilliseconds: t0 + 9000, brightness: 0.3927, volume: 0.6505),
                strokes: [stroke(t0 + 7500, (300, 400), count: 2)]),
        ],
        display: .referenceTablet)
}

extension DisplayData {
    /// The display the original app recorded on, as its files give it: 264 ppi, 2x, and the
    /// symbol-digit form's sizes in points (assessments.md's reference values).
    static let referenceTablet = DisplayData(
        pixelsPerInch: 264, screenScalingFactor: 2,
        symbolDigit: SymbolDigitSizes(
            borderWidth: 1.5, innerCellHeight: 58, innerCellWidth: 66, rowVerticalMargin: 18, sampleBorderWidth: 3,
            sampleLabelRightMargin: 7, stopSignHeight: 108))
}

extension ADFDocument {
    /// A document on the reference tablet, as the original app's files are.
    init(variant: ADFVariant, environment: ClockSketchData, steps: [Step]) {
        self.init(variant: variant, environment: environment, steps: steps, display: .referenceTablet)
    }
}
