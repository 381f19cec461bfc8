/// Writes one ADF document from a recorder's steps, strokes and spools, streaming.
///
/// Element and attribute names, their order and number formats follow adf.md. Numbers are
/// formatted into a scratch buffer by `DecimalFormat` and handed to libxml2 without creating
/// Swift strings; the RawData text is built in a fixed buffer and written in chunks.
final class DocumentWriter {
    private let xml: XMLStreamWriter
    private let variant: ADFVariant
    private let steps: [RecordedStep]
    private let strokes: [RecordedStroke]
    private let points: Spool<PenPoint>
    private let motion: Spool<MotionSample>

    private let scratch: UnsafeMutablePointer<UInt8>
    private static let textCapacity = 1 << 16
    private let text: UnsafeMutablePointer<UInt8>
    private var textLength = 0

    init(
        xml: XMLStreamWriter, variant: ADFVariant, steps: [RecordedStep],
        strokes: [RecordedStroke], points: Spool<PenPoint>, motion: Spool<MotionSample>
    ) {
        self.xml = xml
        self.variant = variant
        self.steps = steps
        self.strokes = strokes
        self.points = points
        self.motion = motion
        scratch = .allocate(capacity: DecimalFormat.scratchCapacity)
        text = .allocate(capacity: Self.textCapacity)
    }

    deinit {
        scratch.deallocate()
        text.deallocate()
    }

    func write(environment: ClockSketchData, display: DisplayData) throws {
        try xml.startDocument()
        switch variant {
        case .clock: try xml.startElement("ClockSketchXMLFile")
        case .maze: try xml.startElement("MazeSketchXMLFile")
        case .symbolDigit: try xml.startElement("SymbolDigitSketchXMLFile")
        case .trails: try xml.startElement("TrailsSketchXMLFile")
        }
        try writeClockSketchData(environment)
        try writeTaskData()
        try writeDisplayData(display)
        try writePenData()
        // Motion samples are written per step under TaskData; the element stays for parsers.
        try xml.startElement("MotionData")
        try xml.endElement()
        try xml.endElement()
        try xml.finish()
    }

    // MARK: Attributes

    private func number(_ name: StaticString, _ value: Double, decimals: Int = 4) throws {
        _ = DecimalFormat.write(value, decimals: decimals, to: scratch)
        try xml.attribute(name, nulTerminated: scratch)
    }

    private func integer(_ name: StaticString, _ value: Int64) throws {
        _ = DecimalFormat.write(value, to: scratch)
        try xml.attribute(name, nulTerminated: scratch)
    }

    private func timestamp(_ unixMilliseconds: Double) throws {
        try integer("timestamp", ADFNumbers.timestamp(unixMilliseconds))
    }

    private func string(_ name: StaticString, _ value: String) throws {
        try xml.attribute(name, XMLText.filtered(value))
    }

    // MARK: ClockSketchData

    private func fact(_ name: StaticString, _ value: String?) throws {
        guard let value else { return }
        try xml.startElement(name)
        try string("value", value)
        try xml.endElement()
    }

    /// An element `<name value="…"/>`, or nothing when the value is absent; `DisplayData`'s settings, always
    /// present, are written the same way.
    private func fact(_ name: StaticString, _ value: Double?) throws {
        guard let value else { return }
        try xml.startElement(name)
        try number("value", value)
        try xml.endElement()
    }

    private func writeClockSketchData(_ data: ClockSketchData) throws {
        try xml.startElement("ClockSketchData")
        try fact("DeviceSystemName", data.deviceSystemName)
        try fact("DeviceSystemVersion", data.deviceSystemVersion)
        try fact("DeviceID", data.deviceID)
        try fact("DeviceModel", data.deviceModel)
        try fact("DeviceModelIdentifier", data.deviceModelIdentifier)
        try fact("DeviceName", data.deviceName)
        try fact("PencilID", data.pencilID)
        try fact("BatteryLevel", data.batteryLevel)
        try fact("CanvasWidth", data.canvasWidth)
        try fact("CanvasHeight", data.canvasHeight)
        if let doctor = data.doctor {
            try xml.startElement("Doctor")
            try string("firstlast", doctor)
            try xml.endElement()
        }
        try xml.startElement("OriginalOrigin")
        try number("x", data.originalOrigin.x)
        try number("y", data.originalOrigin.y)
        try xml.endElement()
        try fact("PatientEncodedID", data.patientEncodedID)
        try fact("LocalPatientEncodedID", data.localPatientEncodedID)
        try xml.endElement()
    }

    // MARK: TaskData

    private func mark(_ mark: StepMark) throws {
        if let brightness = mark.brightness { try number("brightness", brightness) }
        try timestamp(mark.unixMilliseconds)
        if let volume = mark.volume { try number("volume", volume) }
    }

