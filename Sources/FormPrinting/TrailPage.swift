public import Proctoring
public import StylusGeometry

extension PageDrawing {
    /// The outline width of a printed trail making circle: 0.4 mm, a thin outline like the paper form's.
    public static let trailCircleLineCentimetres = 0.04
    /// The height of a circle's label: 5 mm in a 10 mm circle, as the paper form.
    public static let trailLabelCentimetres = 0.5
    /// The height of the words "Begin" and "End" under the first and last circles.
    public static let trailWordCentimetres = 0.35

    /// Where a trail making form sits on a page of `size`: centred, as the patient window centres
    /// it on a pen display, so the paper and tablet versions of one form are the same picture.
    public static func trailFormOrigin(_ layout: TrailLayout, page size: FormSize) -> FormPosition {
        FormPosition(
            xCentimetres: (size.widthCentimetres - layout.formSize.widthCentimetres) / 2,
            yCentimetres: (size.heightCentimetres - layout.formSize.heightCentimetres) / 2)
    }

    /// A trail making form at physical size (trails.md, "Forms"): each circle 10 mm across with
    /// its label centred, "Begin" under the first circle and "End" under the last, the form
    /// centred on the page, and a line naming the form and asking for 100 % printing.
    public static func trailForm(_ layout: TrailLayout, page size: FormSize) -> PageDrawing {
        var page = PageDrawing(size: size)
        let origin = trailFormOrigin(layout, page: size)
        let radius = TrailLayout.circleRadiusCentimetres
        for circle in layout.circles {
            let centre = FormPosition(
                xCentimetres: origin.xCentimetres + circle.centre.xCentimetres,
                yCentimetres: origin.yCentimetres + circle.centre.yCentimetres)
            page.marks.append(
                .circle(
                    centre: centre, radiusCentimetres: radius, widthCentimetres: trailCircleLineCentimetres,
                    colour: .black))
            page.marks.append(
                .centredText(
                    circle.label, centre: centre, sizeCentimetres: trailLabelCentimetres, bold: false, colour: .black))
            let word = circle.order == 1 ? "Begin" : (circle.order == layout.circles.count ? "End" : nil)
            if let word {
                let below = FormPosition(
                    xCentimetres: centre.xCentimetres, yCentimetres: centre.yCentimetres + radius + 0.35)
                page.marks.append(
                    .centredText(word, centre: below, sizeCentimetres: trailWordCentimetres, bold: true, colour: .black)
                )
            }
        }
        let note =
            "StylusKit trail making form \(layout.name), \(centimetres(layout.formSize.widthCentimetres)) x "
            + "\(centimetres(layout.formSize.heightCentimetres)) cm. Print at 100 % (no fit to page)."
        page.marks.append(
            .text(note, at: FormPosition(xCentimetres: 1, yCentimetres: 0.8), sizeCentimetres: 0.3, colour: .black))
        return page
    }
}

extension PrintedDocument {
    /// One page per layout, each form centred on a page of `page` size.
    public static func trailForms(_ layouts: [TrailLayout], page: FormSize) -> PrintedDocument {
        PrintedDocument(pages: layouts.map { PageDrawing.trailForm($0, page: page) })
    }
}
