// proctor-bench: the time per pen sample of the four proctors (make bench-proctor); not a test.
//
//   proctor-bench [N] [RUNS] [MAZE]   N samples (default 1000000), RUNS runs (default 7),
//                                     MAZE the maze file (default Fixtures/mazes/no-choice.maze)
//
// Each proctor gets N scripted samples, the way a driver feeds them: any due timer fires first,
// then the sample's input (touch-down, move or lift). Figures are the median of RUNS runs, in ns
// per sample, next to a baseline measured in the same run over the same samples: a plain sum of
// their x coordinates (one load and one add per sample), so a reader sees what "nothing" costs.
import Foundation
import Proctoring
import StylusGeometry
import StylusInput

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let mazePath = arguments.count > 3 ? arguments[3] : "Fixtures/mazes/no-choice.maze"

guard let mazeData = FileManager.default.contents(atPath: mazePath) else {
    FileHandle.standardError.write(
        Data("proctor-bench: cannot read \(mazePath); run it from the package root or give the maze file.\n".utf8))
    exit(1)
}
let maze = try Maze(parsing: String(decoding: mazeData, as: UTF8.self), source: mazePath)
let formSize = FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524)

/// One scripted sample: where, when, and whether the tip touches.
struct Sample {
    var point: FormPosition
    var time: EventTime
    var contact: Bool
}

/// Samples every 5 ms (200 Hz) along `path`, back and forth, in strokes of `strokeLength`
/// samples with one sample of pen up between them.
func script(along path: [FormPosition], strokeLength: Int) -> [Sample] {
    var samples: [Sample] = []
    samples.reserveCapacity(count)
    let stepsPerSegment = 20
    var position = 0
    var direction = 1
    var segmentStep = 0
    for index in 0..<count {
        let time = EventTime(microseconds: 1_000_000 + Int64(index) * 5_000)
        let contact = index % (strokeLength + 1) != strokeLength
        let from = path[position]
        let to = path[position + direction]
        let t = Double(segmentStep) / Double(stepsPerSegment)
        let point = FormPosition(
            xCentimetres: from.xCentimetres + (to.xCentimetres - from.xCentimetres) * t,
            yCentimetres: from.yCentimetres + (to.yCentimetres - from.yCentimetres) * t)
        samples.append(Sample(point: point, time: time, contact: contact))
        if contact {
            segmentStep += 1
            if segmentStep == stepsPerSegment {
                segmentStep = 0
                position += direction
                if position + direction < 0 || position + direction >= path.count { direction = -direction }
            }
        }
    }
    return samples
}

// The maze: back and forth along the solution, short of the end cell so the maze never finishes.
let mazeOrigin = maze.origin(onFormOf: formSize)
let mazeOnForm = MazeOnForm(maze: maze, origin: mazeOrigin)
let mazeSamples = script(along: maze.solution.dropLast().map { mazeOnForm.centre(of: $0) }, strokeLength: 500)

// The symbol-digit form: a short stroke through the middle of each box in turn.
let sdtOrigin = SymbolDigitForm.origin(centredOn: formSize)
let sdtForm = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: sdtOrigin)
let sdtPath = sdtForm.boxes.flatMap { box -> [FormPosition] in
    let cell = box.answerCell
    return [
        FormPosition(
            xCentimetres: cell.minX + cell.size.widthCentimetres * 0.3, yCentimetres: cell.centre.yCentimetres),
        FormPosition(
            xCentimetres: cell.minX + cell.size.widthCentimetres * 0.7, yCentimetres: cell.centre.yCentimetres),
    ]
}
let sdtSamples = script(along: sdtPath, strokeLength: 20)

// The clock: the same path as the maze's, as full pen samples.
let clockSamples = mazeSamples.map { sample in
    PenSample(
        time: sample.time, tool: .pen, inProximity: true, tipDown: sample.contact,
        tabletPosition: TabletPosition(
            xMillimetres: sample.point.xCentimetres * 10, yMillimetres: sample.point.yCentimetres * 10),
        formPosition: sample.point,
        canvasPosition: CanvasPosition(
            xPoints: sample.point.xCentimetres * 28.35, yPoints: sample.point.yCentimetres * 28.35),
        altitude: 1.2, azimuth: 0.5, force: 0.4, adfPressure: 400)
}

// The trail making test: part B on a serpentine form of 25 circles 3 cm apart (5 a row), the pen
// back and forth along the whole trail. Forwards it connects the circles in order (each sample
// checks the circle due and every later one); at End a new part starts, so the way back runs into
// wrong circles: errors, a correction to "Begin" and its end. The time limit is out of reach.
let trailsLayout = TrailLayout(
    name: "bench-B", part: .partB, formSize: FormSize(widthCentimetres: 16, heightCentimetres: 16),
    circles: TrailPart.partB.labels.enumerated().map { index, label in
        let row = index / 5
        let column = row.isMultiple(of: 2) ? index % 5 : 4 - index % 5
        return TrailCircle(
            label: label, order: index + 1,
            centre: FormPosition(xCentimetres: 2 + 3 * Double(column), yCentimetres: 2 + 3 * Double(row)))
    })
