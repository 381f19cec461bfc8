import ADF
public import FormPrinting
import Foundation
import PatientData
import Proctoring
import Rendering
import Sessions
public import StylusGeometry
import Visits

/// The paper a report is printed on, portrait.
public enum ReportPaper: String, Sendable, CaseIterable {
    case a4, letter

    /// Its size in cm.
    public var size: FormSize {
        switch self {
        case .a4: FormSize(widthCentimetres: 21, heightCentimetres: 29.7)
        case .letter: FormSize(widthCentimetres: 21.59, heightCentimetres: 27.94)
        }
    }
}

/// A rectangle on a report's page, in cm from the page's top-left corner.
public struct ReportBox: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// Where one test of the visit went on the report: its page and the boxes the layout gave it.
public struct TestPlacement: Hashable, Sendable {
    public var index: Int
    public var test: String
    public var status: String
    /// From 1.
    public var page: Int
    /// The whole of the test's part of the page: its title, status, picture and measures.
    public var block: ReportBox
    /// The box the pictures of its steps are drawn in; nil for a test without results.
    public var picture: ReportBox?
    /// The box of its measures, interruptions and reading times; nil for a test without results.
    public var measures: ReportBox?
    /// The pictures are drawn at 1:`scale` (1 cm on paper is `scale` cm on the form); nil without a picture.
    public var scale: Double?
    /// One step's form in cm (at full size); nil without a picture.
    public var form: FormSize?
    /// The part of the form each step's picture shows, in form cm; nil without a picture.
    public var window: ReportBox?
    /// The measures outside their normative range (`features` columns).
    public var outOfRange: [String]
    /// Every picture of a step, labelled with its step: the block's, and a symbol-digit test's
    /// legible ones on the pages after the visit's tests.
    public var stepPictures: [StepPicture] = []
}

/// One step's picture on the report: which step, its label, where, at which scale.
public struct StepPicture: Hashable, Sendable {
    /// The step's position in the test, from 1.
    public var number: Int
    /// The step's TaskData identifier (`symbolDigitStep-test`).
    public var step: String
    /// The label printed above the picture: `Step 1: test`.
    public var label: String
    /// From 1.
    public var page: Int
    /// The picture (the window onto the form, at `scale`), in cm on the page; its label is above it.
    public var box: ReportBox
    /// 1:`scale`.
    public var scale: Double
}

/// A visit report laid out: its pages, ready to print, and where each test went.
///
/// Page 1 begins with the visit's facts (participant, protocol, device, calibration, software);
/// then each test in protocol order takes a block: a title and status line, the pictures of its
/// steps at a stated scale (vector ink, not a screenshot) on the left, its measures, their ranges,
/// its interruptions and reading times on the right. A test without results (skipped, not taken)
/// takes only its title and status line. A block that does not fit goes to the next page.
public struct VisitReportLayout: Sendable {
    public var paper: ReportPaper
    public private(set) var pages: [PageDrawing] = []
    public private(set) var placements: [TestPlacement] = []

