import ArgumentParser
import Foundation
import Recordings
import StylusGeometry
import StylusInput

/// `styluskit calibrate tablet`: fits the tablet-to-form transform from taps on the calibration sheet's targets.
struct CalibrateTablet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tablet",
        abstract:
            "Fits where the form lies on the tablet from taps on the calibration sheet's targets, and writes it into a tablet profile.",
        discussion: """
            Print the sheet with `styluskit calibrate print-sheet` (same --paper, --columns, --rows \
            and --spacing), lay it on the tablet where the test forms will lie, record the pen \
            tapping each crosshair once in numbered order, then pass the recording with \
            --recording; or tap live with --device NODE, which reads until every target is tapped \
            (Ctrl-C stops early). Each tap is one stroke; its position is the mean of the stroke's points. \
            The fit is refused, and nothing written, when its error exceeds --max-rms or \
            --max-residual; the probably bad tap is named.
            """)

    @OptionGroup var recording: TapRecordingOptions
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var sheet: SheetOptions

    @Flag(help: "Fit a homography (8 numbers, at least 5 targets) instead of an affine map (6 numbers).")
    var homography = false

    @Option(help: "The largest RMS error accepted, in mm on the form.")
    var maxRms = FitLimits.standard.maximumRMSMillimetres

    @Option(help: "The largest error of any one target accepted, in mm on the form.")
    var maxResidual = FitLimits.standard.maximumResidualMillimetres

    @Option(help: "The tablet profile to write (default: ~/.config/styluskit/calibration/tablets/VENDOR-PRODUCT-form.yaml).")
    var out: String?

    @Flag(help: "Replace an existing profile.")
    var force = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        guard maxRms > 0, maxResidual > 0 else {
            throw ValidationError("--max-rms and --max-residual are distances in mm and must be greater than 0.")
        }
    }

    func run() throws {
        let sheet = try sheet.sheet()
        let input = try recording.open()
        let device = input.device
        let match = try profile.profile(for: device)
        let normalizer = try Normalizer(device: device, profile: match?.profile, formSize: sheet.page)
        var collector = try TapCollector(device: device, normalizer: normalizer)
        let wanted = sheet.targets.count
        if input.isLive {
            printError("Tap each of the \(wanted) targets of the sheet once, in numbered order (Ctrl-C stops early).")
        }
        // A recording is read to its end (every tap counts); a live tablet until the last target is tapped.
        try input.forEachEvent { event in
            if let tap = collector.process(event), input.isLive {
                printError("tap \(collector.taps.count) of \(wanted) at (\(fixed(tap.xMillimetres, 2)), \(fixed(tap.yMillimetres, 2))) mm")
            }
            return !(input.isLive && collector.taps.count >= wanted)
        }
        collector.finish()
        let taps = collector.taps
        guard !taps.isEmpty else { throw CalibrateError.noTaps(file: input.name) }

        let model: TransformModel = homography ? .homography : .affine
        let fit = try TransformFit(taps: taps, targets: sheet.targets, model: model)
        let limits = FitLimits(maximumRMSMillimetres: maxRms, maximumResidualMillimetres: maxResidual)
        let refusal: TransformFitError?
        do {
            try fit.check(limits)
            refusal = nil
        } catch {
            refusal = error
        }

        var written: String?
        if refusal == nil {
            let id = device.id
            let path =
                out
                ?? (CalibrationFiles.userFolder(CalibrationSearchPath.tabletsFolder) as NSString)
                .appendingPathComponent(String(format: "%04x-%04x-form.yaml", id.vendor, id.product))
            var profile =
                match?.profile ?? TabletProfile(source: path, match: DeviceMatch(bus: id.bustype, vendor: id.vendor, product: id.product))
            profile.source = path
            profile.description = profile.description ?? device.name
            profile.tabletToForm = fit.transform
            let comments = [
                "Written by styluskit calibrate tablet from \(input.isLive ? "live taps on " : "")\(input.name)"
                    + (match.map { ", on top of \($0.source)" } ?? "") + ".",
                "tablet_to_form: \(model.rawValue) fit to \(taps.count) taps on a \(sheet.page.widthCentimetres) x "
                    + "\(sheet.page.heightCentimetres) cm sheet; RMS \(fixed(fit.rmsMillimetres, 3)) mm, worst "
                    + "\(fixed(fit.worst.millimetres, 3)) mm (target \(fit.worst.number)).",
            ]
            try CalibrationFiles.writeNew(profile.yaml(comments: comments), to: path, force: force)
            written = path
        }

        let report = TabletFitReport(fit: fit, device: device, refusal: refusal, profile: written)
        print(json ? report.json : report.text)
        if let refusal { throw refusal }
    }
}