    private func writeTaskData() throws {
        try xml.startElement("TaskData")
        for step in steps {
            try xml.startElement("Step")
            try string("identifier", step.identifier)
            try xml.startElement("Start")
            try mark(step.start)
            if let instructions = step.start.instructions {
                try integer("instructionsShown", ADFNumbers.timestamp(instructions.shownUnixMilliseconds))
                if let spoken = instructions.spokenUnixMilliseconds {
                    try integer("instructionsSpoken", ADFNumbers.timestamp(spoken))
                } else {
                    try string("instructionsNotSpoken", instructions.notSpoken ?? "")
                }
                try integer("firstTouch", ADFNumbers.timestamp(instructions.firstTouchUnixMilliseconds))
            }
            if let clockTime = step.start.clockTime { try string("clockTime", clockTime.attribute) }
            try xml.endElement()
            if let end = step.end {
                try xml.startElement("End")
                try mark(end)
                if end.journalEnded { try string("journalEnded", "true") }
                // The participant's own finish is the default, so their files stay as they were.
                if end.outcome != .finished { try string("outcome", end.outcome.rawValue) }
                try xml.endElement()
            }
            try motion.forEach(in: step.firstMotion..<step.firstMotion + step.motionCount) {
                sample in
                try xml.startElement("Motion")
                try timestamp(sample.unixMilliseconds)
                try xml.startElement("Attitude")
                try number("pitch", sample.pitch)
                try number("roll", sample.roll)
                try number("yaw", sample.yaw)
                try xml.endElement()
                try xml.startElement("Acceleration")
                try number("x", sample.accelerationX)
                try number("y", sample.accelerationY)
                try number("z", sample.accelerationZ)
                try xml.endElement()
                try xml.endElement()
            }
            // The maze and symbol-digit tests always report their interruptions, even none.
            if variant != .clock || !step.interruptions.isEmpty {
                try xml.startElement("Interruptions")
                for interruption in step.interruptions {
                    try xml.startElement("Pause")
                    try timestamp(interruption.unixMilliseconds)
                    try string("type", interruption.type)
                    try xml.endElement()
                }
                try xml.endElement()
            }
            if let trail = step.trail { try writeTrail(trail) }
            try xml.endElement()
        }
        try xml.endElement()
    }

    /// A trail making step's `Trail` element (docs/adf-trails.md); attributes in alphabetical
    /// order, as everywhere in the file.
    private func writeTrail(_ trail: TrailRecord) throws {
        try xml.startElement("Trail")
        try number("circleRadius", trail.circleRadius)
        try integer("circlesConnected", Int64(trail.circlesConnected))
        try string("layout", trail.layout)
        try string("outcome", trail.outcome.rawValue)
        for circle in trail.circles {
            try xml.startElement("Circle")
            try string("kind", circle.kind.rawValue)
            try string("label", circle.label)
            try integer("order", Int64(circle.order))
            try number("x", circle.x)
            try number("y", circle.y)
            try xml.endElement()
        }
        for arrival in trail.arrivals {
            try xml.startElement("Arrival")
            try integer("circle", Int64(arrival.circle))
            try timestamp(arrival.unixMilliseconds)
            try xml.endElement()
        }
        for error in trail.errors {
            try xml.startElement("Error")
            try string("class", error.errorClass.rawValue)
            if let corrected = error.correctedUnixMilliseconds {
                try integer("corrected", ADFNumbers.timestamp(corrected))
            }
            try integer("expected", Int64(error.expectedCircle))
            try timestamp(error.unixMilliseconds)
            try integer("wrong", Int64(error.wrongCircle))
            try xml.endElement()
        }
        for prompt in trail.prompts {
            try xml.startElement("Prompt")
            try integer("circle", Int64(prompt.fromCircle))
            try timestamp(prompt.unixMilliseconds)
            try xml.endElement()
        }
        try xml.endElement()
    }

    // MARK: DisplayData

    private func writeDisplayData(_ display: DisplayData) throws {
        try xml.startElement("DisplayData")
        try fact("PixelsPerInch", display.pixelsPerInch)
        try fact("ScreenScalingFactor", display.screenScalingFactor)
        try fact("PointsPerInch", display.pointsPerInch)
        if let sizes = display.symbolDigit {
            try xml.startElement("SymbolDigit")
            try fact("BorderWidth", sizes.borderWidth)
            try fact("InnerCellHeight", sizes.innerCellHeight)
            try fact("InnerCellWidth", sizes.innerCellWidth)
            try fact("RowVerticalMargin", sizes.rowVerticalMargin)
            try fact("SampleBorderWidth", sizes.sampleBorderWidth)
            try fact("SampleLabelRightMargin", sizes.sampleLabelRightMargin)
            try fact("StopSignHeight", sizes.stopSignHeight)
            try xml.endElement()
        }
        try xml.endElement()
    }

    // MARK: PenData

