import CUdev

/// What udev knows about one input node, copied out of libudev so no C pointer escapes.
struct UdevInputNode: Hashable, Sendable {
    /// `event5`.
    var sysname: String
    /// `/dev/input/event5`, when udev (or devtmpfs) gave one.
    var devnode: String?
    /// `/sys/devices/.../input/input12/event5`.
    var syspath: String
    /// False when udevd never processed the node (no database entry): its ID_INPUT_* are missing.
    var initialized: Bool
    /// The node's udev properties.
    var properties: [String: String]
}

/// Every libudev call of StylusKit; nothing else in the package calls libudev.
///
/// Each `udev` and `udev_enumerate` and `udev_device` pointer is owned by one of the small
/// classes below, which unref it exactly once.
enum Libudev {
    /// Every `event*` node of the input subsystem, with its properties; nil when libudev
    /// cannot even start (no /sys).
    static func inputEventNodes() -> [UdevInputNode]? {
        guard let context = UdevContext() else { return nil }
        guard let enumeration = UdevEnumeration(context) else { return nil }
        udev_enumerate_add_match_subsystem(enumeration.pointer, "input")
        udev_enumerate_add_match_sysname(enumeration.pointer, "event*")
        guard udev_enumerate_scan_devices(enumeration.pointer) >= 0 else { return nil }
        var paths: [String] = []
        var entry = udev_enumerate_get_list_entry(enumeration.pointer)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) { paths.append(String(cString: name)) }
            entry = udev_list_entry_get_next(current)
        }
        return paths.compactMap { path in
            guard let device = UdevDevice(context, syspath: path) else { return nil }
            return device.node()
        }
    }

    /// The node at `syspath`, or nil when it is gone.
    static func inputNode(syspath: String) -> UdevInputNode? {
        guard let context = UdevContext(), let device = UdevDevice(context, syspath: syspath) else { return nil }
        return device.node()
    }
}

/// Owns one `struct udev`.
private final class UdevContext {
    let pointer: OpaquePointer
    init?() {
        guard let pointer = udev_new() else { return nil }
        self.pointer = pointer
    }
    deinit { udev_unref(pointer) }
}

/// Owns one `struct udev_enumerate`; keeps its context alive.
private final class UdevEnumeration {
    let pointer: OpaquePointer
    private let context: UdevContext
    init?(_ context: UdevContext) {
        guard let pointer = udev_enumerate_new(context.pointer) else { return nil }
        self.pointer = pointer
        self.context = context
    }
    deinit { udev_enumerate_unref(pointer) }
}

/// Owns one `struct udev_device`; keeps its context alive.
private final class UdevDevice {
    let pointer: OpaquePointer
    private let context: UdevContext
    init?(_ context: UdevContext, syspath: String) {
        guard let pointer = udev_device_new_from_syspath(context.pointer, syspath) else { return nil }
        self.pointer = pointer
        self.context = context
    }
    deinit { udev_device_unref(pointer) }

    func node() -> UdevInputNode? {
        guard let sysname = udev_device_get_sysname(pointer), let syspath = udev_device_get_syspath(pointer) else {
            return nil
        }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(pointer)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                properties[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        return UdevInputNode(
            sysname: String(cString: sysname), devnode: udev_device_get_devnode(pointer).map { String(cString: $0) },
            syspath: String(cString: syspath), initialized: udev_device_get_is_initialized(pointer) == 1,
            properties: properties)
    }
}
