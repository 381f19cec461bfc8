public import StylusGeometry

/// Why a PDF, SVG or PNG could not be written (or a PNG read).
public enum PrintError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case noPages
    case emptyPage(index: Int, size: FormSize)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "Cannot write \(path): \(reason). Check that its directory exists and is writable."
        case .cannotRead(let path, let reason):
            return "Cannot read the image \(path): \(reason). Check that it is a PNG file and readable."
        case .noPages:
            return "There is nothing to print: the document has no pages."
        case .emptyPage(let index, let size):
            return
                "Page \(index + 1) has no area (\(size.widthCentimetres) x \(size.heightCentimetres) cm); give a paper size greater than 0."
        }
    }
}

/// Pages printed to a PDF at their physical size: 1 cm on the page is 1 cm on paper when the
/// PDF is printed at 100 % (no "fit to page").
public struct PrintedDocument: Sendable {
    public var pages: [PageDrawing]

    public init(pages: [PageDrawing]) {
        self.pages = pages
    }

    /// Writes the PDF to `path`, replacing any file there.
    ///
    /// - Throws: `PrintError` when there are no pages or the file cannot be written.
    public func write(to path: String) throws(PrintError) {
        guard let first = pages.first else { throw .noPages }
        for (index, page) in pages.enumerated()
        where !(page.size.widthCentimetres > 0 && page.size.heightCentimetres > 0) {
            throw .emptyPage(index: index, size: page.size)
        }
        let pdf = try CairoPDF(path: path, size: first.size)
        for (index, page) in pages.enumerated() {
            if index > 0 { pdf.startPage(size: page.size) }
            for mark in page.marks { pdf.draw(mark) }
        }
        try pdf.finish(path: path)
    }
}
