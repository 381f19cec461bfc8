public import FormPrinting
public import Proctoring
import StylusGeometry

/// The correction's marks on a trail making form: the wrong circle marked and the circle the pen
/// must go back to highlighted (trails.md, "The correction"), both by their order numbers.
public struct TrailsMarks: Hashable, Sendable {
    /// The order number of the circle the error was in.
    public var wrongCircle: Int
    /// The order number of the circle the correction sends the pen to: the last correct one, or "Begin".
    public var highlightedCircle: Int
}

extension TrailsMarks {
    /// The marks of a correction: its error's wrong circle and its target.
    public init(_ correction: TrailsCorrection) {
        self.init(wrongCircle: correction.error.wrongCircle, highlightedCircle: correction.target)
    }
}

/// A circle's place on the patient's screen, in pixels: where its centre lands and its radius.
public struct TrailsCirclePixels: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var radius: Double

    /// The square of screen pixels that holds a ring of `radius` pixels (and half a `width` beyond)
    /// around the circle's centre: the part of the overlay a mark on it changes.
    public func box(ringRadius: Double, width: Double) -> PixelRect {
        let reach = ringRadius + width / 2 + 1
        return PixelRect(x: x - reach, y: y - reach, width: 2 * reach, height: 2 * reach)
    }
}

/// How the patient's window draws a trail making part (issue 30, item 4): the form at physical
/// size (the circles 10 mm across through the display's density, as the symbol-digit form is
/// drawn), and the correction's marks over it. Pure: marks in form centimetres and their pixels;
/// `PatientScreen` rasterises them.
public enum TrailsScreen {
    /// The circles' outline: 0.4 mm, as on the printed form (FormPrinting's trail form, which draws the
    /// same circles, labels and words at the same sizes: paper and screen must match).
    public static let circleLineCentimetres = 0.04
    /// A circle's label: 5 mm high in the 10 mm circle, centred.
    public static let labelCentimetres = 0.5
    /// "Begin" and "End", under the first and last circles.
    public static let wordCentimetres = 0.35
    /// How far below a circle's centre the middle of "Begin" or "End" sits: the radius and 3.5 mm.
    public static var wordDropCentimetres: Double { TrailLayout.circleRadiusCentimetres + 0.35 }
    /// The correction's rings sit this far outside a circle's rim, so they never hide its label,
    /// its outline or the ink in it.
    public static let ringGapCentimetres = 0.12
    /// The rings' width.
    public static let ringWidthCentimetres = 0.12
    /// The ring's radius around a marked circle's centre.
    public static var ringRadiusCentimetres: Double {
        TrailLayout.circleRadiusCentimetres + ringGapCentimetres + ringWidthCentimetres / 2
    }
    /// The wrong circle's ring and cross: a red that reads as "not this one".
    public static let wrongColour = PrintColour(red: 0.85, green: 0.1, blue: 0.1)
    /// The highlighted circle's ring: the check mark's green.
    public static let highlightColour = PrintColour(red: 30 / 255, green: 150 / 255, blue: 60 / 255)

    /// How far from a circle's centre its correction marks reach on each axis: the rings' outer edge
    /// (0.77 cm) and the cross's arms (0.72 cm), with a little to spare.
    public static let markReachCentimetres = 0.8
    /// How far below its centre "Begin" or "End" reaches under a circle: the words' middle at 0.85 cm,
    /// half their height below it, with a little to spare.
    public static let wordReachCentimetres = 1.1

