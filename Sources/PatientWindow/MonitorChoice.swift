internal import Foundation
public import StylusGeometry

/// A display connector of the kernel's DRM subsystem (`/sys/class/drm/card0-DP-1`): its name and
/// the EDID of what is plugged into it.
public struct DRMConnector {
    /// The connector's name as DRM calls it: `DP-1`, `HDMI-A-1`, `eDP-1`.
    public var name: String
    /// The sysfs path of its EDID file.
    public var edidPath: String
    /// The EDID's bytes; empty when nothing is plugged in or the display gives none.
    public var edidBytes: [UInt8]
    /// The kernel's `status`: `connected`, `disconnected`, `unknown`; nil when unreadable.
    public var status: String?
    /// The EDID, when there are bytes and they parse.
    public var edid: EDID?

    public init(name: String, edidPath: String, edidBytes: [UInt8], status: String?) {
        self.name = name
        self.edidPath = edidPath
        self.edidBytes = edidBytes
        self.status = status
        edid = edidBytes.isEmpty ? nil : try? EDID(bytes: edidBytes)
    }

    /// Something is plugged in: the kernel says so, or it gives an EDID.
    public var isConnected: Bool { status == "connected" || !edidBytes.isEmpty }

    /// What a display profile's `match` is compared with.
    public var identity: DisplayIdentity { DisplayIdentity(output: name, edid: edid) }

    /// The names the window system may give this connector: DRM's, and the X server's
    /// modesetting driver's, which calls an `HDMI-A-1` `HDMI-1` (other X drivers name outputs
    /// their own way: `DP1`, `DisplayPort-0`, and those cannot be told from sysfs).
    public var windowSystemNames: [String] {
        var names = [name]
        if name.hasPrefix("HDMI-A-") { names.append("HDMI-" + name.dropFirst("HDMI-A-".count)) }
        return names
    }

    /// The connector as messages name it: `DP-1 (EDID 'Cintiq 13HD')`.
    public var label: String {
        name
            + (edid?.productName.map { " (EDID '\($0)')" }
                ?? (edid.map { " (EDID \($0.manufacturer) \(String(format: "%04x", $0.productCode)), no monitor name)" }
                    ?? ""))
    }

    /// Every connector under `root` (`card*-NAME` entries; the cards themselves are skipped), in
    /// sorted order.
    public static func scan(root: String = "/sys/class/drm") -> [DRMConnector] {
        var found: [DRMConnector] = []
        for entry in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            // card0-DP-1: the connector name follows the card's; `card0` alone is the card.
            guard entry.hasPrefix("card"), let dash = entry.firstIndex(of: "-") else { continue }
            let directory = "\(root)/\(entry)"
            let edidPath = "\(directory)/edid"
            let bytes = FileManager.default.contents(atPath: edidPath).map { [UInt8]($0) } ?? []
            let status = (try? String(contentsOfFile: "\(directory)/status", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            found.append(
                DRMConnector(
                    name: String(entry[entry.index(after: dash)...]), edidPath: edidPath, edidBytes: bytes,
                    status: status))
        }
        return found
    }
}

/// Which of SDL's monitors the patient window goes on: by SDL's name, by the connector's name
/// (`DP-1`) or by the EDID's monitor name, or, when none is given, the one the display profile's
/// `match` names. Pure: SDL's names and the DRM connectors are read by the caller.
///
/// Under X11, SDL names a monitor by its EDID's monitor name when it has one, else by the X
/// output's name (the connector's); that is how a connector is found among SDL's monitors. Other
/// video drivers (Wayland, KMSDRM, offscreen) name monitors their own way: there only SDL's names,
/// and connector or EDID names that happen to equal them, can be matched.
public struct MonitorChooser {
    /// SDL's monitors by name, in SDL's order (the index is SDL's display index).
    public let sdlNames: [String]
    /// The connected DRM connectors.
    public let connectors: [DRMConnector]
    /// SDL's video driver (`x11`, `wayland`, `offscreen`), for messages.
    public let videoDriver: String?

    public init(sdlNames: [String], connectors: [DRMConnector], videoDriver: String?) {
        self.sdlNames = sdlNames
        self.connectors = connectors.filter(\.isConnected)
        self.videoDriver = videoDriver
    }

    /// The SDL monitors a connector shows as: those named by its EDID's monitor name, else by one
    /// of its window-system names.
    public func sdlIndices(of connector: DRMConnector) -> [Int] {
        let names = connector.edid?.productName.map { [$0] } ?? connector.windowSystemNames
        return sdlNames.indices.filter { names.contains(sdlNames[$0]) }
    }

