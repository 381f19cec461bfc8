import ADF
import FormPrinting
import Foundation
import Proctoring
import Rendering
import SystemErrors
import TestMaterials
import Visits

/// The form a step was drawn on, without its ink, as the participant saw it: the clock to copy at
/// the time the step asked for, the maze's walls, the symbol-digit key and boxes (Rendering's
/// `StepForm`, the same drawing as `render`). The test page lays the ink over it.
enum FormPicture {
    /// Dots per inch of the picture; the page scales it to the canvas (docs/serve.md, "Ink").
    static let dotsPerInch = 144.0

    /// The PNG bytes of step `index`'s form in `document`, read from the results file at `path`.
    static func png(of document: ADFDocument, step index: Int, resultsFile path: String) throws -> [UInt8] {
        let forms = StepForm.forms(of: document, mazes: mazes(of: path, variant: document.variant))
        let picture = ResultsPicture(document: document, forms: forms, options: PictureOptions(showsLegend: false))
        // Ink up to before the step began: none, only the form.
        let page = picture.page(step: index, upTo: -Double.infinity)
        // cairo writes PNG to a file only: a private temporary one, removed at once.
        let temporary = NSTemporaryDirectory() + "styluskit-serve-form-" + UUID().uuidString + ".png"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try page.writePNG(to: temporary, dotsPerInch: dotsPerInch)
        return Array(try Data(contentsOf: URL(fileURLWithPath: temporary)))
    }

    /// The mazes of a maze results file in a visit folder, as the visit read them (results files do not
    /// carry their mazes); none elsewhere, and the page says the walls are not known.
    static func mazes(of path: String, variant: ADFVariant) -> [Maze] {
        guard variant == .maze else { return [] }
        let folderPath = PathText.folder(of: path)
        let name = (path as NSString).lastPathComponent
        guard let folder = try? VisitFolder(existing: folderPath), let manifest = try? folder.readManifest(),
            let position = manifest.tests.firstIndex(where: { $0.results == name })
        else { return [] }
        return folder.mazes(ofTestAt: position, in: manifest)?.map(\.maze) ?? []
    }
}
