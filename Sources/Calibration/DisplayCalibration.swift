public import Foundation
public import StylusGeometry
import SystemErrors

/// A display's density, from its EDID's physical size or (more exactly) a ruler measured on its
/// glass, and the display profile written with it.
public struct DisplayCalibration {
    /// Where the EDID comes from: a file, or the connectors that report one (`/sys/class/drm`).
    public enum EDIDSource {
        case file(String, bytes: [UInt8])
        /// Each connector's output name (DP-1), its EDID's path and its bytes.
        case connectors([(output: String, path: String, bytes: [UInt8])])

        /// The EDID in `file` (`--edid FILE`).
        public static func reading(_ file: String) throws(CalibrationError) -> EDIDSource {
            guard let bytes = FileManager.default.contents(atPath: file) else {
                throw .cannotReadEDID(file: file, reason: SystemErrorText.reason(errno: errno))
            }
            return .file(file, bytes: [UInt8](bytes))
        }
    }

    /// Checks the ruler and the scale before anything is read: the ruler's pixels and centimetres
    /// go together and are lengths, the scale is a factor.
    public static func check(rulerPixels: Int?, measuredCentimetres: Double?, scale: Double) throws(CalibrationError) {
        if (rulerPixels == nil) != (measuredCentimetres == nil) { throw .rulerHalf }
        if let rulerPixels, rulerPixels <= 0 { throw .notARulerLength(pixels: rulerPixels) }
        if let measuredCentimetres, !(measuredCentimetres > 0 && measuredCentimetres.isFinite) {
            throw .notAMeasuredLength(centimetres: measuredCentimetres)
        }
        guard scale > 0, scale.isFinite else { throw .notAScale(scale) }
    }

    /// The profile written (its `source` is the file).
    public var profile: DisplayProfile
    /// Where the density came from, in words.
    public var source: String
    /// What the engineer should know (the EDID's figure beside the ruler's, no EDID found).
    public var notes: [String]

    /// Finds the density and writes the profile to `out` (or the user's calibration folder),
    /// refusing to replace a file unless `force`; a replaced profile is kept in `history/` beside it
    /// (`CalibrationFiles.writeKeepingHistory`, named by `now`).
    ///
    /// - Parameters:
    ///   - output: the connector to use when several report an EDID.
    ///   - ruler: a line's length in pixels and as measured in cm; when given, its density is used.
    ///   - scale: the desktop's physical pixels per point.
    public init(
        edid source: EDIDSource, output: String?, ruler: (pixels: Int, centimetres: Double)?, scale: Double,
        out: String?,
        force: Bool, now: Date = Date()
    ) throws {
        let (edid, output, edidSource, note) = try Self.findEDID(source, output: output, rulerGiven: ruler != nil)
        let fromEDID = edid?.density
        notes = note.map { [$0] } ?? []
        let pixelsPerInch: Double
        if let (rulerPixels, measuredCm) = ruler {
            pixelsPerInch = Double(rulerPixels) / (measuredCm / 2.54)
            self.source = "ruler: \(rulerPixels) px measured \(measuredCm) cm"
            if let fromEDID {
                let difference = (pixelsPerInch - fromEDID.diagonal) / fromEDID.diagonal * 100
                notes.append(
                    "The EDID's size gives \(Self.fixed(fromEDID.diagonal, 2)) ppi, \(Self.fixed(difference, 1)) % from the ruler's; "
                        + "the ruler's is used.")
            }
        } else if let fromEDID, let edidSource {
            pixelsPerInch = fromEDID.diagonal
            self.source =
                "EDID (\(edidSource)): \(fromEDID.horizontalPixels) x \(fromEDID.verticalPixels) px on "
                + "\(Self.fixed(fromEDID.widthMillimetres, 0)) x \(Self.fixed(fromEDID.heightMillimetres, 0)) mm"
        } else {
            let reason =
                edid == nil
                ? (note ?? "No EDID was found.")
                : "The EDID gives no physical size or no preferred mode, so it cannot give a density."
            throw CalibrationError.noDensitySource(edidNote: reason)
        }

        let name =
            output ?? edid.map { "\($0.manufacturer.lowercased())-\(String(format: "%04x", $0.productCode))" }
            ?? "display"
        let path =
            out
            ?? (CalibrationFiles.userFolder(CalibrationSearchPath.displaysFolder) as NSString).appendingPathComponent(
                "\(name).yaml")
        profile = DisplayProfile(
            source: path, description: edid.flatMap { edid in edid.productName.map { "\(edid.manufacturer) \($0)" } },
            match: DisplayMatch(output: output, edidVendor: edid?.manufacturer, edidProduct: edid?.productCode),
            pixelsPerInch: (pixelsPerInch * 10_000).rounded() / 10_000, scalingFactor: scale,
            resolution: fromEDID.map { ($0.horizontalPixels, $0.verticalPixels) },
            sizeMillimetres: fromEDID.map { ($0.widthMillimetres, $0.heightMillimetres) })
        var comments = ["Written by styluskit calibrate display.", "Density from the \(self.source)."]
        if profile.match.specificity == 0 {
            comments.append(
                "No output name or EDID: this profile is chosen by name only; add a 'match' to apply it automatically.")
        }
        if let kept = try CalibrationFiles.writeKeepingHistory(
            profile.yaml(comments: comments), to: path, force: force, now: now)
        {
            notes.append("The profile it replaced is kept as \(kept).")
        }
        // A display profile takes effect through the pen display's tablet profile, which names it.
        notes.append(
            "Sessions use this display once the pen display's tablet profile names it: add 'display: \(profile.name)' to that "
                + "profile (`styluskit devices` shows the profile of each pen and the display its sessions use), or pass "
                + "--display-profile \(profile.name) to record, administer and replay.")
    }

    /// The EDID to use, its output, where it came from, and a note when none was found.
    static func findEDID(_ source: EDIDSource, output: String?, rulerGiven: Bool) throws -> (
        EDID?, String?, String?, String?
    ) {
        let drm = "/sys/class/drm"
        let found: [(output: String, path: String, bytes: [UInt8])]
        switch source {
        case .file(let path, let bytes): return (try EDID(bytes: bytes), output, path, nil)
        case .connectors(let connectors): found = connectors
        }
        if let output {
            guard let match = found.first(where: { $0.output == output }) else {
                if rulerGiven {
                    return (nil, output, nil, "No EDID for output \(output) under \(drm); the ruler is used.")
                }
                throw CalibrationError.noSuchOutput(output: output, found: found.map(\.output))
            }
            return (try EDID(bytes: match.bytes), output, match.path, nil)
        }
        switch found.count {
        case 0:
            return (
                nil, nil, nil,
                "No display on this machine reports an EDID under \(drm) (none connected, or a virtual one)."
            )
        case 1:
            return (try EDID(bytes: found[0].bytes), found[0].output, found[0].path, nil)
        default:
            throw CalibrationError.severalDisplays(outputs: found.map(\.output))
        }
    }

    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
