import TestSupport

@testable import ADF

/// Random sessions whose every value the file can hold exactly: coordinates and other
/// decimals on the 4-decimal grid, times in whole milliseconds, forces in thousandths, each
/// stroke starting at its first point (ADF keeps no separate pen-down time) and ending at its
/// last. Model -> file -> model must then be the identity.
struct SessionGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    private mutating func grid(_ range: ClosedRange<Int>) -> Double {
        Double(Int.random(in: range, using: &random)) / 10_000
    }

    private mutating func maybe<T>(_ make: (inout Self) -> T) -> T? {
        Bool.random(using: &random) ? make(&self) : nil
    }

    private static let words = [
        "Linux", "6.1.0-18-amd64", "Wacom Intuos S Pen", "0003:056a:0374", "Dr. Ōtsuka & Söhne",
        "a<b>\"c\" 'd'", "tab\there", "two\nlines", "naïve café ☕︎", "0x0802:12345678",
    ]

    private mutating func word() -> String { Self.words.randomElement(using: &random)! }

    /// A trail record whose times lie in the step (`from`...`to`): a `.tsk` step needs one.
    private mutating func trail(from start: Double, to end: Double) -> TrailRecord {
        let count = Int.random(in: 1...6, using: &random)
        var circles: [TrailRecord.Circle] = []
        for order in 1...count {
            let kind = TrailRecord.Kind.allCases.randomElement(using: &random)!
            circles.append(
                TrailRecord.Circle(
                    order: order, label: word(), kind: kind, x: grid(-50_000...10_000_000), y: grid(0...10_000_000)))
        }
        var times: [Double] = []
        for _ in 0..<Int.random(in: 0...count, using: &random) {
            times.append(start + Double(Int64.random(in: 0...Int64(end - start), using: &random)))
        }
        times.sort()
        let arrivals = times.enumerated().map {
            TrailRecord.Arrival(circle: $0.offset + 1, unixMilliseconds: $0.element)
        }
        var errors: [TrailRecord.Error] = []
        if count >= 2 {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let at = start + Double(Int64.random(in: 0...Int64(end - start), using: &random))
                let corrected: Double? = maybe { _ in at + (end - at) / 2 }
                errors.append(
                    TrailRecord.Error(
                        unixMilliseconds: at, wrongCircle: 2, expectedCircle: 1,
                        errorClass: TrailRecord.ErrorClass.allCases.randomElement(using: &random)!,
                        correctedUnixMilliseconds: corrected))
            }
        }
        let prompts = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            TrailRecord.Prompt(unixMilliseconds: end, fromCircle: count)
        }
        let outcome: TrailRecord.Outcome =
            arrivals.count == count ? .finished : (Bool.random(using: &random) ? .discontinued : .skipped)
        return TrailRecord(
            layout: word(), circleRadius: grid(1...1_000_000), outcome: outcome, circles: circles, arrivals: arrivals,
            errors: errors,
            prompts: prompts)
    }

    mutating func document() -> ADFDocument {
        let variant = ADFVariant.allCases.randomElement(using: &random)!
        var environment = ClockSketchData(
            originalOrigin: .init(x: grid(-100_000...100_000), y: grid(0...2_000_000)))
        environment.deviceSystemName = maybe { $0.word() }
        environment.deviceSystemVersion = maybe { $0.word() }
        environment.deviceID = maybe { $0.word() }
        environment.deviceModel = maybe { $0.word() }
        environment.deviceModelIdentifier = maybe { $0.word() }
        environment.deviceName = maybe { $0.word() }
        environment.pencilID = maybe { $0.word() }
        environment.batteryLevel = maybe { $0.grid(0...10_000) }
        environment.canvasWidth = maybe { $0.grid(1...20_000_000) }
        environment.canvasHeight = maybe { $0.grid(1...20_000_000) }
        environment.doctor = maybe { $0.word() }
        environment.patientEncodedID = maybe { $0.word() }
        environment.localPatientEncodedID = maybe { $0.word() }

        var time = Double(Int64.random(in: 1_600_000_000_000...1_800_000_000_000, using: &random))
        var steps: [ADFDocument.Step] = []
        for stepIndex in 0..<Int.random(in: 1...4, using: &random) {
            let start = StepMark(
                unixMilliseconds: time, brightness: maybe { $0.grid(0...10_000) },
                volume: maybe { $0.grid(0...10_000) })
            var strokes: [ADFDocument.Stroke] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                time += Double(Int.random(in: 0...500, using: &random))
                var points: [PenPoint] = []
                let begin = time
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    time += Double(Int.random(in: 0...20, using: &random))
                    points.append(
                        PenPoint(
                            x: grid(-50_000...10_000_000), y: grid(-50_000...10_000_000),
                            altitude: grid(0...15_707), azimuth: grid(0...62_831),
                            force: Double(Int.random(in: 0...4300, using: &random)) / 1000,
                            unixMilliseconds: time))
                }
                strokes.append(
                    ADFDocument.Stroke(
                        beginUnixMilliseconds: points.first?.unixMilliseconds ?? begin,
                        endUnixMilliseconds: points.last?.unixMilliseconds ?? begin,
                        points: points))
            }
            var motion: [MotionSample] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                motion.append(
                    MotionSample(
                        unixMilliseconds: time + Double(Int.random(in: 0...100, using: &random)),
                        pitch: grid(-31_415...31_415), roll: grid(-31_415...31_415),
                        yaw: grid(-31_415...31_415), accelerationX: grid(-20_000...20_000),
                        accelerationY: grid(-20_000...20_000), accelerationZ: grid(-20_000...20_000)))
            }
            var interruptions: [Interruption] = []
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                interruptions.append(
                    Interruption(
                        type: ["no-drawing", "wall-cross", "time-out"].randomElement(using: &random)!,
                        unixMilliseconds: time + Double(Int.random(in: 0...100, using: &random))))
            }
            time += Double(Int.random(in: 0...1000, using: &random))
            let end = StepMark(
                unixMilliseconds: time, brightness: maybe { $0.grid(0...10_000) },
                volume: maybe { $0.grid(0...10_000) })
            let tags: SymbolDigitDrawingTags? =
                variant == .symbolDigit
                ? (stepIndex == 0 ? .symbolDigit(setID: "A") : .digitDigit(setID: "A")) : nil
            steps.append(
                ADFDocument.Step(
                    identifier: "step-\(stepIndex) \(word())", start: start, end: end,
                    strokes: strokes, motion: motion, interruptions: interruptions,
                    drawingTags: tags, trail: variant == .trails ? trail(from: start.unixMilliseconds, to: time) : nil))
            time += 1
        }
        var display = DisplayData.referenceTablet
        switch Int.random(in: 0...2, using: &random) {
        // A .ssk needs its form's sizes; the others may go without.
        case 0 where variant != .symbolDigit: display.symbolDigit = nil
        case 1:
            display = DisplayData(
                pixelsPerInch: grid(500_000...6_000_000), screenScalingFactor: 2,
                symbolDigit: SymbolDigitSizes(
                    borderWidth: grid(0...100_000), innerCellHeight: grid(0...1_000_000),
                    innerCellWidth: grid(0...1_000_000), rowVerticalMargin: grid(0...1_000_000),
                    sampleBorderWidth: grid(0...100_000),
                    sampleLabelRightMargin: grid(0...100_000), stopSignHeight: grid(0...2_000_000)))
        default: break
        }
        return ADFDocument(variant: variant, environment: environment, steps: steps, display: display)
    }
}
