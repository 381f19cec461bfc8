import ArgumentParser
import Foundation
import LinuxInput
import StylusInput
import StylusGeometry

/// `styluskit devices`: the pen tablets connected, with what a session needs to know about them.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists the pen tablets connected: node, name, ids, axes, pressure and tilt ranges, profile, access.",
        discussion: """
            Tablets are found through udev (ID_INPUT_TABLET=1 on event nodes); without udev data (a \
            container, a chroot) through /sys and the nodes' capabilities, which the output says. \
            Ranges need the node opened: a node you may not read is listed with the udev rule that fixes it.
            """)

    @OptionGroup var profile: ProfileOptions

    @Flag(help: "Print the list as JSON.")
    var json = false

    func run() throws {
        let discovery = TabletDiscovery.scan()
        let libwacom = LibwacomDatabase()
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
                    if let tilt = description.absInfo[AbsoluteAxis.tiltX] { entry.tiltRange = [tilt.minimum, tilt.maximum] }
                    do {
                        _ = try PenCapabilities(checking: description)
                    } catch {
                        entry.problem = error.description
                    }
                    entry.profile = try? profile.profile(for: description)?.source
                    if let tablet = libwacom?.tablet(node: node.node) ?? libwacom?.tablet(for: node.id),
                        description.resolution(of: AbsoluteAxis.x) == nil || description.resolution(of: AbsoluteAxis.y) == nil,
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
        print(json ? report.json : report.text)
    }
}

/// What `devices` prints.
struct DevicesReport: CommandReport {
    struct Axis: Codable {
        var axis: String
        var minimum: Int32
        var maximum: Int32
        /// Units per mm (position) or per radian (tilt); 0 when the kernel does not know.
        var resolution: Int32
        var physicalSizeMillimetres: Double?
    }

    /// What libwacom's database says about the node's tablet model.
    struct Model: Codable {
        var name: String
        var modelName: String?
        /// "pen display" or "tablet".
        var surface: String
        /// The usable area as libwacom gives it (whole inches), in mm.
        var widthMillimetres: Double?
        var heightMillimetres: Double?
        /// Units per mm of x and y from that area, for a pen node that reports no resolution.
        var approximateResolution: [Double]?
        /// Where these facts come from.
        var source = "libwacom"

        init(_ tablet: LibwacomTablet) {
            name = tablet.name
            modelName = tablet.modelName
            surface = tablet.kindOfSurface
            widthMillimetres = tablet.physicalSizeMillimetres?.width
            heightMillimetres = tablet.physicalSizeMillimetres?.height
        }
    }

    struct Device: Codable {
        var node: String
        var role: String
        var name: String
        var id: String
        var version: String
        var readable: Bool
        var axes: [Axis]
        var pressureRange: [Int32]?
        var tiltRange: [Int32]?
        var profile: String?
        var problem: String?
        var model: Model?
    }

    var source: String
    var note: String?
    var devices: [Device]

    var text: String {
        var lines: [String] = []
        if let note { lines.append("note: no udev data (\(note)); tablets were found from /sys and their capabilities.") }
        if devices.filter({ $0.role == "pen" }).isEmpty {
            lines.append(
                "No pen tablet found. Plug one in (or check `ls /dev/input`); tablets are the event nodes udev marks ID_INPUT_TABLET=1.")
        }
        for device in devices {
            lines.append("\(device.node)  \(device.role)  \"\(device.name)\"  \(device.id) v\(device.version)")
            for axis in device.axes {
                var line = "    \(axis.axis)  \(axis.minimum)..\(axis.maximum)  resolution \(axis.resolution)"
                if let size = axis.physicalSizeMillimetres { line += String(format: "  %.1f mm", size) }
                lines.append(line)
            }
            if let model = device.model {
                var line = "    model    \(model.name)" + (model.modelName.map { " (\($0))" } ?? "") + ", \(model.surface)"
                if let width = model.widthMillimetres, let height = model.heightMillimetres {
                    line += String(format: ", %.1f x %.1f mm", width, height)
                }
                lines.append(line + " (from \(model.source))")
                if let resolution = model.approximateResolution {
                    lines.append(
                        String(
                            format: "    resolution about %.1f x %.1f units/mm from libwacom's size in whole inches", resolution[0],
                            resolution[1])
                            + " (the kernel reports none; a tablet profile gives the exact value)")
                }
            }
            if let pressure = device.pressureRange { lines.append("    pressure \(pressure[0])..\(pressure[1])") }
            if let tilt = device.tiltRange { lines.append("    tilt \(tilt[0])..\(tilt[1])") }
            if device.role == "pen" { lines.append("    profile  \(device.profile ?? "none (the kernel's resolution is used)")") }
            lines.append("    access   \(device.readable ? "readable by you" : "not readable by you")")
            if let problem = device.problem { lines.append("    problem  \(problem)") }
        }
        return lines.joined(separator: "\n")
    }
}
