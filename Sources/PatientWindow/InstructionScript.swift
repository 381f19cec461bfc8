public import Proctoring
import StylusGeometry
public import StylusInput

/// One part of spoken instructions: a region of the form highlighted (the rest obscured) while its words are spoken.
public struct InstructionSegment: Hashable, Sendable {
    /// The part of the form shown; the rest is covered.
    public var region: FormRectangle
    public var words: String
}

/// Instructions given as a script of segments, one after the other, each lasting as long as its
/// speech (until the speech is made, or when it cannot be, a reading-time estimate of its words).
///
/// Which segment shows is decided from an injected time only: the caller says when the script
/// began and passes the time to ask about; nothing here reads a clock.
public struct InstructionScript: Hashable, Sendable {
    public let segments: [InstructionSegment]
    /// When the first segment was shown.
    public let start: EventTime
    /// Each segment's length once settled: its speech's, or its estimate's when it cannot be spoken.
    public private(set) var settled: [EventDuration?]

    public init(segments: [InstructionSegment], start: EventTime) {
        self.segments = segments
        self.start = start
        settled = Array(repeating: nil, count: segments.count)
    }

    /// How long a patient takes to read `words` unaided: 0.4 s a word (espeak-ng's default voice
    /// speaks about 175 a minute, 0.34 s each) and half a second to take in the region, at least 1.5 s.
    public static func readingEstimate(of words: String) -> EventDuration {
        let count = words.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        return .milliseconds(max(1_500, 500 + Int64(count) * 400))
    }

    /// The length segment `index` has now: settled, else its estimate.
    public func duration(of index: Int) -> EventDuration {
        settled[index] ?? Self.readingEstimate(of: segments[index].words)
    }

    /// When segment `index` begins: after every segment before it.
    public func start(of index: Int) -> EventTime {
        (0..<index).reduce(start) { $0.advanced(by: duration(of: $1)) }
    }

    /// When the last segment ends (with the estimates of those not settled yet).
    public var end: EventTime { start(of: segments.count) }

    /// Whether every segment's length is settled, so `end` will not move.
    public var isSettled: Bool { settled.allSatisfy { $0 != nil } }

    /// Segment `index`'s speech was made at `time` and lasts `speech`. Speech made before its
    /// segment begins is played from the start and sets the segment's length; speech made while its
    /// segment shows is played from `time`, and the segment lasts until it ends; speech made after its
    /// segment ended on the estimate is not played, and the estimate stays (a script never jumps
    /// back under the patient's eyes).
    public mutating func spoken(_ index: Int, lasting speech: EventDuration, at time: EventTime) {
        guard settled[index] == nil else { return }
        let began = start(of: index)
        let estimated = duration(of: index)
        if time >= began.advanced(by: estimated) {
            settled[index] = estimated
        } else {
            settled[index] = time > began ? time.duration(since: began) + speech : speech
        }
    }

    /// Whether segment `index`'s speech, made at `time`, is still to be played (its segment has not ended).
    public func wantsSpeech(_ index: Int, at time: EventTime) -> Bool {
        time < start(of: index).advanced(by: duration(of: index))
    }

    /// Segment `index` cannot be spoken: it lasts its reading-time estimate.
    public mutating func unspoken(_ index: Int) {
        if settled[index] == nil { settled[index] = Self.readingEstimate(of: segments[index].words) }
    }

    /// The segment shown at `time`: nil before the script began and once it is over.
    public func segment(at time: EventTime) -> Int? {
        guard time >= start else { return nil }
        var ends = start
        for index in segments.indices {
            ends = ends.advanced(by: duration(of: index))
            if time < ends { return index }
        }
        return nil
    }

    /// What the patient sees at `time`: the segment's region highlighted, the rest covered, its words
    /// above; nil once the script is over.
    public func view(at time: EventTime) -> PatientView? {
        segment(at: time).map { PatientView(cover: .highlight(segments[$0].region), message: segments[$0].words) }
    }

    /// The symbol-digit instructions of `form`'s part: the legend (or, in the copy part, the digits
    /// printed above the boxes; in delayed recall, where the legend was), then the sample boxes,
    /// then the first row of timed boxes.
    public static func symbolDigit(_ form: SymbolDigitForm) -> [InstructionSegment] {
        let firstRow = form.boxes.filter { $0.row == 0 }
        let samples = firstRow.filter(\.isSample)
        let timed = firstRow.filter { !$0.isSample }
        let first: InstructionSegment
        switch form.step.part {
        case .test:
            first = InstructionSegment(region: legendArea(of: form), words: PatientWords.symbolDigitLegend)
        case .copy:
            first = InstructionSegment(
                region: bounds(firstRow.map(\.promptCell)), words: PatientWords.symbolDigitCopyDigits)
        case .delayedRecall:
            first = InstructionSegment(region: legendArea(of: form), words: PatientWords.symbolDigitRecallLegend)
        }
        let sampleWords =
            form.step.part == .copy ? PatientWords.symbolDigitCopySamples : PatientWords.symbolDigitSamples
        return [
            first,
            InstructionSegment(region: bounds(samples.map(\.box)), words: sampleWords),
            InstructionSegment(region: bounds(timed.map(\.box)), words: PatientWords.symbolDigitFirstRow),
        ]
    }

    /// Where the legend is printed in the test part (and missing from the others): the same place
    /// for every part, as the boxes are.
    private static func legendArea(of form: SymbolDigitForm) -> FormRectangle {
        let test = SymbolDigitForm(
            step: SymbolDigitStep(round: form.step.round, part: .test), displayMode: form.displayMode,
            origin: form.origin)
        return bounds(test.legend.flatMap { [$0.symbolCell, $0.digitCell] })
    }

    /// The smallest rectangle holding all of `rectangles`, grown by the border width so the lines
    /// around them show too.
    private static func bounds(_ rectangles: [FormRectangle]) -> FormRectangle {
        let margin = SymbolDigitForm.Lengths.sampleBorderWidth
        let minX = rectangles.map(\.minX).min() ?? 0
        let minY = rectangles.map(\.minY).min() ?? 0
        let maxX = rectangles.map(\.maxX).max() ?? 0
        let maxY = rectangles.map(\.maxY).max() ?? 0
        return FormRectangle(
            x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}
