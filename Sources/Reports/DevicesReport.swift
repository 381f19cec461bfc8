public import FileLocations
import Foundation
public import LinuxInput
public import Sessions
import StylusGeometry
import StylusInput

/// What `devices` prints.
public struct DevicesReport: CommandReport {
    /// One absolute axis of a pen node, as the kernel gives it.
    public struct Axis: Encodable {
        /// The axis's kernel name (`ABS_X`, `ABS_PRESSURE`, ...).
        public var axis: String
        /// The axis's lowest value.
        public var minimum: Int32
        /// The axis's highest value.
        public var maximum: Int32
        /// Units per mm (position) or per radian (tilt); 0 when the kernel does not know.
        public var resolution: Int32
        /// For ABS_X and ABS_Y: (maximum - minimum) / resolution, in mm; nil without a resolution. Two decimals in
        /// the JSON, as `info` gives the same size (the text shows one).
        @Decimals<2, Double?> public var physicalSizeMillimetres: Double? = nil
    }

    /// What libwacom's database says about the node's tablet model.
    public struct Model: Encodable {
        /// libwacom's name of the tablet.
        public var name: String
        /// The maker's model number (`DTH-2242`); nil when libwacom has none.
        public var modelName: String?
        /// "pen display" or "tablet".
        public var surface: String
        /// The usable area as libwacom gives it (whole inches), in mm.
        @Decimals<1, Double?> public var widthMillimetres: Double? = nil
        /// The usable area's height, in mm.
        @Decimals<1, Double?> public var heightMillimetres: Double? = nil
        /// Units per mm of x and y from that area, for a pen node that reports no resolution.
        @Decimals<1, [Double]?> public var approximateResolution: [Double]? = nil
        /// Where these facts come from.
        public var source = "libwacom"

        /// The facts libwacom gives of `tablet`.
        public init(_ tablet: LibwacomTablet) {
            name = tablet.name
            modelName = tablet.modelName
            surface = tablet.kindOfSurface
            widthMillimetres = tablet.physicalSizeMillimetres?.width
            heightMillimetres = tablet.physicalSizeMillimetres?.height
        }
    }

    /// One event node of a connected tablet.
    public struct Device: Encodable {
        /// The event node, `/dev/input/event5`.
        public var node: String
        /// What the node carries: `pen`, `pad` or `touch` (`TabletNodeRole`).
        public var role: String
        /// The kernel's name of the node.
        public var name: String
        /// The node's `bus:vendor:product`.
        public var id: String
        /// The device's version, four hexadecimal digits.
        public var version: String
        /// Whether this user may open the node (else the udev rule is missing: README, "Live capture").
        public var readable: Bool
        /// A pen node's absolute axes; empty for the others, or when the node could not be opened.
        public var axes: [Axis]
        /// ABS_PRESSURE's `[minimum, maximum]`; nil when the pen has none.
        public var pressureRange: [Int32]?
        /// ABS_TILT_X's `[minimum, maximum]`; nil when the pen has none.
        public var tiltRange: [Int32]?
        /// The tablet profile a session on this pen would use, by its path; nil when none matches.
        public var profile: String?
        /// The display a session on this pen measures its results on (`ResultsEnvironment.activeDisplay`).
        public var display: String?
        /// Why a session could not use this pen (`PenCapabilities`' refusal); nil when it could.
        public var problem: String?
        /// What libwacom knows of the tablet; nil when it does not know it.
        public var model: Model?
    }

    /// Where the nodes were found: `udev`, or `sysfs` when udev could not be used.
    public var source: String
    /// Why udev was not used; nil when it was.
    public var note: String?
    /// The nodes found, pen, pad and touch; empty when no tablet is connected.
    public var devices: [Device]

