import Foundation
public import StylusInput

/// What an input node of a tablet is: tablets expose their pen, pad buttons and touch on separate nodes.
public enum TabletNodeRole: String, Hashable, Sendable, Codable {
    /// The pen (stylus, eraser, puck): what StylusKit records.
    case pen
    /// The express keys, rings and strips.
    case pad
    /// Finger touch on the tablet surface.
    case touch
}

/// Where discovery got its facts from.
public enum DiscoverySource: String, Hashable, Sendable, Codable {
    /// udevd's database: the ID_INPUT_* properties.
    case udev
    /// /sys only (no udevd: a container, a chroot, early boot): roles guessed from the capabilities.
    case sysfs
}

/// One input node of a tablet, as discovery found it.
public struct TabletNode: Hashable, Sendable {
    /// `/dev/input/event5`.
    public var node: String
    /// `event5`.
    public var sysname: String
    public var role: TabletNodeRole
    /// The kernel's device name.
    public var name: String
    public var id: InputID
    /// The udev properties (empty in the sysfs fallback).
    public var udevProperties: [String: String] = [:]
    /// What the capabilities in /sys say (codes and properties; no ranges: those need the node opened).
    public var sysfsDescription: DeviceDescription?
}

/// The tablet nodes of this machine.
public struct TabletDiscovery: Hashable, Sendable {
    public var nodes: [TabletNode]
    public var source: DiscoverySource
    /// Why the sysfs fallback was used, when it was.
    public var fallbackReason: String?

    /// The pen nodes, which are what `record` can open.
    public var penNodes: [TabletNode] { nodes.filter { $0.role == .pen } }

    /// The node of the one pen tablet connected, the default of a live session's `--device`:
    /// refused when there is none or several.
    public func onlyPenNode() throws(LiveInputError) -> String {
        guard let first = penNodes.first else { throw .noTablet }
        guard penNodes.count == 1 else { throw .severalTablets(nodes: penNodes.map(\.node)) }
        return first.node
    }

    /// Looks at every `event*` input node: through udev when udevd has processed them, else through /sys.
    public static func scan(sysfsRoot: String = "/sys/class/input") -> TabletDiscovery {
        let udevNodes = Libudev.inputEventNodes() ?? []
        if !udevNodes.isEmpty, udevNodes.contains(where: \.initialized) {
            let nodes = udevNodes.compactMap { node -> TabletNode? in
                guard let udevRole = TabletNodeClassifier.role(udevProperties: node.properties) else { return nil }
                let sysfs = SysfsInputNode.read(eventDirectory: node.syspath)
                let role = TabletNodeClassifier.role(udevRole: udevRole, capabilities: sysfs?.description)
                return TabletNode(
                    node: node.devnode ?? "/dev/input/\(node.sysname)", sysname: node.sysname, role: role,
                    name: sysfs?.name ?? node.properties["NAME"].map { $0.trimmingCharacters(in: ["\""]) } ?? "",
                    id: sysfs?.description.id ?? InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                    udevProperties: node.properties, sysfsDescription: sysfs?.description)
            }
            return TabletDiscovery(nodes: nodes.sorted(by: TabletNode.nodeOrder), source: .udev, fallbackReason: nil)
        }
        let reason =
            udevNodes.isEmpty
            ? "libudev listed no input nodes"
            : "udevd has not processed the input nodes (no udev database: a container or chroot?)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sysfsRoot)) ?? []
        let nodes = names.filter { $0.hasPrefix("event") }.compactMap { sysname -> TabletNode? in
            guard let sysfs = SysfsInputNode.read(eventDirectory: "\(sysfsRoot)/\(sysname)"),
                let role = TabletNodeClassifier.role(capabilities: sysfs.description)
            else { return nil }
            return TabletNode(
                node: "/dev/input/\(sysname)", sysname: sysname, role: role, name: sysfs.name, id: sysfs.description.id,
                sysfsDescription: sysfs.description)
        }
        return TabletDiscovery(nodes: nodes.sorted(by: TabletNode.nodeOrder), source: .sysfs, fallbackReason: reason)
    }
}

extension TabletNode {
    /// event2 before event10.
    static func nodeOrder(_ a: TabletNode, _ b: TabletNode) -> Bool {
        let number = { (node: TabletNode) in Int(node.sysname.dropFirst("event".count)) ?? Int.max }
        return (number(a), a.sysname) < (number(b), b.sysname)
    }
}

