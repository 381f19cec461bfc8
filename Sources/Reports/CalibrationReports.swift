import ADF
import Foundation
import Proctoring
import Sessions
public import StylusGeometry
public import StylusInput

/// What `calibrate tablet` prints.
public struct TabletFitReport: CommandReport {
    /// One sheet target: where it is, where the pen tapped it, and how far the fit puts them apart.
    public struct Target: Encodable {
        /// The target's number on the sheet, from 1.
        public var number: Int
        /// The target's position on the sheet, `[x, y]` in cm.
        @Decimals<2, [Double]> public var targetCentimetres: [Double]
        /// The tap on the tablet, `[x, y]` in mm.
        @Decimals<2, [Double]> public var tapMillimetres: [Double]
        /// How far the fitted transform puts the tap from the target, in mm.
        @Decimals<3, Double> public var residualMillimetres: Double
        /// The same distance with the fit made without this target; nil when too few targets are left.
        @Decimals<3, Double?> public var leaveOneOutMillimetres: Double? = nil
    }

    /// The tablet: its name and `bus:vendor:product`.
    public var device: String
    /// The transform's model (`TransformFit.Model`'s raw value).
    public var model: String
    /// The fitted matrix's rows, tablet mm to form cm.
    @Decimals<6, [[Double]]> public var transform: [[Double]]
    /// Each target's tap and residual.
    public var targets: [Target]
    /// The root mean square of the residuals, in mm.
    @Decimals<3, Double> public var rmsMillimetres: Double
    /// The largest residual, in mm.
    @Decimals<3, Double> public var worstMillimetres: Double
    /// Form mm per tablet mm over the sheet (`TransformFit.scale`): 1 at the sheet's true size.
    @Decimals<3, Double> public var scale: Double
    /// Whether the fit is accepted; false when it is refused (exit status 1).
    public var accepted: Bool
    /// A target whose tap looks wrong, by its number; nil when none does.
    public var suspectTarget: Int?
    /// The tablet profile written; nil when the fit was refused or nothing was written.
    public var profile: String?
    /// The picture of the residuals written beside the profile (PNG); nil when nothing was written.
    public var picture: String?

    enum CodingKeys: CodingKey {
        case device, model, transform, targets, rmsMillimetres, worstMillimetres, scale, accepted, suspectTarget,
            profile, picture
    }

    /// The report of `fit` on `device`; `refusal` is why the fit was refused, nil when accepted; `picture`
    /// the residuals' picture written beside `profile`.
    public init(
        fit: TransformFit, device: DeviceDescription, refusal: TransformFitError?, profile: String?,
        picture: String? = nil
    ) {
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
        self.picture = picture
    }

    /// The lines `calibrate tablet` prints: the fit, a line per target, and what was written.
    public var text: String {
        var lines = [
            "device     \(device)",
            "fit        \(model), tablet mm -> form cm",
        ]
        for row in transform { lines.append("           [" + row.map { fixed($0, 6) }.joined(separator: ", ") + "]") }
        lines.append("  target   form (cm)         tap (mm)            error (mm)  without it (mm)")
        for target in targets {
            var line =
                "  " + "\(target.number)".leftPadded(6)
                + ("  (" + fixed(target.targetCentimetres[0], 2) + ", " + fixed(target.targetCentimetres[1], 2) + ")")
                .padding(
                    toLength: 18, withPad: " ", startingAt: 0)
                + ("(" + fixed(target.tapMillimetres[0], 2) + ", " + fixed(target.tapMillimetres[1], 2) + ")").padding(
                    toLength: 20, withPad: " ", startingAt: 0)
                + fixed(target.residualMillimetres, 3).leftPadded(10)
                + (target.leaveOneOutMillimetres.map { fixed($0, 3) } ?? "-").leftPadded(17)
            if target.number == suspectTarget { line += "  <- bad tap?" }
            lines.append(line)
        }
        lines.append("error      RMS \(fixed(rmsMillimetres, 3)) mm, worst \(fixed(worstMillimetres, 3)) mm")
        lines.append(
            "scale      \(fixed(scale, 3)) form mm per tablet mm (the sheet as printed: \(fixed(100 / scale, 1)) % of its size)"
        )
        if let profile {
            lines.append("profile    \(profile)")
            if let picture { lines.append("picture    \(picture) (each target's residual, magnified)") }
        } else {
            lines.append("refused    nothing written")
        }
        return lines.joined(separator: "\n")
    }
}