    /// The lines `devices` prints: a paragraph per node.
    public var text: String {
        var lines: [String] = []
        if let note {
            lines.append("note: no udev data (\(note)); tablets were found from /sys and their capabilities.")
        }
        if devices.filter({ $0.role == "pen" }).isEmpty {
            lines.append(
                "No pen tablet found. Plug one in (or check `ls /dev/input`); tablets are the event nodes udev marks ID_INPUT_TABLET=1."
            )
        }
        for device in devices {
            lines.append("\(device.node)  \(device.role)  \"\(device.name)\"  \(device.id) v\(device.version)")
            for axis in device.axes {
                var line = "    \(axis.axis)  \(axis.minimum)..\(axis.maximum)  resolution \(axis.resolution)"
                if let size = axis.physicalSizeMillimetres { line += String(format: "  %.1f mm", size) }
                lines.append(line)
            }
            if let model = device.model {
                var line =
                    "    model    \(model.name)" + (model.modelName.map { " (\($0))" } ?? "") + ", \(model.surface)"
                if let width = model.widthMillimetres, let height = model.heightMillimetres {
                    line += String(format: ", %.1f x %.1f mm", width, height)
                }
                lines.append(line + " (from \(model.source))")
                if let resolution = model.approximateResolution {
                    lines.append(
                        String(
                            format: "    resolution about %.1f x %.1f units/mm from libwacom's size in whole inches",
                            resolution[0],
                            resolution[1])
                            + " (the kernel reports none; a tablet profile gives the exact value)")
                }
            }
            if let pressure = device.pressureRange { lines.append("    pressure \(pressure[0])..\(pressure[1])") }
            if let tilt = device.tiltRange { lines.append("    tilt \(tilt[0])..\(tilt[1])") }
            if device.role == "pen" {
                lines.append("    profile  \(device.profile ?? "none (the kernel's resolution is used)")")
            }
            if let display = device.display { lines.append("    display  \(display)") }
            lines.append("    access   \(device.readable ? "readable by you" : "not readable by you")")
            if let problem = device.problem { lines.append("    problem  \(problem)") }
        }
        return lines.joined(separator: "\n")
    }
}

extension DevicesReport {
    /// The pen tablets connected now, as udev (or /sys) and libwacom describe them; each pen node
    /// is opened for its ranges, with the tablet profile (`profileFile`, else the best match on
    /// the search path) and the display a session on it would use.
    public static func scan(profileFile: String?, lookup: CalibrationLookup = CalibrationLookup()) -> DevicesReport {
        let discovery = TabletDiscovery.scan()
        let libwacom = LibwacomDatabase.shared
        var report = DevicesReport(source: discovery.source.rawValue, note: discovery.fallbackReason, devices: [])
        for node in discovery.nodes {
            var entry = DevicesReport.Device(
                node: node.node, role: node.role.rawValue, name: node.name, id: node.id.busVendorProduct,
                version: String(format: "%04x", node.id.version), readable: mayRead(node: node.node), axes: [])
            if let tablet = libwacom?.tablet(node: node.node) ?? libwacom?.tablet(for: node.id) {
                entry.model = DevicesReport.Model(tablet)
            }
            if node.role == .pen {
                do {
                    let description = try LiveTablet.describe(node: node.node)
                    entry.axes = description.absInfo.sorted { $0.key < $1.key }.map { code, info in
                        let resolution = info.knownResolution
                        let size = resolution.map { Double(Int64(info.maximum) - Int64(info.minimum)) / Double($0) }
                        let isPosition = code == AbsoluteAxis.x || code == AbsoluteAxis.y
                        return .init(
                            axis: eventCodeName(type: .absolute, code: code) ?? "ABS_\(code)", minimum: info.minimum,
                            maximum: info.maximum, resolution: info.resolution ?? 0,
                            physicalSizeMillimetres: isPosition ? size : nil)
                    }
                    if let pressure = description.absInfo[AbsoluteAxis.pressure] {
                        entry.pressureRange = [pressure.minimum, pressure.maximum]
                    }
                    if let tilt = description.absInfo[AbsoluteAxis.tiltX] {
                        entry.tiltRange = [tilt.minimum, tilt.maximum]
                    }
                    do {
                        _ = try PenCapabilities(checking: description)
                    } catch {
                        entry.problem = error.description
                    }
                    let match = (try? lookup.tabletProfile(for: description, file: profileFile)) ?? nil
                    entry.profile = match?.source
                    entry.display = ResultsEnvironment.activeDisplay(
                        device: description, tabletProfile: match, lookup: lookup,
                        facts: LibwacomDatabase.installedFacts)
                    if let tablet = libwacom?.tablet(node: node.node) ?? libwacom?.tablet(for: node.id),
                        description.resolution(of: AbsoluteAxis.x) == nil
                            || description.resolution(of: AbsoluteAxis.y) == nil,
                        let approximate = tablet.approximateResolution(of: description)
                    {
                        entry.model?.approximateResolution = [approximate.x, approximate.y]
                    }
                } catch {
                    entry.problem = error.description
                }
            }
            report.devices.append(entry)
        }
        return report
    }
}