/// Tells pen, pad and touch nodes apart.
public enum TabletNodeClassifier {
    /// The role udev's `input_id` builtin gave a node, or nil for a node that is not part of a tablet.
    ///
    /// udev sets ID_INPUT_TABLET on the pen node and on its `mouseN` twin (discovery only looks at
    /// `event*`), ID_INPUT_TABLET_PAD on pads (which may carry ID_INPUT_TABLET too), and
    /// ID_INPUT_TOUCHPAD or ID_INPUT_TOUCHSCREEN on a tablet's touch node.
    public static func role(udevProperties properties: [String: String]) -> TabletNodeRole? {
        let set = { (key: String) in properties[key] == "1" }
        if set("ID_INPUT_TABLET_PAD") { return .pad }
        if set("ID_INPUT_TABLET") {
            return set("ID_INPUT_TOUCHPAD") || set("ID_INPUT_TOUCHSCREEN") ? .touch : .pen
        }
        return nil
    }

    /// udev's role, corrected by the capabilities where udev called a pad or touch node a pen:
    /// udev versions before pads had ID_INPUT_TABLET_PAD tag a Wacom pad (BTN_0…, BTN_STYLUS)
    /// ID_INPUT_TABLET only, and recording it would give an empty session.
    public static func role(udevRole: TabletNodeRole, capabilities device: DeviceDescription?) -> TabletNodeRole {
        guard udevRole == .pen, let device else { return udevRole }
        switch DeviceKind(classifying: device) {
        case .pad: return .pad
        case .touch: return .touch
        case .pen, .penWithEraser, .puck, .unknown: return udevRole
        }
    }

    /// The role guessed from capabilities alone, like udev's `input_id` builtin: the node's
    /// `DeviceKind` (a pen needs a pen tool, or `BTN_TOUCH`/`BTN_STYLUS` without finger tools or
    /// pad controls; a pad has `BTN_0…`, a ring or strips). Touch surfaces and pucks are not
    /// guessed to belong to a tablet without udev, and give nil like every other device.
    public static func role(capabilities device: DeviceDescription) -> TabletNodeRole? {
        switch DeviceKind(classifying: device) {
        case .pen, .penWithEraser:
            device.supports(.absolute, AbsoluteAxis.x) && device.supports(.absolute, AbsoluteAxis.y) ? .pen : nil
        case .pad: .pad
        case .touch, .puck, .unknown: nil
        }
    }
}

/// An input node's description as /sys gives it, without opening the node.
public struct SysfsInputNode: Hashable, Sendable {
    public var name: String
    /// Codes and properties from the capability bit masks; no absinfo (only an open node has ranges).
    public var description: DeviceDescription