    /// The part of `layout`'s form with something on it: its circles, their marks and the words
    /// under the first and last. The rest is blank paper, which a screen smaller than the form may
    /// leave out (`screen(for:…)`).
    public static func content(_ layout: TrailLayout) -> FormRectangle {
        guard !layout.circles.isEmpty else {
            return FormRectangle(
                x: 0, y: 0, width: layout.formSize.widthCentimetres, height: layout.formSize.heightCentimetres)
        }
        let m = markReachCentimetres
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for circle in layout.circles {
            let below = word(order: circle.order, of: layout.circles.count) == nil ? m : max(m, wordReachCentimetres)
            minX = min(minX, circle.centre.xCentimetres - m)
            maxX = max(maxX, circle.centre.xCentimetres + m)
            minY = min(minY, circle.centre.yCentimetres - m)
            maxY = max(maxY, circle.centre.yCentimetres + below)
        }
        return FormRectangle(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Where `layout`'s form goes on a screen of `width` x `height` pixels at `pixelsPerInch`: at
    /// physical size whenever its circles fit, even if its blank edges do not (a 25 x 18 cm form on
    /// a Cintiq 13HD, 16.5 cm tall); shrunk only when the circles themselves do not fit.
    public static func screen(for layout: TrailLayout, width: Int, height: Int, pixelsPerInch: Double) -> ScreenLayout {
        ScreenLayout(
            form: layout.formSize, screenWidth: width, screenHeight: height, pixelsPerInch: pixelsPerInch,
            keeping: content(layout))
    }

    /// The circles (order numbers) a strip of the screen's full width from pixel row `top`, `height`
    /// pixels high, hides: those whose disc with its correction ring reaches into it.
    public static func circles(underStrip top: Double, height: Double, layout: TrailLayout, on screen: ScreenLayout)
        -> [Int]
    {
        let reach = (ringRadiusCentimetres + ringWidthCentimetres) * screen.pixelsPerCentimetre
        return layout.circles.compactMap { circle in
            let y = screen.pixel(of: circle.centre).y
            return y + reach > top && y - reach < top + height ? circle.order : nil
        }
    }

    /// Whether the banner of `height` pixels goes at the bottom of the screen: only when it would
    /// hide fewer circles there than at the top, where the other tests have it.
    public static func bannerAtBottom(height: Double, layout: TrailLayout, on screen: ScreenLayout) -> Bool {
        let top = circles(underStrip: 0, height: height, layout: layout, on: screen).count
        let bottom = circles(
            underStrip: Double(screen.screenHeight) - height, height: height, layout: layout, on: screen
        ).count
        return bottom < top
    }

    /// The words under the circle of `order` in a part of `count` circles: "Begin" for the first,
    /// "End" for the last, nil for the others.
    public static func word(order: Int, of count: Int) -> String? {
        order == 1 ? "Begin" : (order == count ? "End" : nil)
    }

    /// The form of `layout` as the patient sees it, in the layout's own centimetres (the screen
    /// layout centres the form): each circle's outline 10 mm across with its label centred, and
    /// "Begin" and "End" under the first and last circles, the same picture as the printed form.
    public static func page(_ layout: TrailLayout) -> [PageMark] {
        let radius = TrailLayout.circleRadiusCentimetres
        var marks: [PageMark] = []
        for circle in layout.circles {
            marks.append(
                .circle(
                    centre: circle.centre, radiusCentimetres: radius, widthCentimetres: circleLineCentimetres,
                    colour: .black))
            marks.append(
                .centredText(
                    circle.label, centre: circle.centre, sizeCentimetres: labelCentimetres, bold: false, colour: .black)
            )
            if let word = word(order: circle.order, of: layout.circles.count) {
                let below = FormPosition(
                    xCentimetres: circle.centre.xCentimetres,
                    yCentimetres: circle.centre.yCentimetres + wordDropCentimetres)
                marks.append(
                    .centredText(word, centre: below, sizeCentimetres: wordCentimetres, bold: true, colour: .black))
            }
        }
        return marks
    }

    /// Where the circle of `order` (from 1) lands on the screen of `screen`, and its radius, in
    /// pixels; nil for an order the layout has no circle of.
    public static func circle(_ order: Int, of layout: TrailLayout, on screen: ScreenLayout) -> TrailsCirclePixels? {
        guard layout.circles.indices.contains(order - 1) else { return nil }
        let centre = screen.pixel(of: layout.circles[order - 1].centre)
        return TrailsCirclePixels(
            x: centre.x, y: centre.y, radius: TrailLayout.circleRadiusCentimetres * screen.pixelsPerCentimetre)
    }

    /// The correction's marks over the form: a red ring around the wrong circle with a short cross
    /// stroke at each of its four diagonals, and a green ring around the circle to go back to, all
    /// outside the circles' rims. Marks naming a circle the layout has not are left out.
    public static func correctionMarks(_ marks: TrailsMarks, in layout: TrailLayout) -> [PageMark] {
        var drawn: [PageMark] = []
        let ring = ringRadiusCentimetres
        if layout.circles.indices.contains(marks.wrongCircle - 1) {
            let centre = layout.circles[marks.wrongCircle - 1].centre
            drawn.append(
                .circle(
                    centre: centre, radiusCentimetres: ring, widthCentimetres: ringWidthCentimetres, colour: wrongColour
                ))
            // The cross's four arms, each just outside the ring on a diagonal, so the label stays legible.
            let inner = ring / 2.squareRoot()
            let outer = (ring + 0.25) / 2.squareRoot()
            for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                drawn.append(
                    .line(
                        from: FormPosition(
                            xCentimetres: centre.xCentimetres + sx * inner,
                            yCentimetres: centre.yCentimetres + sy * inner),
                        to: FormPosition(
                            xCentimetres: centre.xCentimetres + sx * outer,
                            yCentimetres: centre.yCentimetres + sy * outer),
                        widthCentimetres: ringWidthCentimetres, colour: wrongColour))
            }
        }
        if layout.circles.indices.contains(marks.highlightedCircle - 1) {
            let centre = layout.circles[marks.highlightedCircle - 1].centre
            drawn.append(
                .circle(
                    centre: centre, radiusCentimetres: ring, widthCentimetres: 1.5 * ringWidthCentimetres,
                    colour: highlightColour))
        }
        return drawn
    }

    /// The screen boxes the correction's marks change, for the overlay to keep: one around each
    /// marked circle.
    public static func correctionBoxes(_ marks: TrailsMarks, in layout: TrailLayout, on screen: ScreenLayout)
        -> [PixelRect]
    {
        let perCm = screen.pixelsPerCentimetre
        // The cross's arms reach 0.25 cm beyond the ring, on the diagonal: the box's corner covers them.
        let width = (1.5 * ringWidthCentimetres + 0.25) * perCm
        return [marks.wrongCircle, marks.highlightedCircle].compactMap { order in
            circle(order, of: layout, on: screen)?.box(ringRadius: ringRadiusCentimetres * perCm, width: width)
        }
    }
}

extension PatientView {
    /// The view of a trails proctor: during a correction, the wrong circle marked, the circle to
    /// go back to highlighted and the correction's words (`Go back to 4.`); after a prompt, its
    /// words (`Keep going: from 3 to C.`) until the next circle is reached, an error, or the part's
    /// end; otherwise the bare form. Nothing covers the form: the patient must see every circle.
    public static func trails(_ proctor: TrailsProctor) -> PatientView {
        switch proctor.state {
        case .correcting:
            guard let correction = proctor.corrections.last else { return PatientView() }
            var view = PatientView(message: TrailsWords.correction(correction, in: proctor.layout))
            view.trailMarks = TrailsMarks(correction)
            return view
        case .inProgress:
            // A prompt stands until something newer happened: a circle reached or an error.
            guard let prompt = proctor.prompts.last else { return PatientView() }
            let newer = [proctor.arrivals.last?.time, proctor.errors.last?.time].compactMap { $0 }
            guard newer.allSatisfy({ $0 < prompt.time }) else { return PatientView() }
            return PatientView(message: TrailsWords.prompt(prompt, in: proctor.layout))
        case .notStarted, .finished, .discontinued:
            return PatientView()
        }
    }
}