    static let margin = 1.5
    /// The height of a test block with pictures, and of one without.
    /// The height of a test block with pictures: at most this, and down to the least when that
    /// brings the whole visit onto the first page.
    static let pictureBlockHeight = 6.8
    static let leastPictureBlockHeight = 5.6
    static let statusBlockHeight = 1.4
    /// The picture box's width; the measures take the rest of the line.
    static let pictureWidth = 9.2
    static let gap = 0.5
    static let textSize = 0.26
    static let lineHeight = 0.36
    /// About the width of one character of the text at `textSize` (sans-serif), to wrap lines.
    static let characterWidth = 0.145
    /// The scales a picture may be drawn at, 1:n, the largest that fits chosen.
    static let scales: [Double] = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 75, 100]
    static let grey = PrintColour(red: 0.55, green: 0.55, blue: 0.55)
    /// What needs a clinician's eye (a test not done, a value out of range) is in capitals and black:
    /// it reads the same from a black-and-white printer, and no colour is confused with the ink's.
    static let alert = PrintColour.black

    /// Lays out `content` on `paper`.
    public init(_ content: VisitReportContent, paper: ReportPaper) {
        self.paper = paper
        let size = paper.size
        var page = PageDrawing(size: size)
        var y = header(content, on: &page)
        let bottom = size.heightCentimetres - Self.margin - 0.6
        let withPictures = content.tests.count { $0.document != nil }
        let statusOnly = Double(content.tests.count - withPictures) * Self.statusBlockHeight
        let fitting = withPictures == 0 ? Self.pictureBlockHeight : (bottom - y - statusOnly) / Double(withPictures)
        let pictureHeight = min(Self.pictureBlockHeight, max(Self.leastPictureBlockHeight, fitting))
        for test in content.tests {
            let hasPicture = test.document != nil
            let height = hasPicture ? pictureHeight : Self.statusBlockHeight
            if y + height > bottom {
                pages.append(page)
                page = PageDrawing(size: size)
                page.marks.append(
                    .text(
                        "Visit report, participant \(content.manifest.participant) (continued)",
                        at: FormPosition(xCentimetres: Self.margin, yCentimetres: Self.margin + 0.3),
                        sizeCentimetres: 0.3, colour: .black))
                y = Self.margin + 0.8
            }
            let block = ReportBox(x: Self.margin, y: y, width: size.widthCentimetres - 2 * Self.margin, height: height)
            placements.append(draw(test, in: block, page: pages.count + 1, on: &page, hasRanges: content.hasRanges))
            y += height
        }
        pages.append(page)
        // A symbol-digit form at the blocks' scale (1:10 on a large tablet) has digits no one can
        // read, nor a trail making form its circles' labels and errors: their steps follow on pages
        // of their own, at 1:2 or larger.
        for (index, test) in content.tests.enumerated() where test.entry.test == "sdt" || test.entry.test == "trails" {
            guard let document = test.document, !document.steps.isEmpty else { continue }
            var placement = placements[index]
            drawLegible(test, document: document, placement: &placement, participant: content.manifest.participant)
            placements[index] = placement
        }
        for placement in placements {
            guard let caption = Self.caption(placement) else { continue }
            pages[placement.page - 1].marks.append(caption)
        }
        let software = "\(content.manifest.software.name) \(content.manifest.software.version)"
        for number in pages.indices {
            pages[number].marks.append(
                .text(
                    "Page \(number + 1) of \(pages.count) · participant \(content.manifest.participant) · \(software)",
                    at: FormPosition(
                        xCentimetres: Self.margin, yCentimetres: size.heightCentimetres - Self.margin + 0.2),
                    sizeCentimetres: 0.22, colour: Self.grey))
        }
    }

    /// Writes the visit's facts at the top of the first page; returns where the tests begin.
    func header(_ content: VisitReportContent, on page: inout PageDrawing) -> Double {
        let manifest = content.manifest
        var y = Self.margin + 0.5
        // A fact longer than the page is wide (three profiles' names and checksums) goes on over lines of its own.
        let characters = Int((paper.size.widthCentimetres - 2 * Self.margin) / 0.155)
        func line(_ text: String, size: Double = 0.28, step: Double = 0.45, colour: PrintColour = .black) {
            for part in size <= 0.28 ? Self.wrap(text, width: characters) : [text] {
                page.marks.append(
                    .text(
                        part, at: FormPosition(xCentimetres: Self.margin, yCentimetres: y), sizeCentimetres: size,
                        colour: colour))
                y += step
            }
        }
        line("StylusKit visit report", size: 0.5, step: 0.75)
        line("Participant: \(manifest.participant)", size: 0.4, step: 0.6)
        if let patient = content.patient {
            line("Patient: \(patient.lastName), \(patient.firstName) · born \(patient.birthday)")
        } else if content.keyGiven {
            line("No patient details are stored in this visit's results files.", colour: Self.grey)
        } else {
            line("Patient details are not shown (give --clinician-key to show them).", colour: Self.grey)
        }
        let status: String =
            switch manifest.status {
            case .inProgress: "IN-PROGRESS (not finished)"
            case .complete: "complete"
            case .stopped: "STOPPED (by a signal)"
            case .aborted: "ABORTED (by the operator)"
            }
        line(
            "Visit: \(manifest.protocol.title) (protocol \(manifest.protocol.name)) · began \(VisitReportContent.localTime(manifest.started))"
                + (manifest.finished.map { " · ended \(VisitReportContent.localTime($0))" } ?? "") + " · \(status)")
        if let device = manifest.device {
            line(
                "Device: \(device.model ?? device.name) (\(device.vendor):\(device.product), "
                    + "\(device.penDisplay ? "pen display" : "tablet"), \(device.node))")
        } else {
            line("Device: not recorded (no test opened a tablet)")
        }
        func facts(_ name: String, _ file: VisitManifest.FileFacts?) -> String {
            guard let file else { return "\(name) none" }
            return "\(name) \((file.file as NSString).lastPathComponent) (sha256 \(file.sha256.prefix(12)))"
        }
        let calibration = manifest.calibration
        line(
            "Calibration: "
                + [
                    facts("settings", calibration.settings), facts("tablet profile", calibration.tabletProfile),
                    facts("display profile", calibration.displayProfile),
                ].joined(separator: " · "))
        line("Software: \(manifest.software.name) \(manifest.software.version)")
        page.marks.append(
            .line(
                from: FormPosition(xCentimetres: Self.margin, yCentimetres: y - 0.15),
                to: FormPosition(xCentimetres: paper.size.widthCentimetres - Self.margin, yCentimetres: y - 0.15),
                widthCentimetres: 0.02,
                colour: Self.grey))
        return y + 0.1
    }

    /// Draws `test` in `block`; returns where its parts went.
    func draw(_ test: ReportedTest, in block: ReportBox, page number: Int, on page: inout PageDrawing, hasRanges: Bool)
        -> TestPlacement
    {
        var placement = TestPlacement(
            index: test.entry.index, test: test.entry.test, status: test.entry.status.rawValue, page: number,
            block: block, picture: nil,
            measures: nil, scale: nil, form: nil, window: nil, outOfRange: [])
        page.marks.append(
            .text(
                "\(test.entry.index). \(test.name): \(test.statusLine)",
                at: FormPosition(xCentimetres: block.x, yCentimetres: block.y + 0.5), sizeCentimetres: 0.34,
                colour: Self.alert))
        page.marks.append(
            .line(
                from: FormPosition(xCentimetres: block.x, yCentimetres: block.y + block.height - 0.15),
                to: FormPosition(xCentimetres: block.x + block.width, yCentimetres: block.y + block.height - 0.15),
                widthCentimetres: 0.01, colour: Self.grey))
        guard let document = test.document, !document.steps.isEmpty else {
            if test.entry.status == .skipped || test.document != nil {
                page.marks.append(
                    .text(
                        test.document == nil ? "No results: nothing was drawn." : "The results file has no steps.",
                        at: FormPosition(xCentimetres: block.x + 0.4, yCentimetres: block.y + 0.95),
                        sizeCentimetres: Self.textSize,
                        colour: Self.grey))
            }
            return placement
        }
        let picture = ReportBox(
            x: block.x, y: block.y + 0.8, width: Self.pictureWidth, height: block.height - 0.8 - 0.75)
        let measures = ReportBox(
            x: block.x + Self.pictureWidth + Self.gap, y: block.y + 0.8,
            width: block.width - Self.pictureWidth - Self.gap,
            height: block.height - 1.0)
        placement.picture = picture
        placement.measures = measures
        let forms = StepForm.forms(of: document, mazes: test.mazes.map(\.maze))
        let results = ResultsPicture(document: document, forms: forms, options: PictureOptions(showsLegend: false))
        let (scale, window, boxes) = drawPictures(results, in: picture, on: &page)
        placement.scale = scale
        placement.form = results.formSize
        placement.window = window
        placement.stepPictures = boxes.enumerated().map { index, box in
            let identifier = document.steps[index].identifier
            return StepPicture(
                number: index + 1, step: identifier, label: Self.stepLabel(number: index + 1, identifier: identifier),
                page: number,
                box: box, scale: scale)
        }
        placement.outOfRange = drawMeasures(test, in: measures, on: &page, hasRanges: hasRanges)
        return placement
    }

    static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(format: "%g", scale)
    }

    /// Draws each step's page of `results` in a grid in `box`, all at the largest listed scale that fits; returns it
    /// (1:n).
    ///
    /// A tablet's whole form is mostly empty (a 27-inch pen display's is 60 cm wide), so each step
    /// shows the same window onto its form: everything the forms and the ink of the test's steps
    /// cover, with a margin. A grey outline is the window's edge.
    func drawPictures(_ results: ResultsPicture, in box: ReportBox, on page: inout PageDrawing) -> (
        scale: Double, window: ReportBox, boxes: [ReportBox]
    ) {
        let steps = results.document.steps.count
        let window = Self.window(results)
        let spacing = 0.25
        var best = (columns: 1, reduction: Double.infinity)
        for columns in 1...steps {
            let rows = (steps + columns - 1) / columns
            let across = (box.width - Double(columns - 1) * spacing) / (Double(columns) * window.width)
            let down =
                (box.height - Double(rows) * Self.labelHeight - Double(rows - 1) * spacing)
                / (Double(rows) * window.height)
            let reduction = 1 / min(across, down)
            if reduction < best.reduction { best = (columns, reduction) }
        }
        let scale = Self.scales.first { $0 >= best.reduction } ?? best.reduction
        var boxes: [ReportBox] = []
        for index in 0..<steps {
            let x = box.x + Double(index % best.columns) * (window.width / scale + spacing)
            let y =
                box.y + Double(index / best.columns) * (Self.labelHeight + window.height / scale + spacing)
                + Self.labelHeight
            let identifier = results.document.steps[index].identifier
            boxes.append(ReportBox(x: x, y: y, width: window.width / scale, height: window.height / scale))
            page.marks.append(
                .text(
                    Self.stepLabel(number: index + 1, identifier: identifier),
                    at: FormPosition(xCentimetres: x, yCentimetres: y - 0.08),
                    sizeCentimetres: 0.2, colour: .black))
            drawStep(results, index, window: window, scale: scale, at: x, y, on: &page)
        }
        return (scale, window, boxes)
    }

    /// Draws step `index` of `results`, the part `window` of its form, at 1:`scale` with its top-left corner at `x`,
    /// `y`.
    func drawStep(
        _ results: ResultsPicture, _ index: Int, window: ReportBox, scale: Double, at x: Double, _ y: Double,
        on page: inout PageDrawing
    ) {
        var step = results.page(step: index)
        let corners = [
            (window.x, window.y), (window.x + window.width, window.y),
            (window.x + window.width, window.y + window.height),
            (window.x, window.y + window.height),
        ].map { FormPosition(xCentimetres: $0.0, yCentimetres: $0.1) }
        step.marks.insert(.polyline(corners, closed: true, widthCentimetres: 0, colour: Self.grey), at: 0)
        page.marks += step.marks(
            scaledBy: 1 / scale, offsetBy: x - window.x / scale, y - window.y / scale, minimumWidthCentimetres: 0.02)
    }

    /// The height of the label above each step's picture.
    static let labelHeight = 0.3
    /// The scales a symbol-digit step is drawn at on its own pages, where its digits can be read.
    static let legibleScales: [Double] = [1, 1.25, 1.5, 2]

    /// A step's label: `Step 1: command`, `Step 1: detour` (a maze by its name), `Step 4: delayed
    /// recall (round 2)`, `Step 2: part A`: the identifier after its kind, a symbol-digit or trail
    /// making part in words.
    static func stepLabel(number: Int, identifier: String) -> String {
        var name = identifier.split(separator: "-", maxSplits: 1).dropFirst().first.map(String.init) ?? identifier
        if identifier.hasPrefix("symbolDigitStep-") {
            var round = ""
            if let dash = name.lastIndex(of: "-"), let number = Int(name[name.index(after: dash)...]) {
                round = " (round \(number))"
                name = String(name[..<dash])
            }
            name = name.map { $0.isUppercase ? " " + $0.lowercased() : String($0) }.joined() + round
        }
        // A trail making step by its part as examiners name it: `sample A`, `part B`.
        if identifier.hasPrefix("trailsStep-") {
            if name == "A" || name == "B" { name = "part " + name }
            if name.hasPrefix("sample") { name = "sample " + name.dropFirst("sample".count) }
        }
        return "Step \(number): \(name)"
    }

    /// The line under a block's pictures: their scale, what they show, and where the legible ones are.
    static func caption(_ placement: TestPlacement) -> PageMark? {
        guard let scale = placement.scale, let picture = placement.picture else { return nil }
        let steps = placement.stepPictures.filter {
            $0.page == placement.page && $0.box.y < placement.block.y + placement.block.height
        }
        var text =
            "\(steps.count) step\(steps.count == 1 ? "" : "s") drawn at 1:\(scaleText(scale)) "
            + "(1 cm here is \(scaleText(scale)) cm on the form), the part of the form used; ink blue at a step's start to red at its end"
        let legible = placement.stepPictures.dropFirst(steps.count)
        if let first = legible.first, let last = legible.last {
            let pages = first.page == last.page ? "page \(first.page)" : "pages \(first.page)-\(last.page)"
            text += "; each step at 1:\(scaleText(first.scale)) on \(pages)"
        }
        return .text(
            text, at: FormPosition(xCentimetres: picture.x, yCentimetres: picture.y + picture.height + 0.45),
            sizeCentimetres: 0.2,
            colour: grey)
    }

    /// Draws each step of a symbol-digit `test` on pages after the visit's tests, one below the
    /// other, at the largest of `legibleScales` its window fits across the page at (a window wider
    /// than that, from ink far off the form, at the largest listed scale that fits).
    mutating func drawLegible(
        _ test: ReportedTest, document: ADFDocument, placement: inout TestPlacement, participant: String
    ) {
        let size = paper.size
        let width = size.widthCentimetres - 2 * Self.margin
        let top = Self.margin + 1.3
        let bottom = size.heightCentimetres - Self.margin - 0.6
        let forms = StepForm.forms(of: document, mazes: [])
        let results = ResultsPicture(document: document, forms: forms, options: PictureOptions(showsLegend: false))
        let window = Self.window(results)
        let fits = { (scale: Double) in
            window.width / scale <= width && window.height / scale + Self.labelHeight <= bottom - top
        }
        let scale =
            Self.legibleScales.first(where: fits) ?? Self.scales.first(where: fits)
            ?? Self.scales[Self.scales.count - 1]
        var page = PageDrawing(size: size)
        var y = bottom
        func newPage() {
            if y < bottom || !page.marks.isEmpty { pages.append(page) }
            page = PageDrawing(size: size)
            page.marks.append(
                .text(
                    "Visit report, participant \(participant): \(test.entry.index). \(test.name), each step at 1:\(Self.scaleText(scale)) "
                        + "(1 cm here is \(Self.scaleText(scale)) cm on the form)",
                    at: FormPosition(xCentimetres: Self.margin, yCentimetres: Self.margin + 0.3), sizeCentimetres: 0.3,
                    colour: .black))
            y = top
        }
        for index in document.steps.indices {
            let height = Self.labelHeight + window.height / scale
            if y + height > bottom { newPage() }
            let identifier = document.steps[index].identifier
            let label = Self.stepLabel(number: index + 1, identifier: identifier)
            page.marks.append(
                .text(
                    label, at: FormPosition(xCentimetres: Self.margin, yCentimetres: y + Self.labelHeight - 0.08),
                    sizeCentimetres: 0.26,
                    colour: .black))
            let box = ReportBox(
                x: Self.margin, y: y + Self.labelHeight, width: window.width / scale, height: window.height / scale)
            drawStep(results, index, window: window, scale: scale, at: box.x, box.y, on: &page)
            placement.stepPictures.append(
                StepPicture(
                    number: index + 1, step: identifier, label: label, page: pages.count + 1, box: box, scale: scale))
            y += height + 0.5
        }
        pages.append(page)
    }

    /// The part of the form the pictures of `results` show, in form cm: what its steps' forms and
    /// ink cover, 0.8 cm beyond, within the form; the whole form when there is nothing.
    static func window(_ results: ResultsPicture) -> ReportBox {
        var (left, top, right, bottom) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func cover(_ x: Double, _ y: Double, _ reach: Double = 0) {
            (left, top, right, bottom) = (
                min(left, x - reach), min(top, y - reach), max(right, x + reach), max(bottom, y + reach)
            )
        }
        for form in results.forms {
            for mark in form.marks(on: results.formSize) {
                switch mark {
                case .line(let from, let to, _, _): for p in [from, to] { cover(p.xCentimetres, p.yCentimetres) }
                case .circle(let centre, let radius, _, _), .disc(let centre, let radius, _),
                    .arc(let centre, let radius, _, _, _, _):
                    cover(centre.xCentimetres, centre.yCentimetres, radius)
                case .polygon(let points, _), .path(let points, _, _, _), .polyline(let points, _, _, _):
                    for p in points { cover(p.xCentimetres, p.yCentimetres) }
                case .text(let text, let at, let size, _):
                    cover(at.xCentimetres, at.yCentimetres - size)
                    cover(at.xCentimetres + Double(text.count) * size * 0.6, at.yCentimetres)
                case .centredText(_, let centre, let size, _, _): cover(centre.xCentimetres, centre.yCentimetres, size)
                }
            }
        }
        for step in results.document.steps {
            // A trail making step's circles are the results file's, not a form's.
            if let trail = step.trail {
                for circle in trail.circles {
                    let p = results.formPosition(x: circle.x, y: circle.y)
                    cover(p.xCentimetres, p.yCentimetres, trail.circleRadius * results.centimetresPerPoint)
                }
            }
            for stroke in step.strokes {
                for point in stroke.points {
                    let p = results.formPosition(x: point.x, y: point.y)
                    cover(p.xCentimetres, p.yCentimetres)
                }
            }
        }
        let form = results.formSize
        guard left.isFinite else {
            return ReportBox(x: 0, y: 0, width: form.widthCentimetres, height: form.heightCentimetres)
        }
        let margin = 0.8
        let x = max(0, left - margin)
        let y = max(0, top - margin)
        return ReportBox(
            x: x, y: y, width: max(1, min(form.widthCentimetres, right + margin) - x),
            height: max(1, min(form.heightCentimetres, bottom + margin) - y))
    }

    /// Draws the measures, ranges, interruptions, reading times and notes of `test` in `box`; returns the columns out
    /// of range.
    func drawMeasures(_ test: ReportedTest, in box: ReportBox, on page: inout PageDrawing, hasRanges: Bool) -> [String]
    {
        var y = box.y + 0.3
        var outOfRange: [String] = []
        let bottom = box.y + box.height
        func text(_ string: String, x: Double, colour: PrintColour = .black) {
            page.marks.append(
                .text(
                    string, at: FormPosition(xCentimetres: x, yCentimetres: y), sizeCentimetres: Self.textSize,
                    colour: colour))
        }
        for measure in test.measures where y < bottom {
            text(measure.label, x: box.x)
            // A long label (a measure the ranges file added) has its own line, its value the next.
            if Double(measure.label.count) * Self.characterWidth > 3.6 { y += Self.lineHeight }
            text(
                measure.valueText + (measure.unit.isEmpty || measure.value == nil ? "" : " " + measure.unit),
                x: box.x + 3.7)
            if let range = measure.range, let place = measure.place {
                let ends = Self.rangeText(range)
                text("\(place.words) (\(ends))", x: box.x + 5.4, colour: place == .within ? Self.grey : Self.alert)
                if place != .within { outOfRange.append(measure.column) }
            } else if hasRanges {
                text("no range", x: box.x + 5.4, colour: Self.grey)
            }
            y += Self.lineHeight
        }
        var lines: [(String, PrintColour)] = []
        if let clock = test.clockTime {
            lines.append(("Clock time given: \(clock.timeInWords) (\(clock.timeInDigits))", .black))
        }
        if test.interruptions.isEmpty {
            lines.append(("Interruptions: none", .black))
        } else {
            let shown = test.interruptions.prefix(4).map { interruption in
                "\(interruption.type) (\(interruption.meaning)) at \(String(format: "%.1f", interruption.seconds)) s of step \(interruption.step)"
            }
            let more = test.interruptions.count > 4 ? "; and \(test.interruptions.count - 4) more" : ""
            lines.append(
                ("Interruptions: \(test.interruptions.count): " + shown.joined(separator: "; ") + more, .black))
        }
        if !test.readingTimes.isEmpty {
            let times = test.readingTimes.map { "step \($0.step) \(String(format: "%.1f", $0.seconds)) s" }
            lines.append(("Instructions read in: " + times.joined(separator: ", "), .black))
        }
        for score in test.scores { lines.append((score, .black)) }
        for note in test.notes { lines.append(("Note: " + note, Self.grey)) }
        let perLine = max(20, Int(box.width / Self.characterWidth))
        for (string, colour) in lines {
            for part in Self.wrap(string, width: perLine) where y < bottom {
                text(part, x: box.x, colour: colour)
                y += Self.lineHeight
            }
        }
        return outOfRange
    }

    /// A range's ends as printed: `20–120`, `≤ 2` or `≥ 5`.
    static func rangeText(_ range: NormativeRanges.Range) -> String {
        let low = range.low.map { String(format: "%g", $0) }
        let high = range.high.map { String(format: "%g", $0) }
        switch (low, high) {
        case (let low?, let high?): return "\(low)–\(high)"
        case (let low?, nil): return "≥ \(low)"
        case (nil, let high?): return "≤ \(high)"
        case (nil, nil): return ""
        }
    }

    /// `string` broken at spaces into lines of at most `width` characters.
    static func wrap(_ string: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in string.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = "  " + word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Writes the report's pages to `path` as a PDF; an existing file is replaced only when `force`.
    public func write(to path: String, force: Bool) throws {
        if !force && path != "-" && FileManager.default.fileExists(atPath: path) {
            throw ReportError.outputExists(path: path)
        }
        try PrintedDocument(pages: pages).write(to: path)
    }
}
