// The only file that calls cairo: the rest of the package draws through `CairoPDF`, `CairoSVG`
// and `CairoImage`, which take `PageMark`s in centimetres.
import CCairo
import Foundation
import StylusGeometry
import SystemErrors

/// PDF and SVG points (1/72 inch) per centimetre.
private let pointsPerCentimetre = 72 / 2.54

/// What a cairo constructor or accessor returned, where cairo never returns NULL for a valid call:
/// it reports a failure through the object's status instead (an image surface's data is NULL only
/// for a surface in error, one cairo could not make at its size).
private func cairoMade<Pointer>(_ pointer: Pointer?, _ call: StaticString) -> Pointer {
    guard let pointer else {
        preconditionFailure(
            "\(call) returned NULL: cairo could not make the surface (or the linked cairo is broken); "
                + "a picture this large cannot be drawn, draw a smaller region")
    }
    return pointer
}

/// Sets the font a `.centredText` mark is drawn in on `context`, at `size`, and measures `text`'s ink in it.
private func inkExtents(
    of text: String, size: Double, bold: Bool, on context: OpaquePointer
) -> cairo_text_extents_t {
    cairo_select_font_face(
        context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(context, size)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, VisibleText.shown(text), &extents)
    return extents
}

/// Draws page marks on a cairo context whose user space is centimetres.
private func draw(_ mark: PageMark, on context: OpaquePointer) {
    func set(_ colour: PrintColour) {
        cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.alpha)
    }
    /// A line of `width` in `colour` with round ends and joins: the ink's pen.
    func roundPen(_ colour: PrintColour, width: Double) {
        set(colour)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    }
    /// The path through `points` from the first, as one subpath.
    func trace(_ first: FormPosition, _ points: ArraySlice<FormPosition>) {
        cairo_move_to(context, first.xCentimetres, first.yCentimetres)
        for point in points { cairo_line_to(context, point.xCentimetres, point.yCentimetres) }
    }
    cairo_new_path(context)
    cairo_set_dash(context, nil, 0, 0)
    switch mark {
    case .line(let from, let to, let width, let colour):
        set(colour)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        cairo_move_to(context, from.xCentimetres, from.yCentimetres)
        cairo_line_to(context, to.xCentimetres, to.yCentimetres)
        cairo_stroke(context)
    case .circle(let centre, let radius, let width, let colour):
        set(colour)
        cairo_set_line_width(context, width)
        cairo_arc(context, centre.xCentimetres, centre.yCentimetres, radius, 0, 2 * Double.pi)
        cairo_stroke(context)
    case .polygon(let points, let colour):
        guard let first = points.first else { return }
        set(colour)
        trace(first, points.dropFirst())
        cairo_close_path(context)
        cairo_fill(context)
    case .text(let text, let at, let size, let colour):
        set(colour)
        cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        cairo_move_to(context, at.xCentimetres, at.yCentimetres)
        cairo_show_text(context, VisibleText.shown(text))
    case .path(let points, let width, let colour, let dash):
        guard let first = points.first else { return }
        roundPen(colour, width: width)
        if let dash, dash > 0 {
            var lengths = [dash, dash]
            cairo_set_dash(context, &lengths, 2, 0)
        }
        // A single point still leaves a round dot of the line's width.
        trace(first, points.count == 1 ? points[...] : points.dropFirst())
        cairo_stroke(context)
    case .disc(let centre, let radius, let colour):
        set(colour)
        cairo_arc(context, centre.xCentimetres, centre.yCentimetres, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    case .centredText(let text, let centre, let size, let bold, let colour):
        set(colour)
        let extents = inkExtents(of: text, size: size, bold: bold, on: context)
        // The bearings place the ink, not the advance box, on the centre.
        cairo_move_to(
            context, centre.xCentimetres - extents.x_bearing - extents.width / 2,
            centre.yCentimetres - extents.y_bearing - extents.height / 2)
        cairo_show_text(context, VisibleText.shown(text))
    case .polyline(let points, let closed, let width, let colour):
        guard let first = points.first else { return }
        roundPen(colour, width: width)
        trace(first, points.dropFirst())
        if closed { cairo_close_path(context) }
        cairo_stroke(context)
    case .arc(let centre, let radius, let startAngle, let endAngle, let width, let colour):
        set(colour)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        // cairo's angles also grow from +x towards +y, which is down on the page.
        cairo_arc(context, centre.xCentimetres, centre.yCentimetres, radius, startAngle, endAngle)
        cairo_stroke(context)
    }
}

