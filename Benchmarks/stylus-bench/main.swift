// The Swift side of `make bench` (Benchmarks/bench.sh runs it; it asserts nothing about speed).
//
//   stylus-bench generate SECONDS LIKE OUT   a SECONDS-long 266 Hz evemu recording, drawn with
//                                            LIKE's device (its resolution filled in if absent)
//   stylus-bench parse FILE                  reads every event with RecordingReader
//   stylus-bench pipeline FILE OUT.csk       times each frame through the shipped clock driver
//                                            (Sessions' ClockDriver: frame assembly, normalisation,
//                                            the clock session, its timers and ADFRecorder)
//
// The recording is generated at bench time, not committed: an hour is ~245 MB of text.

import ADF
import Recordings
import Sessions
import StylusGeometry
import StylusInput

#if canImport(Glibc)
    import Glibc
#endif

/// Prints `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

/// CLOCK_MONOTONIC in nanoseconds: the clock the pipeline benchmark times each frame with.
@inline(__always)
func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

// MARK: - generate

/// A deterministic pseudo-random source (SplitMix64), so every run benchmarks the same file.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in -1...1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 52) - 1 }
}

/// Writes a pen session of `seconds` at 266 Hz (±60 µs jitter) the way the kernel's wacom driver
/// reports it: strokes of 1.5 s (round a clock face, pressure rising and falling, tilt drifting),
/// 0.5 s hovering between them, and every 12th stroke the pen lifted out of proximity for 1 s.
func generate(seconds: Double, like: String, to path: String) throws {
    var device = try RecordingReader(path: like).header.device
    // Old evemu recordings (the 22HDT's) carry no resolution; give X/Y the common 200 units/mm
    // (the 22HDT's real one) so the recording replays without a tablet profile.
    for axis in [AbsoluteAxis.x, AbsoluteAxis.y] where device.absInfo[axis]?.knownResolution == nil {
        device.absInfo[axis]?.resolution = 200
    }
    guard let xInfo = device.absInfo[AbsoluteAxis.x], let yInfo = device.absInfo[AbsoluteAxis.y] else {
        fail("stylus-bench: \(like) has no ABS_X/ABS_Y\n")
    }
    let pressureMaximum = device.absInfo[AbsoluteAxis.pressure]?.maximum ?? 2047
    let hasTilt = device.absInfo[AbsoluteAxis.tiltX] != nil && device.absInfo[AbsoluteAxis.tiltY] != nil
    let hasDistance = device.absInfo[AbsoluteAxis.distance] != nil

    guard let file = fopen(path, "w") else { fail("stylus-bench: cannot write \(path)\n") }
    defer { fclose(file) }
    var writer = EvemuWriter()
    let header = Array(writer.header(RecordingHeader(format: .evemu(.current), device: device)).utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1 << 20)
    func flush() {
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        bytes.removeAll(keepingCapacity: true)
    }
    bytes += header

    var random = SplitMix(state: 7)
    let centreX = Double(xInfo.minimum + xInfo.maximum) / 2
    let centreY = Double(yInfo.minimum + yInfo.maximum) / 2
    let radius = Double(min(xInfo.maximum - xInfo.minimum, yInfo.maximum - yInfo.minimum)) * 0.3
    let start: Int64 = 1_700_000_000_000_000  // 2023-11-14, a Unix time as live recordings have
    let period = 1_000_000.0 / 266
    let cycle = 2.0  // a stroke and its hover
    var inProximity = false
    var touching = false
    var frame = 0
    while true {
        let t = Double(frame) * period / 1e6
        if t >= seconds { break }
        let time = EventTime(microseconds: start + Int64(Double(frame) * period + 60 * random.unit()))
        func emit(_ type: EventType, _ code: UInt16, _ value: Int32) {
            writer.append(InputEvent(time: time, type: type, code: code, value: value), to: &bytes)
        }
        let strokeIndex = Int(t / cycle)
        let phase = t - Double(strokeIndex) * cycle
        let lifted = strokeIndex % 12 == 11 && phase >= 1.0
        let contact = phase < 1.5 && !lifted
        if lifted {
            if inProximity {
                if touching {
                    emit(.key, KeyCode.touch, 0)
                    emit(.absolute, AbsoluteAxis.pressure, 0)
                    touching = false
                }
                emit(.key, KeyCode.toolPen, 0)
                emit(.miscellaneous, MiscellaneousCode.serial, 0x2_1234)
                emit(.synchronization, SynchronizationCode.report, 0)
                inProximity = false
            }
            frame += 1
            continue
        }
        if !inProximity {
            emit(.key, KeyCode.toolPen, 1)
            inProximity = true
        }
        let angle = Double(strokeIndex) * 0.7 + phase * 2.5
        let wobble = 1 + 0.01 * random.unit()
        emit(.absolute, AbsoluteAxis.x, Int32(centreX + radius * wobble * cos(angle)))
        emit(.absolute, AbsoluteAxis.y, Int32(centreY + radius * wobble * sin(angle)))
        if contact {
            if !touching {
                emit(.key, KeyCode.touch, 1)
                touching = true
            }
            let pressure = Double(pressureMaximum) * (0.25 + 0.2 * sin(phase / 1.5 * .pi)) + 8 * random.unit()
            emit(.absolute, AbsoluteAxis.pressure, Int32(pressure))
            if hasDistance { emit(.absolute, AbsoluteAxis.distance, 0) }
        } else {
            if touching {
                emit(.key, KeyCode.touch, 0)
                emit(.absolute, AbsoluteAxis.pressure, 0)
                touching = false
            }
            if hasDistance { emit(.absolute, AbsoluteAxis.distance, Int32(10 + 20 * (phase - 1.5))) }
        }
        if hasTilt {
            emit(.absolute, AbsoluteAxis.tiltX, Int32(64 + 20 * sin(t / 7)))
            emit(.absolute, AbsoluteAxis.tiltY, Int32(64 + 15 * cos(t / 11)))
        }
        emit(.miscellaneous, MiscellaneousCode.serial, 0x2_1234)
        emit(.synchronization, SynchronizationCode.report, 0)
        frame += 1
        if bytes.count > 1 << 20 { flush() }
    }
    flush()
}