/// What `calibrate tablet` prints.
struct TabletFitReport: CommandReport {
    struct Target: Codable {
        var number: Int
        var targetCentimetres: [Double]
        var tapMillimetres: [Double]
        var residualMillimetres: Double
        var leaveOneOutMillimetres: Double?
    }

    var device: String
    var model: String
    var transform: [[Double]]
    var targets: [Target]
    var rmsMillimetres: Double
    var worstMillimetres: Double
    /// Form mm per tablet mm over the sheet (`TransformFit.scale`): 1 at the sheet's true size.
    var scale: Double
    var accepted: Bool
    var suspectTarget: Int?
    var profile: String?

    init(fit: TransformFit, device: DeviceDescription, refusal: TransformFitError?, profile: String?) {
        self.device = "\(device.name) (\(device.id.busVendorProduct))"
        model = fit.model.rawValue
        transform = fit.transform.rows
        targets = fit.residuals.map {
            Target(
                number: $0.number, targetCentimetres: [$0.target.xCentimetres, $0.target.yCentimetres],
                tapMillimetres: [$0.tap.xMillimetres, $0.tap.yMillimetres], residualMillimetres: $0.millimetres,
                leaveOneOutMillimetres: $0.leaveOneOutMillimetres)
        }
        rmsMillimetres = fit.rmsMillimetres
        worstMillimetres = fit.worst.millimetres
        scale = fit.scale
        accepted = refusal == nil
        if case .fitTooPoor(_, _, _, let suspect)? = refusal { suspectTarget = suspect?.number }
        self.profile = profile
    }

    var text: String {
        var lines = [
            "device     \(device)",
            "fit        \(model), tablet mm -> form cm",
        ]
        for row in transform { lines.append("           [" + row.map { fixed($0, 6) }.joined(separator: ", ") + "]") }
        lines.append("  target   form (cm)         tap (mm)            error (mm)  without it (mm)")
        for target in targets {
            var line =
                "  " + "\(target.number)".leftPadded(6)
                + ("  (" + fixed(target.targetCentimetres[0], 2) + ", " + fixed(target.targetCentimetres[1], 2) + ")").padding(
                    toLength: 18, withPad: " ", startingAt: 0)
                + ("(" + fixed(target.tapMillimetres[0], 2) + ", " + fixed(target.tapMillimetres[1], 2) + ")").padding(
                    toLength: 20, withPad: " ", startingAt: 0)
                + fixed(target.residualMillimetres, 3).leftPadded(10)
                + (target.leaveOneOutMillimetres.map { fixed($0, 3) } ?? "-").leftPadded(17)
            if target.number == suspectTarget { line += "  <- bad tap?" }
            lines.append(line)
        }
        lines.append("error      RMS \(fixed(rmsMillimetres, 3)) mm, worst \(fixed(worstMillimetres, 3)) mm")
        lines.append("scale      \(fixed(scale, 3)) form mm per tablet mm (the sheet as printed: \(fixed(100 / scale, 1)) % of its size)")
        if let profile {
            lines.append("profile    \(profile)")
        } else {
            lines.append("refused    nothing written")
        }
        return lines.joined(separator: "\n")
    }
}
