public import ADF
public import FormPrinting
import Foundation
public import StylusGeometry

/// Pressure, speed and altitude over time, one line per stroke, for analysis: three panels one
/// above the other on one time axis (seconds from the test's first step start), the
/// interruptions as dashed magenta lines across all three, step starts as grey lines.
public struct AnalysisPlot: Sendable {
    /// One quantity over time.
    public struct Series: Hashable, Sendable {
        /// Seconds from the test's start.
        public var times: [Double]
        public var values: [Double]
    }

    /// The page size of a plot, in cm.
    public static let size = FormSize(widthCentimetres: 24, heightCentimetres: 18)

    public let document: ADFDocument
    /// The test's time zero, Unix ms.
    public let origin: Double

    public init(document: ADFDocument) {
        self.document = document
        let starts =
            document.steps.map(\.start.unixMilliseconds)
            + document.steps.flatMap { $0.strokes.compactMap(\.points.first?.unixMilliseconds) }
        origin = starts.min() ?? 0
    }

    /// Every stroke of the test, in order, with its step's index.
    var strokes: [(step: Int, stroke: ADFDocument.Stroke)] {
        document.steps.enumerated().flatMap { index, step in step.strokes.map { (index, $0) } }
    }

    /// Normalised force ×1000 (the ADF `pressure`) of each sample of `stroke` that measured it.
    public func pressure(_ stroke: ADFDocument.Stroke) -> Series {
        let measured = stroke.points.filter { $0.measuredForce != nil }
        return Series(
            times: measured.map { ($0.unixMilliseconds - origin) / 1000 }, values: measured.map { $0.force * 1000 })
    }

    /// Altitude in degrees (90 is the pen upright) of each sample of `stroke` that measured it.
    public func altitude(_ stroke: ADFDocument.Stroke) -> Series {
        let measured = stroke.points.filter { $0.measuredAltitude != nil }
        return Series(
            times: measured.map { ($0.unixMilliseconds - origin) / 1000 },
            values: measured.map { $0.altitude * 180 / .pi })
    }

    /// Speed in cm/s between consecutive samples, at the midpoint of their times; pairs with the
    /// same timestamp are skipped (ADF keeps whole milliseconds).
    public func speed(_ stroke: ADFDocument.Stroke) -> Series {
        let perPoint = 2.54 / document.display.pointsPerInch
        var series = Series(times: [], values: [])
        for (a, b) in zip(stroke.points, stroke.points.dropFirst()) {
            let dt = (b.unixMilliseconds - a.unixMilliseconds) / 1000
            guard dt > 0 else { continue }
            let distance = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() * perPoint
            series.times.append(((a.unixMilliseconds + b.unixMilliseconds) / 2 - origin) / 1000)
            series.values.append(distance / dt)
        }
        return series
    }