/// What `calibrate pressure` prints.
public struct PressureReport: CommandReport {
    /// One tool's pressures (pen or eraser, by serial when the tablet reports one).
    public struct Tool: Codable {
        /// The tool, `pen` or `eraser` (`ToolKind`'s raw value).
        public var tool: String
        /// The tool's serial as ADF's PencilID writes it (`0x…`); nil when the pen reports none (0 or -1).
        public var serial: String?
        /// How many frames had the tip down.
        public var touchingFrames = 0
        /// How many frames had the tool in proximity with the tip up.
        public var hoveringFrames = 0
        /// The lowest raw pressure of a frame with the tip down.
        public var minimumTouching: Int32?
        /// The highest raw pressure of any frame.
        public var maximum: Int32?
        /// The highest raw pressure while hovering: non-zero for a worn nib.
        public var maximumHovering: Int32?
        /// A worn nib's resting pressure, to subtract; nil when the nib rests at zero.
        public var wornNibOffset: Int32?

        /// The facts `observed` while the recording played.
        public init(_ observed: PressureObserver.Tool) {
            tool = observed.tool.rawValue
            serial = observed.serial.flatMap { $0 != 0 && $0 != -1 ? hexadecimalToolNumber($0) : nil }
            touchingFrames = observed.touchingFrames
            hoveringFrames = observed.hoveringFrames
            minimumTouching = observed.minimumTouching
            maximum = observed.maximum
            maximumHovering = observed.maximumHovering
            wornNibOffset = observed.wornNibOffset
        }
    }

    /// The tablet's name.
    public var device: String
    /// ABS_PRESSURE's lowest raw value.
    public var axisMinimum: Int32
    /// ABS_PRESSURE's highest raw value.
    public var axisMaximum: Int32
    /// Each tool seen, in the order first seen.
    public var tools: [Tool]
    /// How many frames came at each range of pressures, touching and hovering, every tool's together.
    public var histogram: [Bin]
    /// The profile settings the pressures propose; nil without touches or when nothing separates touching
    /// from hovering.
    public var proposal: Proposal?
    /// The tablet profile the proposal was written into; nil when it was not.
    public var profile: String?
    /// Where the profile it replaced was kept (its folder's `history/`); nil when none was replaced.
    public var replacedProfile: String?

    /// One bin of the histogram: raw pressures `from` to `to`, and the frames that had one.
    public struct Bin: Codable {
        public var from: Int32
        public var to: Int32
        public var touching: Int
        public var hovering: Int

        /// The bin of raw pressures `from` to `to`, with its frames.
        public init(from: Int32, to: Int32, touching: Int, hovering: Int) {
            (self.from, self.to, self.touching, self.hovering) = (from, to, touching, hovering)
        }
    }

    /// `pressure.minimum` and `tip_threshold` as proposed, in raw units.
    public struct Proposal: Codable {
        public var minimum: Int32
        public var tipThreshold: Int32

        /// The proposal of `minimum` and `tipThreshold`.
        public init(minimum: Int32, tipThreshold: Int32) {
            (self.minimum, self.tipThreshold) = (minimum, tipThreshold)
        }
    }

