// The only file that calls cairo: the rest of the module draws through `CairoPDF`.
import CCairo
import StylusGeometry

/// A PDF file being drawn by cairo, in centimetres. Owns its surface and context and frees both.
final class CairoPDF {
    /// PDF points (1/72 inch) per centimetre.
    static let pointsPerCentimetre = 72 / 2.54

    private let surface: OpaquePointer
    private let context: OpaquePointer
    private var finished = false

    /// Opens `path` for writing with a first page of `size`.
    init(path: String, size: FormSize) throws(PrintError) {
        let surface = cairo_pdf_surface_create(
            path, size.widthCentimetres * Self.pointsPerCentimetre, size.heightCentimetres * Self.pointsPerCentimetre)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw .cannotWrite(path: path, reason: reason)
        }
        let context = cairo_create(surface)!
        self.surface = surface
        self.context = context
        cairo_scale(context, Self.pointsPerCentimetre, Self.pointsPerCentimetre)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Starts a new page of `size`.
    func startPage(size: FormSize) {
        cairo_show_page(context)
        cairo_pdf_surface_set_size(
            surface, size.widthCentimetres * Self.pointsPerCentimetre, size.heightCentimetres * Self.pointsPerCentimetre)
    }

    func draw(_ mark: PageMark) {
        cairo_new_path(context)
        switch mark {
        case let .line(from, to, width, colour):
            set(colour)
            cairo_set_line_width(context, width)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
            cairo_move_to(context, from.xCentimetres, from.yCentimetres)
            cairo_line_to(context, to.xCentimetres, to.yCentimetres)
            cairo_stroke(context)
        case let .circle(centre, radius, width, colour):
            set(colour)
            cairo_set_line_width(context, width)
            cairo_arc(context, centre.xCentimetres, centre.yCentimetres, radius, 0, 2 * Double.pi)
            cairo_stroke(context)
        case let .polygon(points, colour):
            guard let first = points.first else { return }
            set(colour)
            cairo_move_to(context, first.xCentimetres, first.yCentimetres)
            for point in points.dropFirst() { cairo_line_to(context, point.xCentimetres, point.yCentimetres) }
            cairo_close_path(context)
            cairo_fill(context)
        case let .text(text, at, size, colour):
            set(colour)
            cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, size)
            cairo_move_to(context, at.xCentimetres, at.yCentimetres)
            cairo_show_text(context, text)
        case let .centredText(text, centre, size, bold, colour):
            set(colour)
            cairo_select_font_face(
                context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, size)
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, text, &extents)
            // The bearings place the ink, not the advance box, on the centre.
            cairo_move_to(
                context, centre.xCentimetres - extents.x_bearing - extents.width / 2,
                centre.yCentimetres - extents.y_bearing - extents.height / 2)
            cairo_show_text(context, text)
        case let .polyline(points, closed, width, colour):
            guard let first = points.first else { return }
            set(colour)
            cairo_set_line_width(context, width)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(context, first.xCentimetres, first.yCentimetres)
            for point in points.dropFirst() { cairo_line_to(context, point.xCentimetres, point.yCentimetres) }
            if closed { cairo_close_path(context) }
            cairo_stroke(context)
        case let .arc(centre, radius, startAngle, endAngle, width, colour):
            set(colour)
            cairo_set_line_width(context, width)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            // cairo's angles also grow from +x towards +y, which is down on the page.
            cairo_arc(context, centre.xCentimetres, centre.yCentimetres, radius, startAngle, endAngle)
            cairo_stroke(context)
        }
    }

    /// Ends the last page and writes the file.
    func finish(path: String) throws(PrintError) {
        guard !finished else { return }
        finished = true
        cairo_show_page(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    private func set(_ colour: PrintColour) {
        cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
    }
}