    /// The connector an SDL monitor is on, when exactly one connector shows as it.
    public func connector(ofSDLIndex index: Int) -> DRMConnector? {
        let candidates = connectors.filter { sdlIndices(of: $0).contains(index) }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// SDL's display index of the monitor `name` names.
    ///
    /// - Throws: `MonitorChoiceError` when no monitor, or more than one, answers to the name, or
    ///   when the name is a connected display's that SDL does not show by a name we can tell.
    public func choose(_ name: String) throws(MonitorChoiceError) -> Int {
        // `#1`: SDL's index, for monitors SDL shows by the same name (two of one model).
        if name.hasPrefix("#"), let index = Int(name.dropFirst()), sdlNames.indices.contains(index) { return index }
        let bySDLName = sdlNames.indices.filter { sdlNames[$0] == name }
        if bySDLName.count == 1 { return bySDLName[0] }
        if bySDLName.count > 1 {
            throw .ambiguous(name: name, candidates: bySDLName.map(monitorLabel), monitors: monitorList)
        }
        let named = connectors.filter { $0.windowSystemNames.contains(name) || $0.edid?.productName == name }
        guard !named.isEmpty else { throw .noSuchMonitor(name: name, monitors: monitorList) }
        let indices = Array(Set(named.flatMap(sdlIndices))).sorted()
        switch indices.count {
        case 1: return indices[0]
        case 0:
            throw .notShownBySDL(
                name: name, connectors: named.map(\.label), driver: videoDriver ?? "unknown", monitors: monitorList)
        default: throw .ambiguous(name: name, candidates: indices.map(monitorLabel), monitors: monitorList)
        }
    }

    /// What to do when no `--output-display` is given: the SDL monitor of the connected display
    /// `profile`'s `match` names, or nil (the first monitor) with a note saying why not.
    public func choose(matching profile: DisplayProfile) -> (index: Int?, note: String?) {
        let matched = connectors.filter { profile.match.matches($0.identity) }
        guard !matched.isEmpty else { return (nil, nil) }
        let indices = Array(Set(matched.flatMap(sdlIndices))).sorted()
        let first = sdlNames.first.map { "'\($0)'" } ?? "(none)"
        if indices.count == 1 { return (indices[0], nil) }
        let which = matched.map(\.label).joined(separator: ", ")
        if indices.isEmpty {
            return (
                nil,
                "the display profile \(profile.name) matches \(which), but SDL's \(videoDriver ?? "unknown") video driver "
                    + "shows no monitor by its EDID or connector name (its monitors: \(monitorList)); the window goes on the first, "
                    + "\(first). Pass --output-display NAME to choose."
            )
        }
        return (
            nil,
            "the display profile \(profile.name) matches \(which), shown by SDL as "
                + indices.map(monitorLabel).joined(separator: ", ")
                + "; the window goes on the first monitor, \(first). "
                + "Pass --output-display NAME to choose."
        )
    }

    /// An SDL monitor as messages name it: `#0 'Cintiq 13HD' (connector DP-1)`, the connector
    /// left out when it cannot be told.
    public func monitorLabel(_ index: Int) -> String {
        "#\(index) '\(sdlNames[index])'" + (connector(ofSDLIndex: index).map { " (connector \($0.name))" } ?? "")
    }

    /// SDL's monitors, with their connectors where known, and the connected displays SDL does not
    /// show by a name we can tell.
    public var monitorList: String {
        var parts = sdlNames.indices.map(monitorLabel)
        if parts.isEmpty { parts = ["(none)"] }
        let unseen = connectors.filter { sdlIndices(of: $0).isEmpty }
        if !unseen.isEmpty {
            parts.append(
                "and connected but not matched to an SDL monitor: " + unseen.map(\.label).joined(separator: ", "))
        }
        return parts.joined(separator: ", ")
    }
}

/// Why `--output-display` named no one monitor.
public enum MonitorChoiceError: Error, Hashable, CustomStringConvertible {
    case noSuchMonitor(name: String, monitors: String)
    case notShownBySDL(name: String, connectors: [String], driver: String, monitors: String)
    case ambiguous(name: String, candidates: [String], monitors: String)

    public var description: String {
        switch self {
        case .noSuchMonitor(let name, let monitors):
            "No monitor is called '\(name)' by SDL, by a connector or by an EDID; the monitors are: \(monitors). "
                + "Pass one of these names (or #N), a connector (as in /sys/class/drm/card0-DP-1: DP-1) or an EDID monitor name to --output-display."
        case .notShownBySDL(let name, let connectors, let driver, let monitors):
            "'\(name)' is the connected display \(connectors.joined(separator: ", ")), but SDL's \(driver) video driver shows "
                + "no monitor by its EDID or connector name, so it cannot be told which of SDL's monitors it is; "
                + "the monitors are: \(monitors). Pass SDL's name of the monitor to --output-display."
        case .ambiguous(let name, let candidates, let monitors):
            "'\(name)' names more than one monitor: \(candidates.joined(separator: ", ")); the monitors are: \(monitors). "
                + "Pass the one you mean by its number to --output-display, e.g. '\(candidates.first?.prefix { $0 != " " } ?? "#0")'."
        }
    }
}
