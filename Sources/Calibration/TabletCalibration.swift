import Foundation
public import StylusGeometry
public import StylusInput

/// A tablet-to-form fit from taps on the calibration sheet's targets, and the tablet profile it
/// wrote when the fit was good enough.
public struct TabletCalibration {
    /// The fit, accepted or not: its residuals say which tap was probably bad.
    public var fit: TransformFit
    /// Why the fit was refused (nothing written), or nil when it was accepted.
    public var refusal: TransformFitError?
    /// The tablet profile written, when the fit was accepted.
    public var profile: String?
    /// The picture of the residuals written beside the profile (`ResidualPicture`), when the fit was accepted.
    public var picture: String?

    /// Reads the taps from `input` (a recording to its end, a live tablet until every target is
    /// tapped), fits `model` to them and, when the fit is within `limits`, writes the profile:
    /// `out`, or the user's calibration folder, on top of `match` when a profile already applies, and
    /// the picture of its residuals beside it (`NAME-residuals.png`).
    ///
    /// - Parameters:
    ///   - tapped: told of each tap of a live tablet as it is made (its number and position).
    ///   - note: told of what the user should know (an unplugged tablet).
    public init(
        input: PenInput, sheet: CalibrationSheet, match: ProfileMatch?, model: TransformModel, limits: FitLimits,
        out: String?, force: Bool, tapped: (Int, TabletPosition) -> Void = { _, _ in },
        note: (String) -> Void = { _ in }
    ) throws {
        let device = input.device
        let normalizer = try Normalizer(device: device, profile: match?.profile, formSize: sheet.page)
        var collector = try TapCollector(device: device, normalizer: normalizer)
        let wanted = sheet.targets.count
        // A recording is read to its end (every tap counts); a live tablet until the last target is tapped.
        try input.forEachEvent(note: note) { event in
            if let tap = collector.process(event), input.isLive { tapped(collector.taps.count, tap) }
            return !(input.isLive && collector.taps.count >= wanted)
        }
        collector.finish()
        let taps = collector.taps
        guard !taps.isEmpty else { throw CalibrationError.noTaps(file: input.name) }

        fit = try TransformFit(taps: taps, targets: sheet.targets, model: model)
        do {
            try fit.check(limits)
            refusal = nil
        } catch {
            refusal = error
        }
        guard refusal == nil else { return }

        let id = device.id
        let path = out ?? Self.defaultPath(for: device)
        var written =
            match?.profile
            ?? TabletProfile(source: path, match: DeviceMatch(bus: id.bustype, vendor: id.vendor, product: id.product))
        written.source = path
        written.description = written.description ?? device.name
        written.tabletToForm = fit.transform
        let comments = [
            "Written by styluskit calibrate tablet from \(input.isLive ? "live taps on " : "")\(input.name)"
                + (match.map { ", on top of \($0.source)" } ?? "") + ".",
            "tablet_to_form: \(model.rawValue) fit to \(taps.count) taps on a \(sheet.page.widthCentimetres) x "
                + "\(sheet.page.heightCentimetres) cm sheet; RMS \(String(format: "%.3f", fit.rmsMillimetres)) mm, worst "
                + "\(String(format: "%.3f", fit.worst.millimetres)) mm (target \(fit.worst.number)).",
        ]
        try CalibrationFiles.writeNew(written.yaml(comments: comments), to: path, force: force)
        profile = path
        let picturePath = ResidualPicture.path(besideProfile: path)
        try ResidualPicture(fit: fit, sheet: sheet).write(to: picturePath)
        picture = picturePath
    }

    /// The user's tablet profile of `device`, where a calibration writes when no `--out` is given:
    /// `~/.config/styluskit/calibration/tablets/VENDOR-PRODUCT-form.yaml`.
    public static func defaultPath(for device: DeviceDescription) -> String {
        (CalibrationFiles.userFolder(CalibrationSearchPath.tabletsFolder) as NSString)
            .appendingPathComponent(String(format: "%04x-%04x-form.yaml", device.id.vendor, device.id.product))
    }
}