// MARK: - parse

/// The process's CPU time in nanoseconds: what the parse rows compare (the machine is shared, so
/// wall time would measure the neighbours too).
func processCPUNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

func parse(_ path: String) throws {
    let start = processCPUNanoseconds()
    let reader = try RecordingReader(path: path)
    var count = 0
    var checksum: Int64 = 0
    while let event = try reader.next() {
        count += 1
        checksum &+= Int64(event.value)
    }
    let seconds = Double(processCPUNanoseconds() - start) / 1e9
    print("events \(count) \(checksum) seconds \(seconds)")
}

// MARK: - pipeline

/// The value at quantile `q` of sorted `values` (nearest rank).
func quantile(_ values: [Int64], _ q: Double) -> Int64 {
    values[min(values.count - 1, max(0, Int((q * Double(values.count)).rounded(.up)) - 1))]
}

func pipeline(_ path: String, output: String) throws {
    let reader = try RecordingReader(path: path)
    // Parsing is part 1's figure, not this one: every event is read before the clock starts.
    let events = try reader.readAll()
    let recorder = try ADFRecorder(destination: output, variant: .clock)
    let device = reader.header.device
    // The page `replay` lays the clock on (the active area at physical size) on the reference canvas.
    let form = try TabletPage.size(of: device, profile: nil)
    let normalizer = try Normalizer(
        device: device, profile: nil, formSize: form, pointsPerInch: ReferenceCanvas.pointsPerInch)
    let driver = try ClockDriver(
        device: device, normalizer: normalizer, anchor: WallClockAnchor(offsetMicroseconds: 0), recorder: recorder)
    guard let first = events.first else { fail("stylus-bench: \(path) has no events\n") }
    try driver.begin(at: first.time)

    let frameCount = events.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) }
    // The baseline: two clock reads back to back, as each frame's measurement makes them.
    var overhead: [Int64] = []
    overhead.reserveCapacity(frameCount)
    for _ in 0..<frameCount {
        let before = monotonicNanoseconds()
        let after = monotonicNanoseconds()
        overhead.append(after - before)
    }

    var costs: [Int64] = []
    costs.reserveCapacity(frameCount)
    let wallStart = monotonicNanoseconds()
    var before = monotonicNanoseconds()
    for event in events {
        try driver.process(event)
        if event.isFrameEnd {
            let after = monotonicNanoseconds()
            costs.append(after - before)
            before = monotonicNanoseconds()
        }
    }
    let wall = monotonicNanoseconds() - wallStart
    try driver.end(at: events.last!.time)
    let finishStart = monotonicNanoseconds()
    _ = try driver.results(
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: nil, deviceModel: reader.header.device.name,
            deviceModelIdentifier: reader.header.device.id.busVendorProduct, pencilID: nil,
            canvasWidth: 768, canvasHeight: 1024),
        display: DisplayData(
            pixelsPerInch: ReferenceCanvas.pixelsPerInch, screenScalingFactor: ReferenceCanvas.scalingFactor))
    let finish = monotonicNanoseconds() - finishStart

    costs.sort()
    overhead.sort()
    let mean = Double(costs.reduce(0, +)) / Double(max(costs.count, 1))
    print(
        "frames \(costs.count) points \(driver.points)"
            + " median \(quantile(costs, 0.5)) p999 \(quantile(costs, 0.999)) mean \(Int64(mean.rounded())) max \(costs.last ?? 0)"
            + " overhead_median \(quantile(overhead, 0.5)) overhead_p999 \(quantile(overhead, 0.999))"
            + " wall_ns \(wall) finish_ns \(finish)")
}

// MARK: - main

let arguments = CommandLine.arguments
do {
    switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
    case (5, "generate"):
        guard let seconds = Double(arguments[2]), seconds > 0 else {
            fail("stylus-bench: SECONDS must be a positive number, not \(arguments[2])\n", status: 2)
        }
        try generate(seconds: seconds, like: arguments[3], to: arguments[4])
    case (3, "parse"):
        try parse(arguments[2])
    case (4, "pipeline"):
        try pipeline(arguments[2], output: arguments[3])
    default:
        fail(
            "usage: stylus-bench generate SECONDS LIKE OUT | parse FILE | pipeline FILE OUT.csk\n", status: 2)
    }
} catch {
    fail("stylus-bench: \(error)\n")
}