private func statusText(_ status: cairo_status_t) -> String {
    String(cString: cairo_status_to_string(status))
}

/// The bytes cairo writes to a stream: cairo never opens an output file, so every output is put in place
/// whole by `WholeFile` (a file cairo wrote at its final path was left half-written by a kill or a full disk).
private final class CairoBytes {
    var data = Data()

    /// The write function cairo's `*_for_stream` calls take, appending to the `CairoBytes` in `closure`.
    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<CairoBytes>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    /// The pointer cairo passes back to `write`; valid while `self` lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Puts `data` in place at `path` whole, as a print error.
private func writeWhole(_ data: Data, to path: String) throws(PrintError) {
    // `-` is standard output, wherever --out names a file (issue 33, item 5).
    if path == "-" {
        do {
            return try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw .cannotWrite(path: "standard output", reason: SystemErrorText.reason(error))
        }
    }
    do {
        try WholeFile.write(data, to: path)
    } catch {
        throw .cannotWrite(path: path, reason: error.reason)
    }
}

/// A PDF file being drawn by cairo, in centimetres, in memory until `finish` puts it in place. Owns its
/// surface and context and frees both.
final class CairoPDF {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let bytes = CairoBytes()
    private var finished = false

    /// Starts a PDF for `path` with a first page of `size`.
    init(path: String, size: FormSize) throws(PrintError) {
        let surface = cairoMade(
            cairo_pdf_surface_create_for_stream(
                CairoBytes.write, bytes.closure, size.widthCentimetres * pointsPerCentimetre,
                size.heightCentimetres * pointsPerCentimetre), "cairo_pdf_surface_create_for_stream")
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let reason = statusText(cairo_surface_status(surface))
            cairo_surface_destroy(surface)
            throw .cannotWrite(path: path, reason: reason)
        }
        let context = cairoMade(cairo_create(surface), "cairo_create")
        self.surface = surface
        self.context = context
        cairo_scale(context, pointsPerCentimetre, pointsPerCentimetre)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Starts a new page of `size`.
    func startPage(size: FormSize) {
        cairo_show_page(context)
        cairo_pdf_surface_set_size(
            surface, size.widthCentimetres * pointsPerCentimetre, size.heightCentimetres * pointsPerCentimetre)
    }

    func draw(_ mark: PageMark) {
        FormPrinting.draw(mark, on: context)
    }

    /// Ends the last page and puts the file in place whole (`WholeFile`).
    func finish(path: String) throws(PrintError) {
        guard !finished else { return }
        finished = true
        cairo_show_page(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cannotWrite(path: path, reason: statusText(status)) }
        try writeWhole(bytes.data, to: path)
    }
}

/// An SVG file of one page, drawn by cairo at physical size (its width and height in cm).
enum CairoSVG {
    /// The SVG text of `page`; `path` only names the file in an error.
    static func data(_ page: PageDrawing, for path: String) throws(PrintError) -> Data {
        let bytes = CairoBytes()
        let surface = cairoMade(
            cairo_svg_surface_create_for_stream(
                CairoBytes.write, bytes.closure, page.size.widthCentimetres * pointsPerCentimetre,
                page.size.heightCentimetres * pointsPerCentimetre), "cairo_svg_surface_create_for_stream")
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, reason: statusText(cairo_surface_status(surface)))
        }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_CM)
        let context = cairoMade(cairo_create(surface), "cairo_create")
        cairo_scale(context, pointsPerCentimetre, pointsPerCentimetre)
        for mark in page.marks { FormPrinting.draw(mark, on: context) }
        cairo_show_page(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cannotWrite(path: path, reason: statusText(status)) }
        return bytes.data
    }
}