let trailsSettings = TrailsSettings(discontinueAfterB: .seconds(1e5))
let trailsSamples = script(along: trailsLayout.circles.map(\.centre), strokeLength: 500)

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0.0

func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func baseline(_ samples: [Sample]) -> Double {
    nanoseconds {
        var sum = 0.0
        for sample in samples { sum += sample.point.xCentimetres }
        sink += sum
    }
}

func runMaze() -> Double {
    nanoseconds {
        var proctor = MazeProctor(maze: maze, origin: mazeOrigin)
        var actions = 0
        var down = false
        for sample in mazeSamples {
            if let deadline = proctor.nextDeadline, deadline <= sample.time {
                actions += proctor.timerFired(at: deadline).count
            }
            switch (down, sample.contact) {
            case (false, true): actions += proctor.penDown(sample.point, at: sample.time).count
            case (true, true): actions += proctor.penMoved(sample.point, at: sample.time).count
            case (true, false): actions += proctor.penUp(sample.point, at: sample.time).count
            case (false, false): break
            }
            down = sample.contact
        }
        sink += Double(actions)
    }
}

func runSymbolDigit() -> Double {
    nanoseconds {
        var proctor = SymbolDigitProctor(origin: sdtOrigin)
        var actions = proctor.begin(at: EventTime(microseconds: 0)).count
        var down = false
        var last = sdtSamples[0].point
        for sample in sdtSamples {
            if let deadline = proctor.nextDeadline, deadline <= sample.time {
                actions += proctor.timerFired(at: deadline).count
            }
            switch (down, sample.contact) {
            case (false, true): actions += proctor.penDown(sample.point, at: sample.time).count
            case (true, true): actions += proctor.penMoved(sample.point, at: sample.time).count
            case (true, false): actions += proctor.penUp(last, at: sample.time).count
            case (false, false): break
            }
            down = sample.contact
            last = sample.point
        }
        sink += Double(actions)
    }
}

func runClock() -> Double {
    nanoseconds {
        var session = ClockSession()
        var actions = session.begin(at: EventTime(microseconds: 0)).count
        var deadline: EventTime?
        for sample in clockSamples {
            if let due = deadline, due <= sample.time {
                deadline = nil
                actions += session.buttonTimerFired(at: due).count
            }
            for action in session.sample(sample) {
                actions += 1
                switch action {
                case .armButtonTimer(let due): deadline = due
                case .cancelButtonTimer: deadline = nil
                default: break
                }
            }
        }
        sink += Double(actions)
    }
}

func runTrails() -> Double {
    nanoseconds {
        var proctor = TrailsProctor(layout: trailsLayout, settings: trailsSettings)
        var actions = proctor.start(at: EventTime(microseconds: 0)).count
        var down = false
        var last = trailsSamples[0].point
        for sample in trailsSamples {
            if proctor.state == .finished {
                proctor = TrailsProctor(layout: trailsLayout, settings: trailsSettings)
                actions += proctor.start(at: sample.time).count
                down = false
            }
            if let deadline = proctor.nextDeadline, deadline <= sample.time {
                actions += proctor.timerFired(at: deadline).count
            }
            switch (down, sample.contact) {
            case (false, true): actions += proctor.penDown(sample.point, at: sample.time).count
            case (true, true): actions += proctor.penMoved(sample.point, at: sample.time).count
            case (true, false): actions += proctor.penUp(last, at: sample.time).count
            case (false, false): break
            }
            down = sample.contact
            last = sample.point
        }
        sink += Double(actions)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

print("proctor-bench: \(count) samples, median of \(runs) runs, ns per sample (maze \(mazePath))")
let cases: [(name: String, samples: [Sample], run: () -> Double)] = [
    ("ClockSession", mazeSamples, runClock),
    ("MazeProctor", mazeSamples, runMaze),
    ("SymbolDigitProctor", sdtSamples, runSymbolDigit),
    ("TrailsProctor", trailsSamples, runTrails),
]
for entry in cases {
    var proctorTimes: [Double] = []
    var baselineTimes: [Double] = []
    for _ in 0..<runs {
        baselineTimes.append(baseline(entry.samples))
        proctorTimes.append(entry.run())
    }
    let perSample = median(proctorTimes) / Double(count)
    let base = median(baselineTimes) / Double(count)
    print(
        "  \(entry.name.padding(toLength: 19, withPad: " ", startingAt: 0)) \(String(format: "%8.1f", perSample)) ns"
            + "   baseline (array sum) \(String(format: "%6.2f", base)) ns")
}
if sink.isNaN { print(sink) }
