import Foundation
import StylusGeometry
import SystemErrors

/// A raster image: ARGB32 pixels as cairo lays them out (premultiplied alpha, one `UInt32` per
/// pixel, alpha in the top byte), row by row from the top-left corner.
public struct RasterImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a raster image needs width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// One pixel's red, green, blue and alpha, 0...255 (premultiplied, as stored).
    public struct Pixel: Hashable, Sendable {
        public var red: Int
        public var green: Int
        public var blue: Int
        public var alpha: Int

        /// Mean of red, green and blue: 255 is white, 0 black.
        public var brightness: Double { Double(red + green + blue) / 3 }
    }

    public func pixel(x: Int, y: Int) -> Pixel {
        let value = pixels[y * width + x]
        return Pixel(
            red: Int((value >> 16) & 0xff), green: Int((value >> 8) & 0xff), blue: Int(value & 0xff),
            alpha: Int(value >> 24))
    }

    /// `page` rasterised at `dotsPerInch` on white: the whole page, or only `region` (cm on the
    /// page), whose top-left corner is then pixel (0, 0). A pixel is 2.54 / dpi cm wide.
    public init(
        page: PageDrawing, dotsPerInch: Double, region: (x: Double, y: Double, width: Double, height: Double)? = nil
    ) {
        let area = region ?? (0, 0, page.size.widthCentimetres, page.size.heightCentimetres)
        self = CairoImage.render(
            page, dotsPerInch: dotsPerInch, x: area.x, y: area.y, width: area.width, height: area.height)
    }

    /// Reads a PNG file (with cairo's reader).
    public init(readingPNG path: String) throws(PrintError) {
        self = try CairoImage.readPNG(path)
    }

    /// Writes the image as a PNG file, replacing any file there.
    public func writePNG(to path: String) throws(PrintError) {
        try CairoImage.writePNG(self, to: path)
    }
}

extension PageDrawing {
    /// Writes the page as an SVG file at its physical size (width and height in cm), whole (`WholeFile`).
    public func writeSVG(to path: String) throws(PrintError) {
        guard size.widthCentimetres > 0 && size.heightCentimetres > 0 else { throw .emptyPage(index: 0, size: size) }
        let text = Self.numberSurfacesFromOne(svg: String(decoding: try CairoSVG.data(self, for: path), as: UTF8.self))
        do {
            try WholeFile.write(Data(text.utf8), to: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// cairo names an SVG's drawing groups `surfaceN` from one counter for the whole process, so
    /// the same page drawn after others would not give the same file; renumbered from 1 in order
    /// of appearance, a page's SVG is the same bytes however many were drawn before it.
    static func numberSurfacesFromOne(svg text: String) -> String {
        var numbers: [Substring: Int] = [:]
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let range = rest.range(of: "surface") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            let number = numbers[digits] ?? (numbers.count + 1)
            numbers[digits] = number
            out += String(number)
            rest = rest.dropFirst(digits.count)
        }
        out += rest
        return out
    }

    /// Writes the page as a PNG file at `dotsPerInch`, on white.
    public func writePNG(to path: String, dotsPerInch: Double) throws(PrintError) {
        guard size.widthCentimetres > 0 && size.heightCentimetres > 0 else { throw .emptyPage(index: 0, size: size) }
        try RasterImage(page: self, dotsPerInch: dotsPerInch).writePNG(to: path)
    }
}
