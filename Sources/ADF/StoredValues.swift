/// Values as a results file holds them: what a document written by `ADFRecorder` and read back
/// by `ADFReader` contains, computed without the file.
///
/// The writer keeps whole milliseconds (rounded down), pressure as round(force × 1000), and
/// every other number with four decimals (`DecimalFormat`, as printf `%.4f`); the reader parses
/// those texts back. A session kept in memory (`features RECORDING`) goes through this, so its
/// measures are those of the results file `replay` would write.
extension PenPoint {
    /// The point as its results file reads back.
    public var asStored: PenPoint {
        PenPoint(
            x: StoredNumber.decimal(x), y: StoredNumber.decimal(y), altitude: StoredNumber.decimal(altitude),
            azimuth: StoredNumber.decimal(azimuth), force: Double(ADFNumbers.pressure(force)) / 1000,
            unixMilliseconds: StoredNumber.timestamp(unixMilliseconds), absent: absent)
    }
}

extension ADFDocument {
    /// The document as its results file reads back: times, marks, interruptions and points as
    /// stored, the canvas size and display density with four decimals. Motion samples and the
    /// strokes' pen-down and pen-up times (which the file does not hold as such), which no
    /// measure reads, are left as they are.
    public var asStored: ADFDocument {
        var document = self
        for index in document.steps.indices {
            var step = document.steps[index]
            step.start = step.start.asStored
            step.end = step.end.asStored
            step.interruptions = step.interruptions.map {
                Interruption(type: $0.type, unixMilliseconds: StoredNumber.timestamp($0.unixMilliseconds))
            }
            step.trail = step.trail?.asStored
            step.strokes = step.strokes.map { stroke in
                var stored = stroke
                stored.points = stroke.points.map(\.asStored)
                return stored
            }
            document.steps[index] = step
        }
        document.environment.canvasWidth = document.environment.canvasWidth.map(StoredNumber.decimal)
        document.environment.canvasHeight = document.environment.canvasHeight.map(StoredNumber.decimal)
        document.display.pixelsPerInch = StoredNumber.decimal(document.display.pixelsPerInch)
        document.display.screenScalingFactor = StoredNumber.decimal(document.display.screenScalingFactor)
        return document
    }
}

extension TrailRecord {
    /// The record as its results file reads back: whole milliseconds, positions with four decimals.
    var asStored: TrailRecord {
        var record = self
        record.circleRadius = StoredNumber.decimal(circleRadius)
        record.circles = circles.map {
            Circle(
                order: $0.order, label: $0.label, kind: $0.kind, x: StoredNumber.decimal($0.x),
                y: StoredNumber.decimal($0.y))
        }
        record.arrivals = arrivals.map {
            Arrival(circle: $0.circle, unixMilliseconds: StoredNumber.timestamp($0.unixMilliseconds))
        }
        record.errors = errors.map {
            Error(
                unixMilliseconds: StoredNumber.timestamp($0.unixMilliseconds), wrongCircle: $0.wrongCircle,
                expectedCircle: $0.expectedCircle, errorClass: $0.errorClass,
                correctedUnixMilliseconds: $0.correctedUnixMilliseconds.map(StoredNumber.timestamp))
        }
        record.prompts = prompts.map {
            Prompt(unixMilliseconds: StoredNumber.timestamp($0.unixMilliseconds), fromCircle: $0.fromCircle)
        }
        return record
    }
}

extension StepMark {
    /// The mark as its results file reads back.
    var asStored: StepMark {
        var mark = self
        mark.unixMilliseconds = StoredNumber.timestamp(unixMilliseconds)
        mark.brightness = brightness.map(StoredNumber.decimal)
        mark.volume = volume.map(StoredNumber.decimal)
        return mark
    }
}

/// The writer's number texts, parsed back as the reader parses them.
enum StoredNumber {
    /// A `timestamp`: whole Unix milliseconds, rounded down.
    static func timestamp(_ unixMilliseconds: Double) -> Double {
        Double(ADFNumbers.timestamp(unixMilliseconds))
    }

    /// A number written with four decimals and read back.
    static func decimal(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalFormat.scratchCapacity) { scratch in
            // The allocation has a base address: its capacity is not zero.
            let start = scratch.baseAddress!
            let length = DecimalFormat.write(value, decimals: 4, to: start)
            let text = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
            return ADFNumberText.decimal(text) ?? value
        }
    }
}

extension ADFDocument {
    /// How many of the document's points lack each value (`AbsentPointValues`), and how many points
    /// there are: what the report and `adf show` say of the axes a pen did not measure.
    public var absentValueCounts: (points: Int, tilt: Int, pressure: Int) {
        var counts = (points: 0, tilt: 0, pressure: 0)
        for step in steps {
            for stroke in step.strokes {
                for point in stroke.points {
                    counts.points += 1
                    if !point.absent.isDisjoint(with: .tilt) { counts.tilt += 1 }
                    if point.absent.contains(.pressure) { counts.pressure += 1 }
                }
            }
        }
        return counts
    }

    /// The absent values in words, one sentence per axis the pen did not measure on some point
    /// (none when it measured everything): "tilt (altitude, azimuth) not measured on 812 of 812 points".
    public var absentValueSentences: [String] {
        let counts = absentValueCounts
        var sentences: [String] = []
        if counts.tilt > 0 {
            sentences.append("tilt (altitude, azimuth) not measured on \(counts.tilt) of \(counts.points) points")
        }
        if counts.pressure > 0 {
            sentences.append("pressure not measured on \(counts.pressure) of \(counts.points) points")
        }
        return sentences
    }
}
