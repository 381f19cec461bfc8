public import Foundation
public import StylusGeometry
public import StylusInput

/// `calibrate pressure`'s proposal written into the device's tablet profile, once the user confirmed
/// it (or gave `--yes`): `pressure.minimum` and `tip_threshold` set, every other setting of the
/// profile that applies kept.
public enum PressureProfile {
    /// Where the proposal goes: `out`, else the user's profile of the device, the file `calibrate
    /// tablet` writes (`~/.config/styluskit/calibration/tablets/VENDOR-PRODUCT-form.yaml`).
    public static func path(out: String?, device: DeviceDescription) -> String {
        out ?? TabletCalibration.defaultPath(for: device)
    }

    /// Writes `proposal` into the profile at `path`, on top of `match` (the profile that applies now)
    /// when there is one; a profile replaced is kept in `history/` beside it.
    ///
    /// - Parameter source: the recording or the tablet the pressures came from, for the file's comment.
    /// - Returns: where the replaced profile was kept; nil when none was replaced.
    @discardableResult
    public static func write(
        _ proposal: PressureHistogram.Proposal, device: DeviceDescription, match: ProfileMatch?, to path: String,
        source: String, now: Date = Date()
    ) throws -> String? {
        let id = device.id
        var written =
            match?.profile
            ?? TabletProfile(source: path, match: DeviceMatch(bus: id.bustype, vendor: id.vendor, product: id.product))
        written.source = path
        written.description = written.description ?? device.name
        written.pressure.minimum = proposal.minimum
        written.pressure.tipThreshold = proposal.tipThreshold
        let comments = [
            "Written by styluskit calibrate pressure from \(source)" + (match.map { ", on top of \($0.source)" } ?? "")
                + ".",
            "pressure.minimum \(proposal.minimum): the highest pressure while hovering; tip_threshold "
                + "\(proposal.tipThreshold): half the way from it to the light touches.",
        ]
        return try CalibrationFiles.writeKeepingHistory(
            written.yaml(comments: comments), to: path, force: true, now: now)
    }
}
