import Foundation
import StylusGeometry
public import VisitReport
import Visits

/// What `report` prints: the PDF written and where each test went on its pages.
public struct VisitReportSummary: CommandReport {
    /// A box on a page in cm, two decimals.
    public struct Box: Encodable, Sendable {
        var box: ReportBox

        enum CodingKeys: CodingKey { case x, y, width, height }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rounded(box.x, 2), forKey: .x)
            try container.encode(rounded(box.y, 2), forKey: .y)
            try container.encode(rounded(box.width, 2), forKey: .width)
            try container.encode(rounded(box.height, 2), forKey: .height)
        }
    }

    /// One step's picture: its step, label, page, box and scale.
    public struct Picture: Encodable, Sendable {
        var picture: StepPicture

        enum CodingKeys: CodingKey { case number, step, label, page, box, scale }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(picture.number, forKey: .number)
            try container.encode(picture.step, forKey: .step)
            try container.encode(picture.label, forKey: .label)
            try container.encode(picture.page, forKey: .page)
            try container.encode(Box(box: picture.box), forKey: .box)
            try container.encode(picture.scale.rounded(toDecimals: 2), forKey: .scale)
        }
    }

    /// One test's place in the report.
    public struct Test: Encodable, Sendable {
        var index: Int
        var test: String
        var status: String
        var page: Int
        var block: Box
        var picture: Box?
        var measures: Box?
        @Decimals<2, Double?> var scale: Double? = nil
        var form: Centimetres?
        var window: Box?
        var outOfRange: [String]
        var steps: [Picture]

        enum CodingKeys: CodingKey {
            case index, test, status, page, block, picture, measures, scale, form, window, outOfRange, steps
        }
    }

    public var out: String
    public var participant: String
    public var paper: String
    public var pages: Int
    public var patientShown: Bool
    public var tests: [Test]

    public init(out: String, content: VisitReportContent, layout: VisitReportLayout) {
        self.out = out
        participant = content.manifest.participant
        paper = layout.paper.rawValue
        pages = layout.pages.count
        patientShown = content.patient != nil
        tests = layout.placements.map { placement in
            Test(
                index: placement.index, test: placement.test, status: placement.status, page: placement.page,
                block: Box(box: placement.block), picture: placement.picture.map { Box(box: $0) },
                measures: placement.measures.map { Box(box: $0) }, scale: placement.scale,
                form: placement.form.map { Centimetres($0) },
                window: placement.window.map { Box(box: $0) },
                outOfRange: placement.outOfRange, steps: placement.stepPictures.map { Picture(picture: $0) })
        }
    }

    enum CodingKeys: CodingKey { case out, participant, paper, pages, patientShown, tests }

    public var text: String {
        var lines = [
            "\(out): visit report of participant \(participant), \(pages) page\(pages == 1 ? "" : "s") (\(paper))"
        ]
        for test in tests {
            var line = "  \(test.index). \(test.test): \(test.status), page \(test.page)"
            if let scale = test.scale { line += ", pictures at 1:\(String(format: "%g", scale))" }
            let legible = test.steps.filter { $0.picture.page != test.page }
            if let first = legible.first {
                line += ", each step at 1:\(String(format: "%g", first.picture.scale)) from page \(first.picture.page)"
            }
            if !test.outOfRange.isEmpty { line += ", outside range: " + test.outOfRange.joined(separator: ", ") }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
