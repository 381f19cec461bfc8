public import ADF
public import FileLocations
public import StylusGeometry
public import StylusInput
import TestMaterials

/// The screen a session's results are measured on and the profiles that made them: the one
/// choice `replay`, `record` and `recover` all make, so a journal recovered or replayed with the
/// same options gives the live session's `DisplayData` and `ClockSketchData`.
///
/// Which display (Calibration/README.md, "Which display a results file names"):
/// 1. `--display-profile NAME|FILE`, when given;
/// 2. for a pen display (the device sets `INPUT_PROP_DIRECT`, `P: 02` in an evemu header, or
///    libwacom knows its model as integrated in a display), the
///    display profile its tablet profile names with `display:`. A link rather than the display
///    profiles' EDID `match`: a recording carries no EDID and a live machine may have several
///    screens, while the tablet's ids are in every recording, so replay, record and recover choose
///    the same screen;
/// 3. otherwise the reference canvas: 264 ppi at scale 2, 132 points per inch, the density of the
///    tablet the format was designed on (a tablet without a display, or a pen display whose
///    tablet profile names no screen: then a note on standard error says so).
///
/// The canvas's points per inch, which the normaliser maps form centimetres to, is the chosen
/// display's `pixels_per_inch / scaling_factor`.
public struct ResultsEnvironment: Sendable {
    /// Where the display came from.
    public enum DisplaySource: Equatable, Sendable {
        /// `--display-profile`.
        case option
        /// The tablet profile's `display:` link, for a pen display.
        case tabletProfile
        /// The reference canvas.
        case reference
        /// A journal's description (`recover`): the display profile the session used, or none.
        case journal
    }

    /// The name `ClockSketchData` gives the reference canvas in place of a display profile's.
    public static let referenceName = "reference-264ppi-2x"

    public let tabletProfile: ProfileMatch?
    /// The display profile used; nil for the reference canvas.
    public let displayProfile: DisplayProfile?
    public let displaySource: DisplaySource
    /// The results file's `DisplayData`.
    public let display: DisplayData

    /// Chooses the display of a session on `device`, whose tablet profile is `tabletProfile`;
    /// `displayProfile` is `--display-profile` (a profile's name, or a file); `facts` is the tablet
    /// database's (libwacom's on a live machine) for a recording that does not say it is a pen display.
    /// A pen display whose results fall back to the reference canvas is told to `note` (standard error).
    ///
    /// - Throws: `DisplayChoiceError` when `--display-profile` or the tablet profile's `display:`
    ///   names a profile that is not there; the display profile's `ProfileError` when it is broken.
    public init(
        device: DeviceDescription, tabletProfile: ProfileMatch?, displayProfile given: String?,
        lookup: CalibrationLookup, facts: any DeviceFacts,
        note: (String) -> Void
    ) throws {
        self.tabletProfile = tabletProfile
        let penDisplay = Self.isPenDisplay(device, facts: facts)
        if let given {
            if Self.namesFile(given) {
                displayProfile = try DisplayProfile(
                    yaml: try readText(given, purpose: "display profile"), source: given)
            } else {
                let catalog = try lookup.displayCatalog()
                guard let profile = catalog.profile(named: given) else {
                    throw DisplayChoiceError.noSuchProfile(name: given, known: catalog.names)
                }
                displayProfile = profile
            }
            displaySource = .option
        } else if penDisplay, let link = tabletProfile?.profile.display {
            let catalog = try lookup.displayCatalog()
            guard let profile = catalog.profile(named: link) else {
                throw DisplayChoiceError.brokenLink(
                    tabletProfile: tabletProfile?.source ?? "", name: link, known: catalog.names)
            }
            displayProfile = profile
            displaySource = .tabletProfile
        } else {
            displayProfile = nil
            displaySource = .reference
            if penDisplay {
                note(
                    "note: \(device.name) is a pen display, but "
                        + (tabletProfile.map { "its tablet profile \($0.source) names no display" }
                            ?? "no tablet profile names its display")
                        + "; its results use the reference 264 ppi, 2x canvas. Add 'display: NAME' to the tablet profile "
                        + "or pass --display-profile NAME to measure them on its screen.")
            }
        }
        display =
            displayProfile.map {
                DisplayData.drawingTheForm(pixelsPerInch: $0.pixelsPerInch, screenScalingFactor: $0.scalingFactor)
            } ?? DisplayData.referenceCanvas
    }