    /// Reads `<eventDirectory>/device/{name,id/*,capabilities/*,properties}`; nil when the node is gone.
    public static func read(eventDirectory: String) -> SysfsInputNode? {
        let base = eventDirectory + "/device"
        func text(_ relative: String) -> String? {
            (try? String(contentsOfFile: base + "/" + relative, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let name = text("name") else { return nil }
        func hexID(_ field: String) -> UInt16 { text("id/" + field).flatMap { UInt16($0, radix: 16) } ?? 0 }
        let id = InputID(
            bustype: hexID("bustype"), vendor: hexID("vendor"), product: hexID("product"), version: hexID("version"))
        return SysfsInputNode(
            name: name,
            description: describe(
                name: name, id: id, properties: text("properties") ?? "0",
                capabilities: ["ev", "key", "rel", "abs", "msc", "sw", "led", "snd", "ff"].reduce(into: [:]) {
                    $0[$1] = text("capabilities/" + $1)
                }))
    }

    /// A description from the capability masks' text (`capabilities/ev`, `capabilities/key`, ...).
    public static func describe(name: String, id: InputID, properties: String, capabilities: [String: String])
        -> DeviceDescription
    {
        let types: [(String, EventType)] = [
            ("key", .key), ("rel", .relative), ("abs", .absolute), ("msc", .miscellaneous), ("sw", .switch),
            ("led", .led), ("snd", .sound), ("ff", .forceFeedback),
        ]
        let supported = SysfsBitmask.bits(capabilities["ev"] ?? "0")
        var codes: [EventType: Set<UInt16>] = [:]
        for raw in supported where raw <= EventType.max.rawValue { codes[EventType(rawValue: raw)] = [] }
        for (file, type) in types {
            guard let mask = capabilities[file] else { continue }
            let bits = SysfsBitmask.bits(mask)
            if !bits.isEmpty || supported.contains(type.rawValue) { codes[type] = bits }
        }
        return DeviceDescription(name: name, id: id, properties: SysfsBitmask.bits(properties), codes: codes)
    }
}

/// The kernel's bit-mask text in /sys: hex words (an `unsigned long` each, 64 bits here), most significant first.
public enum SysfsBitmask {
    /// The set bits of a mask such as `1000003 0 0` (the last word holds bits 0-63).
    public static func bits(_ text: String, wordBits: Int = 64) -> Set<UInt16> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed()
        var result: Set<UInt16> = []
        for (index, word) in words.enumerated() {
            guard let value = UInt64(word, radix: 16) else { continue }
            for bit in 0..<wordBits where value & (1 << UInt64(bit)) != 0 {
                let code = index * wordBits + bit
                if code <= Int(UInt16.max) { result.insert(UInt16(code)) }
            }
        }
        return result
    }
}

/// What makes a tablet the same tablet after it was unplugged: its name, bus, vendor and product,
/// and its serial when udev or the kernel gives one. The node path is not part of it: a replugged
/// tablet may come back as another `eventN` (another device took its number meanwhile).
public struct TabletIdentity: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    /// udev's ID_SERIAL_SHORT, else the kernel's `uniq`; nil when neither names one.
    public var serial: String?

    public init(name: String, bustype: UInt16, vendor: UInt16, product: UInt16, serial: String? = nil) {
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.serial = serial.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The identity of a discovered node; `uniq` is the kernel's (`device/uniq` in /sys), if read.
    public init(_ node: TabletNode, uniq: String? = nil) {
        self.init(
            name: node.name, bustype: node.id.bustype, vendor: node.id.vendor, product: node.id.product,
            serial: node.udevProperties["ID_SERIAL_SHORT"].flatMap { $0.isEmpty ? nil : $0 } ?? uniq)
    }

    /// The identity of a discovered node, with the kernel's `uniq` read from /sys.
    public static func reading(_ node: TabletNode, sysfsRoot: String = "/sys/class/input") -> TabletIdentity {
        let uniq = (try? String(contentsOfFile: "\(sysfsRoot)/\(node.sysname)/device/uniq", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return TabletIdentity(node, uniq: uniq)
    }

    /// Whether `other` is this tablet: the same name, bus, vendor and product, and, when this one has
    /// a serial, the same serial (a second tablet of the same model is not this one).
    public func accepts(_ other: TabletIdentity) -> Bool {
        guard name == other.name, bustype == other.bustype, vendor == other.vendor, product == other.product else {
            return false
        }
        guard let serial else { return true }
        return other.serial == serial
    }

    public var description: String {
        let ids = [bustype, vendor, product].map { String($0, radix: 16).leftPadded(to: 4) }.joined(separator: ":")
        return "\(name) (\(ids)\(serial.map { ", serial \($0)" } ?? ""))"
    }
}

extension TabletDiscovery {
    /// The first pen node that is the tablet `identity` names, whatever its `eventN`.
    public func penNode(of identity: TabletIdentity, sysfsRoot: String = "/sys/class/input") -> TabletNode? {
        penNodes.first { identity.accepts(TabletIdentity.reading($0, sysfsRoot: sysfsRoot)) }
    }
}

extension TabletDiscovery {
    /// The pen node of the tablet `node` belongs to (its pad or touch node, say): a pen node with
    /// the same vendor and product and, where udev gives one, the same `LIBINPUT_DEVICE_GROUP`
    /// (two tablets of one model are two groups). Nil when there is none, or when several fit.
    public func penSibling(of node: String) -> TabletNode? {
        guard let own = nodes.first(where: { $0.node == node }) else { return nil }
        let group = own.udevProperties["LIBINPUT_DEVICE_GROUP"]
        let candidates = penNodes.filter {
            $0.node != node && $0.id.vendor == own.id.vendor && $0.id.product == own.id.product
                && (group == nil || $0.udevProperties["LIBINPUT_DEVICE_GROUP"] == group)
        }
        return candidates.count == 1 ? candidates[0] : nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