    /// The report of a recording's pressures, with their histogram and the settings they propose.
    public init(
        device: String, axisMinimum: Int32, axisMaximum: Int32, tools: [Tool], histogram: [Bin] = [],
        proposal: Proposal? = nil
    ) {
        (self.device, self.axisMinimum, self.axisMaximum, self.tools) = (device, axisMinimum, axisMaximum, tools)
        (self.histogram, self.proposal) = (histogram, proposal)
    }

    /// The widest bar of the histogram, in characters.
    public static let barWidth = 40

    /// The histogram as lines: a bin a line, `#` for touching frames and `~` for hovering ones (a
    /// character per so many frames, at least one for a bin that has any), the bins of the proposed
    /// minimum and tip threshold marked.
    public var histogramLines: [String] {
        guard !histogram.isEmpty else { return [] }
        let most = max(1, histogram.map { $0.touching + $0.hovering }.max() ?? 1)
        func bar(_ count: Int, _ character: Character) -> String {
            count == 0 ? "" : String(repeating: character, count: max(1, count * Self.barWidth / most))
        }
        var lines = [
            "histogram  frames by raw pressure (# touching, ~ hovering; the widest bar \(most) frames)"
        ]
        let labelWidth = "\(histogram.last?.to ?? 0)".count
        for bin in histogram {
            var line =
                "  " + "\(bin.from)".leftPadded(labelWidth) + ".." + "\(bin.to)".leftPadded(labelWidth) + "  "
                + (bar(bin.touching, "#") + bar(bin.hovering, "~")).padding(
                    toLength: Self.barWidth + 1, withPad: " ", startingAt: 0)
                + "\(bin.touching)".leftPadded(7) + " / " + "\(bin.hovering)"
            if let proposal {
                let tip = proposal.minimum + proposal.tipThreshold
                if (bin.from...bin.to).contains(proposal.minimum) { line += "  <- minimum \(proposal.minimum)" }
                if (bin.from...bin.to).contains(tip) { line += "  <- tip down at \(tip)" }
            }
            lines.append(line)
        }
        if let proposal {
            lines.append(
                "proposed   pressure.minimum \(proposal.minimum) (the highest pressure hovering), tip_threshold "
                    + "\(proposal.tipThreshold) (half the way to the light touches)")
        } else {
            lines.append("proposed   nothing: no touches, or the light touches are no higher than hovering")
        }
        return lines
    }

    /// The lines saying where the proposal was written.
    public var writtenLines: [String] {
        guard let profile else { return [] }
        return ["profile    \(profile)"] + (replacedProfile.map { ["replaced   kept as \($0)"] } ?? [])
    }

    /// The lines `calibrate pressure` prints: the axis range and a paragraph per tool.
    public var text: String {
        var lines = ["device     \(device)", "axis       ABS_PRESSURE \(axisMinimum)..\(axisMaximum)"]
        for tool in tools {
            let name = tool.tool + (tool.serial.map { " (serial \($0))" } ?? "")
            lines.append("\(name):")
            lines.append("  frames             \(tool.touchingFrames) touching, \(tool.hoveringFrames) hovering")
            if let low = tool.minimumTouching, let high = tool.maximum {
                let span = Double(axisMaximum - axisMinimum)
                let used = span > 0 ? Double(high - low) / span * 100 : 0
                lines.append("  touching           \(low)..\(high) (\(fixed(used, 1)) % of the axis)")
            } else {
                lines.append("  touching           never")
            }
            lines.append("  hovering at most   \(tool.maximumHovering.map(String.init) ?? "-")")
            lines.append("  worn-nib offset    \(tool.wornNibOffset.map(String.init) ?? "none detected")")
        }
        lines += histogramLines + writtenLines
        return lines.joined(separator: "\n")
    }
}

/// What `calibrate display` prints.
public struct DisplayReport: CommandReport {
    /// One length of the symbol-digit form at the display's density.
    public struct Element: Encodable {
        /// The length's name as ADF's DisplayData writes it (`BorderWidth`, ...).
        public var name: String
        /// The length on the form, in cm.
        @Decimals<4, Double> public var centimetres: Double
        /// The length on the screen, in device pixels.
        @Decimals<0, Double> public var pixels: Double
        /// The length in points (pixels divided by the scaling factor), as the results file carries it.
        @Decimals<4, Double> public var points: Double
    }

