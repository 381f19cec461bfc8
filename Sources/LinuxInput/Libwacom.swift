import CLibwacom

/// Every libwacom call of StylusKit; nothing else in the package calls libwacom.
///
/// Each `WacomDeviceDatabase`, `WacomDevice` and `WacomError` pointer is owned by one of the
/// small classes below, which frees it exactly once. `WacomStylus` pointers belong to the
/// database (libwacom: "do not free"): they are read while their database is alive and never kept.
/// Facts are copied out into `LibwacomTablet` and `LibwacomStylus`, so no C pointer escapes.
enum Libwacom {
    /// The tablet with USB `vendor`:`product`, or nil when the database does not know it.
    static func tablet(in database: WacomDatabaseHandle, usbVendor vendor: UInt16, product: UInt16) -> LibwacomTablet? {
        let error = WacomErrorHandle()
        guard
            let device = WacomDeviceHandle(
                libwacom_new_from_usbid(database.pointer, Int32(vendor), Int32(product), error.pointer))
        else { return nil }
        return facts(of: device, in: database)
    }

    /// The tablet of the live node at `path` (udev gives libwacom its ids), or nil when unknown.
    static func tablet(in database: WacomDatabaseHandle, node path: String) -> LibwacomTablet? {
        let error = WacomErrorHandle()
        guard
            let device = WacomDeviceHandle(
                libwacom_new_from_path(database.pointer, path, WFALLBACK_NONE, error.pointer))
        else { return nil }
        return facts(of: device, in: database)
    }

    /// The stylus with tool id `id` (`ABS_MISC`), or nil when the database does not know it.
    static func stylus(in database: WacomDatabaseHandle, toolID id: Int32) -> LibwacomStylus? {
        guard let stylus = libwacom_stylus_get_for_id(database.pointer, id) else { return nil }
        return facts(of: stylus)
    }

    private static func facts(of device: WacomDeviceHandle, in database: WacomDatabaseHandle) -> LibwacomTablet {
        let pointer = device.pointer
        let flags = libwacom_get_integration_flags(pointer).rawValue
        var count: Int32 = 0
        var styli: [LibwacomStylus] = []
        if let ids = libwacom_get_supported_styli(pointer, &count) {
            for index in 0..<Int(max(count, 0)) {
                if let stylus = libwacom_stylus_get_for_id(database.pointer, ids[index]) {
                    styli.append(facts(of: stylus))
                }
            }
        }
        return LibwacomTablet(
            name: text(libwacom_get_name(pointer)) ?? "",
            modelName: text(libwacom_get_model_name(pointer)).flatMap { $0.isEmpty ? nil : $0 },
            match: text(libwacom_get_match(pointer)),
            widthInches: Int(libwacom_get_width(pointer)), heightInches: Int(libwacom_get_height(pointer)),
            integratedInDisplay: flags & WACOM_DEVICE_INTEGRATED_DISPLAY.rawValue != 0,
            integratedInSystem: flags & WACOM_DEVICE_INTEGRATED_SYSTEM.rawValue != 0,
            hasTouch: libwacom_has_touch(pointer) != 0, buttons: Int(libwacom_get_num_buttons(pointer)),
            hasRing: libwacom_has_ring(pointer) != 0, styli: styli)
    }

    private static func facts(of stylus: OpaquePointer) -> LibwacomStylus {
        let type: LibwacomStylus.Kind
        if libwacom_stylus_is_eraser(stylus) != 0 {
            type = .eraser
        } else {
            switch libwacom_stylus_get_type(stylus) {
            case WSTYLUS_AIRBRUSH: type = .airbrush
            case WSTYLUS_PUCK: type = .puck
            case WSTYLUS_MARKER: type = .marker
            case WSTYLUS_INKING: type = .inking
            default: type = .pen
            }
        }
        return LibwacomStylus(
            id: Int(libwacom_stylus_get_id(stylus)), name: text(libwacom_stylus_get_name(stylus)) ?? "", kind: type,
            hasEraser: libwacom_stylus_has_eraser(stylus) != 0)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// Owns one `WacomDeviceDatabase`, read from the installed data files (/usr/share/libwacom, /etc/libwacom).
final class WacomDatabaseHandle {
    let pointer: OpaquePointer
    /// Nil when libwacom finds no data files.
    init?() {
        guard let pointer = libwacom_database_new() else { return nil }
        self.pointer = pointer
    }
    deinit { libwacom_database_destroy(pointer) }
}

/// Owns one `WacomDevice`.
private final class WacomDeviceHandle {
    let pointer: OpaquePointer
    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }
    deinit { libwacom_destroy(pointer) }
}

/// Owns one `WacomError` (libwacom fills it on a failed lookup; an unknown tablet is not a failure we report).
private final class WacomErrorHandle {
    let pointer: OpaquePointer?
    init() { pointer = libwacom_error_new() }
    deinit {
        var owned = pointer
        if owned != nil { libwacom_error_free(&owned) }
    }
}