/// Raster images through cairo's ARGB32 image surfaces and its PNG reader and writer.
enum CairoImage {
    /// Rasterises the part `region` of `page` (x, y, width, height in cm) at `dotsPerInch` on white:
    /// pixel (0, 0) covers the region's top-left corner.
    static func render(
        _ page: PageDrawing, dotsPerInch: Double, x: Double, y: Double, width: Double, height: Double
    ) -> RasterImage {
        let scale = dotsPerInch / 2.54
        let columns = max(1, Int((width * scale).rounded(.up)))
        let rows = max(1, Int((height * scale).rounded(.up)))
        let surface = cairoMade(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(columns), Int32(rows)), "cairo_image_surface_create")
        defer { cairo_surface_destroy(surface) }
        let context = cairoMade(cairo_create(surface), "cairo_create")
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        cairo_translate(context, -x, -y)
        for mark in page.marks { FormPrinting.draw(mark, on: context) }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return image(of: surface)
    }

    /// Writes `image` as a PNG file, whole (`WholeFile`).
    static func writePNG(_ image: RasterImage, to path: String) throws(PrintError) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(image.width)))
        let surface = cairoMade(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
            "cairo_image_surface_create")
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let data = cairoMade(cairo_image_surface_get_data(surface), "cairo_image_surface_get_data")
        for row in 0..<image.height {
            let line = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<image.width { line[column] = image.pixels[row * image.width + column] }
        }
        cairo_surface_mark_dirty(surface)
        let bytes = CairoBytes()
        let status = cairo_surface_write_to_png_stream(surface, CairoBytes.write, bytes.closure)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cannotWrite(path: path, reason: statusText(status)) }
        try writeWhole(bytes.data, to: path)
    }

    /// Reads a PNG file into ARGB32 pixels.
    static func readPNG(_ path: String) throws(PrintError) -> RasterImage {
        let loaded = cairoMade(cairo_image_surface_create_from_png(path), "cairo_image_surface_create_from_png")
        defer { cairo_surface_destroy(loaded) }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cannotRead(path: path, reason: statusText(status)) }
        if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 { return image(of: loaded) }
        // Other formats (RGB24, A8...) are painted onto an ARGB32 surface, so callers see one layout.
        let width = cairo_image_surface_get_width(loaded)
        let height = cairo_image_surface_get_height(loaded)
        let surface = cairoMade(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), "cairo_image_surface_create")
        defer { cairo_surface_destroy(surface) }
        let context = cairoMade(cairo_create(surface), "cairo_create")
        cairo_set_source_surface(context, loaded, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return image(of: surface)
    }

    private static func image(of surface: OpaquePointer) -> RasterImage {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairoMade(cairo_image_surface_get_data(surface), "cairo_image_surface_get_data")
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width { pixels[row * width + column] = line[column] }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }
}

/// How wide cairo draws a line of text, for laying out text (the patient banner's lines) before it is drawn.
public enum TextMeasure {
    /// The size text is measured at: large, so the font's hinting does not round the widths.
    private static let measuringSize = 100.0

    /// The width of the ink of `text` drawn as a `.centredText` mark of `size` (in the unit of `size`).
    public static func inkWidth(of text: String, size: Double, bold: Bool) -> Double {
        let surface = cairoMade(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1), "cairo_image_surface_create")
        let context = cairoMade(cairo_create(surface), "cairo_create")
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        return inkExtents(of: text, size: measuringSize, bold: bold, on: context).width * size / measuringSize
    }
}