    /// The display's density, in device pixels per inch.
    @Decimals<4, Double> public var pixelsPerInch: Double
    /// The desktop's scaling factor: device pixels per point.
    @Decimals<4, Double> public var scalingFactor: Double
    /// The density in points per inch (pixels per inch divided by the scaling factor).
    @Decimals<4, Double> public var pointsPerInch: Double
    /// Where the density comes from (the EDID, a measured ruler).
    public var source: String
    /// The display profile written, by its path.
    public var profile: String
    /// How the profile recognises the display (`output DP-1, EDID WAC, product 0357`), or `by name only`.
    public var match: String
    /// The symbol-digit form's lengths at this density.
    public var symbolDigit: [Element]
    /// Remarks on the measurement, one line each.
    public var notes: [String]

    enum CodingKeys: CodingKey {
        case pixelsPerInch, scalingFactor, pointsPerInch, source, profile, match, symbolDigit, notes
    }

    /// The report of `profile`, measured from `source` and written to `profilePath`.
    public init(profile: DisplayProfile, source: String, profilePath: String, notes: [String]) {
        pixelsPerInch = profile.pixelsPerInch
        scalingFactor = profile.scalingFactor
        pointsPerInch = profile.pointsPerInch
        self.source = source
        self.profile = profilePath
        var matchParts: [String] = []
        if let output = profile.match.output { matchParts.append("output \(output)") }
        if let vendor = profile.match.edidVendor { matchParts.append("EDID \(vendor)") }
        if let product = profile.match.edidProduct { matchParts.append(String(format: "product %04x", product)) }
        match = matchParts.isEmpty ? "by name only" : matchParts.joined(separator: ", ")
        // ADF's rule (cm / 2.54 x ppi, rounded to whole pixels, / scale), so these are the numbers
        // a results file's DisplayData will carry.
        let sizes = SymbolDigitSizes(formAt: profile.pixelsPerInch, screenScalingFactor: profile.scalingFactor)
        let form = SymbolDigitForm.Lengths.self
        let rows: [(String, Double, Double)] = [
            ("BorderWidth", form.borderWidth, sizes.borderWidth),
            ("InnerCellHeight", form.innerCellHeight, sizes.innerCellHeight),
            ("InnerCellWidth", form.innerCellWidth, sizes.innerCellWidth),
            ("RowVerticalMargin", form.rowVerticalMargin, sizes.rowVerticalMargin),
            ("SampleBorderWidth", form.sampleBorderWidth, sizes.sampleBorderWidth),
            ("SampleLabelRightMargin", form.sampleLabelRightMargin, sizes.sampleLabelRightMargin),
            ("StopSignHeight", form.stopSignHeight, sizes.stopSignHeight),
        ]
        symbolDigit = rows.map {
            Element(name: $0.0, centimetres: $0.1, pixels: $0.2 * profile.scalingFactor, points: $0.2)
        }
        self.notes = notes
    }

    /// The lines `calibrate display` prints.
    public var text: String {
        var lines = [
            "density    \(fixed(pixelsPerInch, 4)) pixels per inch, scale \(fixed(scalingFactor, 4)), \(fixed(pointsPerInch, 4)) points per inch",
            "from       \(source)",
            "profile    \(profile) (matches \(match))",
            "symbol-digit form at physical size:",
            "  element                    cm      pixels   points",
        ]
        for element in symbolDigit {
            lines.append(
                "  " + element.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + fixed(element.centimetres, 4).leftPadded(10) + fixed(element.pixels, 0).leftPadded(9)
                    + fixed(element.points, 4).leftPadded(10))
        }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }
}
