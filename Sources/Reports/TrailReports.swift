import ADF
import Foundation
public import Proctoring
public import StylusGeometry

/// What `calibrate print-trails` prints: a page per trail making layout, its form's size and place.
public struct PrintTrailsReport: CommandReport {
    public struct TrailPage: Encodable, Sendable {
        /// The page number, from 1.
        public var page: Int
        /// The layout's name (`standard-A`).
        public var layout: String
        /// `sampleA`, `A`, `sampleB` or `B`.
        public var part: String
        public var circles: Int
        /// The form's size (two decimals).
        public var form: Centimetres
        /// The form's top-left corner on the page (two decimals).
        public var origin: FormPoint
    }

    public var out: String
    public var page: Centimetres
    public var pages: [TrailPage]

    /// The report of `layouts` printed on pages of `page` size, each form centred.
    public init(out: String, page: FormSize, layouts: [(layout: TrailLayout, origin: FormPosition)]) {
        self.out = out
        self.page = Centimetres(page)
        pages = layouts.enumerated().map { index, entry in
            TrailPage(
                page: index + 1, layout: entry.layout.name, part: entry.layout.part.rawValue,
                circles: entry.layout.circles.count,
                form: Centimetres(entry.layout.formSize),
                origin: FormPoint(entry.origin))
        }
    }

    public var text: String {
        let lines = pages.map {
            "  page \($0.page): \($0.layout) (part \($0.part), \($0.circles) circles), \(fixed($0.form.width, 2)) x "
                + "\(fixed($0.form.height, 2)) cm at (\(fixed($0.origin.x, 2)), \(fixed($0.origin.y, 2))) cm"
        }
        return
            ([
                "\(out): \(counted(pages.count, "trail making form")) on \(fixed(page.width, 2)) x \(fixed(page.height, 2)) cm pages"
            ] + lines).joined(separator: "\n")
    }
}

/// What `trails generate` prints: the two layout files of the form it made, and their paths' lengths.
public struct TrailsGenerateReport: CommandReport {
    public struct LayoutFile: Encodable, Sendable {
        public var path: String
        public var layout: String
        public var part: String
        /// The straight path from Begin through every circle, in cm (two decimals).
        @Decimals<2, Double> public var straightPathCentimetres: Double

        enum CodingKeys: CodingKey { case path, layout, part, straightPathCentimetres }
    }

    public var seed: UInt64
    public var files: [LayoutFile]

    public init(seed: UInt64, files: [(path: String, layout: TrailLayout)]) {
        self.seed = seed
        self.files = files.map {
            LayoutFile(
                path: $0.path, layout: $0.layout.name, part: $0.layout.part.rawValue,
                straightPathCentimetres: $0.layout.straightPathCentimetres)
        }
    }

    public var text: String {
        (["trail making form from seed \(seed):"]
            + files.map {
                "  \($0.path): \($0.layout), part \($0.part), straight path \(fixed($0.straightPathCentimetres, 2)) cm"
            })
            .joined(separator: "\n")
    }
}