    /// The display a session on `device` (with the tablet profile `tabletProfile`) uses when no
    /// `--display-profile` is given, in words: the display profile's name and file, or the
    /// reference canvas; for `devices` and `info`, so a new display profile's effect can be seen.
    public static func activeDisplay(
        device: DeviceDescription, tabletProfile: ProfileMatch?, lookup: CalibrationLookup, facts: any DeviceFacts
    ) -> String {
        do {
            let chosen = try ResultsEnvironment(
                device: device, tabletProfile: tabletProfile, displayProfile: nil, lookup: lookup, facts: facts,
                note: { _ in })
            if let profile = chosen.displayProfile { return "\(profile.name) (\(profile.source))" }
            return isPenDisplay(device, facts: facts)
                ? "the reference 264 ppi, 2x canvas: no tablet profile names this pen display's screen (add 'display: NAME' to it)"
                : "the reference 264 ppi, 2x canvas (a tablet without a display)"
        } catch {
            return "none: \(error)"
        }
    }

    /// True when `device` is a pen display: the kernel says so (`INPUT_PROP_DIRECT`), or the tablet
    /// database `facts` (libwacom) knows its model as integrated in a display (a recording made before
    /// evemu kept input properties has no `P:` line to say it).
    public static func isPenDisplay(_ device: DeviceDescription, facts: any DeviceFacts) -> Bool {
        device.has(property: InputProperty.direct) || facts.isIntegratedInDisplay(device.id)
    }

    /// True when `--display-profile` names a file rather than a profile on the search path: it
    /// has a `/` or ends in `.yaml`/`.yml`, the two things a profile's name never has.
    public static func namesFile(_ displayProfile: String) -> Bool {
        displayProfile.contains("/") || displayProfile.hasSuffix(".yaml") || displayProfile.hasSuffix(".yml")
    }

    /// The environment of profiles already chosen: a journal's (`recover`), whose display
    /// profile (nil: the reference canvas) the session chose by the rules above.
    public init(tabletProfile: ProfileMatch?, displayProfile: DisplayProfile?, source: DisplaySource) {
        self.tabletProfile = tabletProfile
        self.displayProfile = displayProfile
        displaySource = source
        display =
            displayProfile.map {
                DisplayData.drawingTheForm(pixelsPerInch: $0.pixelsPerInch, screenScalingFactor: $0.scalingFactor)
            } ?? DisplayData.referenceCanvas
    }

    /// The profiles used, as `ClockSketchData`'s `DeviceName` carries them:
    /// `StylusKit profiles: tablet=NAME; display=NAME`, where a name is the profile's file name
    /// without `.yaml`, `none` when no tablet profile applied, and `reference-264ppi-2x` for the
    /// reference canvas.
    ///
    /// `DeviceName` because it is the one free-text fact of `ClockSketchData` and StylusKit sets
    /// no user name there: both generations of analysis code read it as text, `adf validate`
    /// accepts it, while a new child element would be refused by the validator (adf.md promises
    /// tolerance of unknown attributes, not elements).
    public var profileNames: String {
        "StylusKit profiles: tablet=\(tabletProfile?.profile.name ?? "none"); display=\(displayProfile?.name ?? Self.referenceName)"
    }

    /// The results file's `ClockSketchData`: the machine, the tablet, the pen, the canvas of
    /// `canvas` points and the profiles used. Patient data is added by `PatientOptions.fill`.
    public func clockSketchData(
        kernel: String?, device: DeviceDescription, penID: String?,
        canvas: (widthPoints: Double, heightPoints: Double)
    ) -> ClockSketchData {
        ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: kernel, deviceModel: device.name,
            deviceModelIdentifier: device.id.busVendorProduct, deviceName: profileNames, pencilID: penID,
            canvasWidth: canvas.widthPoints, canvasHeight: canvas.heightPoints)
    }
}

/// Why the display of a session could not be chosen.
public enum DisplayChoiceError: Error, CustomStringConvertible {
    case noSuchProfile(name: String, known: [String])
    case brokenLink(tabletProfile: String, name: String, known: [String])

    public var description: String {
        switch self {
        case .noSuchProfile(let name, let known):
            "No display profile named '\(name)' in the displays/ folders of Calibration/, /etc/styluskit/calibration "
                + "or ~/.config/styluskit/calibration (\(Self.list(known))). Give one of those names, or a profile file "
                + "(a path ending in .yaml) with --display-profile."
        case .brokenLink(let tabletProfile, let name, let known):
            "The tablet profile \(tabletProfile) names the display profile '\(name)' (display:), which is not in the "
                + "displays/ folders of the search path (\(Self.list(known))). Add displays/\(name).yaml, correct "
                + "'display:', or pass --display-profile."
        }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "there are none" : "there are: " + names.joined(separator: ", ")
    }
}