    private func writePenData() throws {
        try xml.startElement("PenData")
        // `index`/`label` count strokes from 1 across the whole test.
        var strokeNumber: Int64 = 0
        for step in steps {
            let stepStrokes = strokes[step.firstStroke..<step.firstStroke + step.strokeCount]
            try xml.startElement("drawing")
            if variant == .symbolDigit, let tags = step.drawingTags {
                try xml.attribute("type", "SYMBOLDIGIT")
                try string("setID", tags.setID)
                try string("structureID", tags.structureID)
            }
            if variant == .clock {
                try xml.startElement("symbol")
                try xml.attribute("label", "")
                try xml.attribute("type", "UNCLASSIFIED")
            } else {
                try xml.startElement("strokes")
            }
            for stroke in stepStrokes {
                strokeNumber += 1
                try writeStroke(stroke, number: strokeNumber)
            }
            try xml.endElement()
            try writeRawData(stepStrokes)
            try xml.startElement("MazeFeatures")
            try xml.endElement()
            try xml.endElement()
        }
        try xml.endElement()
    }

    private func writeStroke(_ stroke: RecordedStroke, number: Int64) throws {
        try xml.startElement("stroke")
        try integer("index", number)
        try integer("label", number)
        try points.forEach(in: stroke.firstPoint..<stroke.firstPoint + stroke.pointCount) {
            point in
            try xml.startElement("point")
            // Only where a value is absent, so a file of a pen that measures everything is unchanged.
            if !point.absent.isEmpty { try xml.attribute("absent", point.absent.attributeText) }
            try self.number("altitude", point.altitude)
            try self.number("azimuth", point.azimuth)
            try integer("pressure", ADFNumbers.pressure(point.force))
            try timestamp(point.unixMilliseconds)
            try self.number("x", point.x)
            try self.number("y", point.y)
            try xml.endElement()
        }
        try xml.endElement()
    }

    // MARK: RawData

    /// Writes a drawing's strokes in the RawData line format.
    ///
    /// Every line ends with "\n", the last one too, and the text starts right after the start
    /// tag, exactly as the block in adf.md. `StrokeID` counts from 0 within the drawing (each
    /// drawing's RawData is a self-contained stroke list); the same stroke's ADF `index` is
    /// its number across the test, counted from 1. `StartTime` is the unrounded time of the
    /// stroke's first sample (the time a viewer adds the dts to), or its pen-down time if it
    /// has none.
    private func writeRawData(_ drawingStrokes: ArraySlice<RecordedStroke>) throws {
        try xml.startElement("RawData")
        textLength = 0
        try append("Number of strokes: ")
        appendInteger(Int64(drawingStrokes.count))
        try append("\n")
        for (strokeID, stroke) in drawingStrokes.enumerated() {
            var previousTime: Double? = nil
            func header(_ startTime: Double) throws {
                try append("StrokeID: ")
                appendInteger(Int64(strokeID))
                try append("\nNumber of samples: ")
                appendInteger(Int64(stroke.pointCount))
                try append("\nColor: 0 0 255\nStartTime: ")
                appendDecimal(startTime, decimals: 1)
                try append("\n")
            }
            if stroke.pointCount == 0 { try header(stroke.beginTime) }
            try points.forEach(in: stroke.firstPoint..<stroke.firstPoint + stroke.pointCount) {
                point in
                let dt: Int64
                if let previousTime {
                    dt = ADFNumbers.millisecondsBetween(previousTime, point.unixMilliseconds)
                } else {
                    try header(point.unixMilliseconds)
                    dt = 0
                }
                previousTime = point.unixMilliseconds
                try reserveLine()
                appendDecimal(point.x, decimals: 4)
                appendByte(UInt8(ascii: " "))
                appendDecimal(point.y, decimals: 4)
                appendByte(UInt8(ascii: " "))
                appendInteger(dt)
                appendByte(UInt8(ascii: " "))
                appendDecimal(ADFNumbers.rawPressure(point.force), decimals: 4)
                appendByte(UInt8(ascii: "\n"))
            }
        }
        try flushText()
        try xml.endElement()
    }

    /// The longest line: three numbers of up to `scratchCapacity` bytes, an integer, spaces.
    private static let longestLine = 4 * DecimalFormat.scratchCapacity

    private func reserveLine() throws {
        if textLength + Self.longestLine >= Self.textCapacity { try flushText() }
    }

    private func flushText() throws {
        guard textLength > 0 else { return }
        text[textLength] = 0
        try xml.text(nulTerminated: text)
        textLength = 0
    }

    private func append(_ literal: StaticString) throws {
        try reserveLine()
        literal.withUTF8Buffer { bytes in
            (text + textLength).update(from: bytes.baseAddress!, count: bytes.count)
            textLength += bytes.count
        }
    }

    private func appendByte(_ byte: UInt8) {
        text[textLength] = byte
        textLength += 1
    }

    private func appendInteger(_ value: Int64) {
        textLength += DecimalFormat.write(value, to: text + textLength)
    }

    private func appendDecimal(_ value: Double, decimals: Int) {
        textLength += DecimalFormat.write(value, decimals: decimals, to: text + textLength)
    }
}