    /// The plot as a page.
    public func page() -> PageDrawing {
        var page = PageDrawing(size: Self.size)
        let left = 2.4
        let right = Self.size.widthCentimetres - 0.6
        let panelHeight = 4.4
        let gap = 0.9
        let firstTop = 1.4
        let end = document.steps.map { $0.end.unixMilliseconds }.max() ?? origin
        let lastPoint = strokes.compactMap { $0.stroke.points.last?.unixMilliseconds }.max() ?? origin
        let duration = max((max(end, lastPoint) - origin) / 1000, 0.001)
        func x(_ seconds: Double) -> Double { left + (right - left) * seconds / duration }

        page.marks.append(
            .text(
                "\(document.variant.rawValue) test: pressure, speed and altitude per stroke; interruptions dashed"
                    + (document.steps.contains { $0.trail != nil } ? "; circles reached ticked" : ""),
                at: FormPosition(xCentimetres: left, yCentimetres: 0.8), sizeCentimetres: 0.4, colour: .black))

        let panels: [(title: String, series: (ADFDocument.Stroke) -> Series, fixedMaximum: Double?)] = [
            ("pressure (force x 1000)", pressure, nil), ("speed (cm/s)", speed, nil),
            ("altitude (degrees)", altitude, 90),
        ]
        for (number, panel) in panels.enumerated() {
            let top = firstTop + Double(number) * (panelHeight + gap)
            let bottom = top + panelHeight
            let all = strokes.map { (step: $0.step, series: panel.series($0.stroke)) }
            let maximum = panel.fixedMaximum ?? Self.niceCeiling(all.flatMap(\.series.values).max() ?? 1)
            func y(_ value: Double) -> Double { bottom - panelHeight * min(max(value / maximum, 0), 1) }
            // The frame, its title and the value ticks.
            let frame = [
                FormPosition(xCentimetres: left, yCentimetres: top),
                FormPosition(xCentimetres: right, yCentimetres: top),
                FormPosition(xCentimetres: right, yCentimetres: bottom),
                FormPosition(xCentimetres: left, yCentimetres: bottom),
                FormPosition(xCentimetres: left, yCentimetres: top),
            ]
            page.marks.append(.path(frame, widthCentimetres: 0.02, colour: .black, dashCentimetres: nil))
            page.marks.append(
                .text(
                    panel.title, at: FormPosition(xCentimetres: left + 0.2, yCentimetres: top + 0.45),
                    sizeCentimetres: 0.32, colour: .black
                ))
            for fraction in [0.0, 0.5, 1.0] {
                let value = maximum * fraction
                page.marks.append(
                    .text(
                        Self.label(value), at: FormPosition(xCentimetres: 0.3, yCentimetres: y(value) + 0.1),
                        sizeCentimetres: 0.28,
                        colour: .black))
                page.marks.append(
                    .line(
                        from: FormPosition(xCentimetres: left - 0.15, yCentimetres: y(value)),
                        to: FormPosition(xCentimetres: left, yCentimetres: y(value)),
                        widthCentimetres: 0.02, colour: .black))
            }
            // Step starts.
            for step in document.steps.dropFirst() {
                let at = x((step.start.unixMilliseconds - origin) / 1000)
                page.marks.append(
                    .line(
                        from: FormPosition(xCentimetres: at, yCentimetres: top),
                        to: FormPosition(xCentimetres: at, yCentimetres: bottom),
                        widthCentimetres: 0.02, colour: PictureStyle.penUp))
            }
            for (index, entry) in all.enumerated() {
                let points = zip(entry.series.times, entry.series.values).map {
                    FormPosition(xCentimetres: x($0), yCentimetres: y($1))
                }
                guard !points.isEmpty else { continue }
                page.marks.append(
                    .path(
                        points, widthCentimetres: 0.025,
                        colour: PictureStyle.strokePalette[index % PictureStyle.strokePalette.count],
                        dashCentimetres: nil))
            }
            // A trail making part's arrivals: a tick up from each panel's floor, the circle's label
            // under the first panel, so a pause or a slow stretch reads against the circle it came before.
            for step in document.steps {
                guard let trail = step.trail else { continue }
                for arrival in trail.arrivals {
                    let at = x((arrival.unixMilliseconds - origin) / 1000)
                    page.marks.append(
                        .line(
                            from: FormPosition(xCentimetres: at, yCentimetres: bottom),
                            to: FormPosition(xCentimetres: at, yCentimetres: bottom - 0.25),
                            widthCentimetres: 0.02, colour: .black))
                    if number == 0, let circle = trail.circles.first(where: { $0.order == arrival.circle }) {
                        page.marks.append(
                            .centredText(
                                circle.label, centre: FormPosition(xCentimetres: at, yCentimetres: bottom + 0.3),
                                sizeCentimetres: 0.22, bold: false, colour: .black))
                    }
                }
            }
            for step in document.steps {
                for interruption in step.interruptions {
                    let at = x((interruption.unixMilliseconds - origin) / 1000)
                    page.marks.append(
                        .path(
                            [
                                FormPosition(xCentimetres: at, yCentimetres: top),
                                FormPosition(xCentimetres: at, yCentimetres: bottom),
                            ],
                            widthCentimetres: 0.04, colour: PictureStyle.interruption, dashCentimetres: 0.12))
                    if number == 0 {
                        page.marks.append(
                            .text(
                                interruption.type, at: FormPosition(xCentimetres: at + 0.1, yCentimetres: top - 0.1),
                                sizeCentimetres: 0.28,
                                colour: PictureStyle.interruption))
                    }
                }
            }
        }
        // The time axis under the last panel.
        let axis = firstTop + 3 * panelHeight + 2 * gap
        let tick = Self.niceStep(duration / 8)
        var seconds = 0.0
        while seconds <= duration + tick * 1e-9 {
            page.marks.append(
                .line(
                    from: FormPosition(xCentimetres: x(seconds), yCentimetres: axis),
                    to: FormPosition(xCentimetres: x(seconds), yCentimetres: axis + 0.15),
                    widthCentimetres: 0.02, colour: .black))
            page.marks.append(
                .text(
                    Self.label(seconds), at: FormPosition(xCentimetres: x(seconds) - 0.2, yCentimetres: axis + 0.55),
                    sizeCentimetres: 0.28,
                    colour: .black))
            seconds += tick
        }
        page.marks.append(
            .text(
                "time (s)", at: FormPosition(xCentimetres: right - 1.6, yCentimetres: axis + 1.0), sizeCentimetres: 0.3,
                colour: .black))
        return page
    }

    /// 1, 2 or 5 times a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where factor * power >= value { return factor * power }
        return 10 * power
    }

    /// 1, 2 or 5 times a power of ten, near `value`: a tick interval.
    static func niceStep(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        let fraction = value / power
        return (fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10) * power
    }

    static func label(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}
