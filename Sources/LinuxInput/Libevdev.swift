import CEvdev
public import StylusInput

/// Every libevdev call of StylusKit; nothing else in the package calls libevdev.
enum Libevdev {
    /// The name libevdev gives an event type. The corresponding C function is `libevdev_event_type_get_name`.
    static func typeName(_ type: EventType) -> String? {
        libevdev_event_type_get_name(UInt32(type.rawValue)).map { String(cString: $0) }
    }

    /// The name libevdev gives an event code. The corresponding C function is `libevdev_event_code_get_name`.
    static func codeName(type: EventType, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type.rawValue), UInt32(code)).map { String(cString: $0) }
    }

    /// The highest code of a type, or nil for an invalid type. The corresponding C function is
    /// `libevdev_event_type_get_max`.
    static func maximumCode(of type: EventType) -> Int? {
        let maximum = libevdev_event_type_get_max(UInt32(type.rawValue))
        return maximum < 0 ? nil : Int(maximum)
    }

    /// The name libevdev gives an input property. The corresponding C function is `libevdev_property_get_name`.
    static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }
}

/// The event names of the libevdev installed on this machine, to check StylusInput's built-in table against.
public enum InstalledEventNames {
    /// The name of an event type as the installed libevdev gives it.
    public static func typeName(_ type: EventType) -> String? { Libevdev.typeName(type) }

    /// The name of an event code as the installed libevdev gives it.
    public static func codeName(type: EventType, code: UInt16) -> String? { Libevdev.codeName(type: type, code: code) }

    /// The highest code of a type as the installed libevdev knows it.
    public static func maximumCode(of type: EventType) -> Int? { Libevdev.maximumCode(of: type) }

    /// The name of an input property as the installed libevdev gives it.
    public static func propertyName(_ property: UInt16) -> String? { Libevdev.propertyName(property) }
}

#if canImport(Glibc)
    import Glibc
#endif

/// What one `libevdev_next_event` call gave.
enum EvdevRead {
    /// An event in normal mode.
    case event(InputEvent)
    /// The kernel dropped events: this is the `SYN_DROPPED`; the resync delta follows in sync mode.
    case dropped(InputEvent)
    /// An event of the resync delta (sync mode).
    case syncEvent(InputEvent)
    /// Nothing to read now (normal mode), or the resync delta is complete (sync mode).
    case again
    /// The device was unplugged.
    case removed
    /// Any other failure, with `errno`'s text.
    case failed(String)
}

/// One libevdev context and the descriptor it reads; frees both exactly once.
///
/// libevdev never closes the descriptor it was given, so this owner closes it after `libevdev_free`.
final class EvdevDevice {
    fileprivate let handle: OpaquePointer
    /// The open descriptor, or -1 for a description-only device (no kernel node behind it).
    let fd: Int32

    private init(handle: OpaquePointer, fd: Int32) {
        self.handle = handle
        self.fd = fd
    }

    deinit {
        libevdev_free(handle)
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Opens a kernel node non-blocking and switches its clock to CLOCK_MONOTONIC at once
    /// (switching later would flush the kernel queue).
    static func open(node: String) -> Result<EvdevDevice, OpenFailure> {
        let fd = Glibc.open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(OpenFailure(errno: errno, text: String(cString: strerror(errno)))) }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            _ = Glibc.close(fd)
            return .failure(OpenFailure(errno: -rc, text: String(cString: strerror(-rc))))
        }
        let device = EvdevDevice(handle: handle, fd: fd)
        let clock = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        guard clock == 0 else { return .failure(OpenFailure(errno: -clock, text: String(cString: strerror(-clock)))) }
        return .success(device)
    }

    /// The reason `open` failed.
    struct OpenFailure: Error {
        var errno: Int32
        var text: String
    }

    /// A libevdev context with no kernel device behind it, set up from a description
    /// (`libevdev_new` and `libevdev_set_*`/`libevdev_enable_*`): for tests and for checking descriptions.
    static func describing(_ description: DeviceDescription) -> EvdevDevice? {
        guard let handle = libevdev_new() else { return nil }
        let device = EvdevDevice(handle: handle, fd: -1)
        libevdev_set_name(handle, description.name)
        libevdev_set_id_bustype(handle, Int32(description.id.bustype))
        libevdev_set_id_vendor(handle, Int32(description.id.vendor))
        libevdev_set_id_product(handle, Int32(description.id.product))
        libevdev_set_id_version(handle, Int32(description.id.version))
        for property in description.properties { libevdev_enable_property(handle, UInt32(property)) }
        for (type, codes) in description.codes {
            libevdev_enable_event_type(handle, UInt32(type.rawValue))
            for code in codes {
                if type == .absolute {
                    let info = description.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0, resolution: 0)
                    var abs = input_absinfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                        flat: info.flat, resolution: info.resolution ?? 0)
                    libevdev_enable_event_code(handle, UInt32(type.rawValue), UInt32(code), &abs)
                } else {
                    libevdev_enable_event_code(handle, UInt32(type.rawValue), UInt32(code), nil)
                }
            }
        }
        return device
    }

    /// What the device reports, read back from libevdev (name, ids, properties, codes, absinfo).
    func description() -> DeviceDescription {
        let name = libevdev_get_name(handle).map { String(cString: $0) } ?? ""
        let id = InputID(
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)))
        var properties: Set<UInt16> = []
        for property in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(handle, property) == 1 {
            properties.insert(UInt16(property))
        }
        var codes: [EventType: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        for rawType in 0...UInt32(EV_MAX) where libevdev_has_event_type(handle, rawType) == 1 {
            let type = EventType(rawValue: UInt16(rawType))
            var set: Set<UInt16> = []
            // EV_SYN is supported by every device; evemu records it with no codes.
            if type != .synchronization {
                let maximum = libevdev_event_type_get_max(rawType)
                if maximum > 0 {
                    for code in 0...UInt32(maximum) where libevdev_has_event_code(handle, rawType, code) == 1 {
                        set.insert(UInt16(code))
                        if type == .absolute, let info = libevdev_get_abs_info(handle, code) {
                            absInfo[UInt16(code)] = AbsInfo(
                                value: info.pointee.value, minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                                fuzz: info.pointee.fuzz, flat: info.pointee.flat, resolution: info.pointee.resolution)
                        }
                    }
                }
            }
            codes[type] = set
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
    }

    /// The device's unique id (the tool serial string some tablets report), if any.
    var uniqueID: String? { libevdev_get_uniq(handle).map { String(cString: $0) } }

    /// Takes or releases the exclusive grab; returns nil on success, else errno's text.
    func grab(_ exclusive: Bool) -> String? {
        let rc = libevdev_grab(handle, exclusive ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
        return rc == 0 ? nil : String(cString: strerror(-rc))
    }

    /// One event: in normal mode, or the next of a resync delta in sync mode.
    func next(syncMode: Bool) -> EvdevRead {
        var raw = input_event()
        let flags = syncMode ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let rc = libevdev_next_event(handle, flags, &raw)
        let event = InputEvent(
            time: EventTime(seconds: Int64(raw.time.tv_sec), microseconds: Int64(raw.time.tv_usec)),
            type: EventType(rawValue: raw.type), code: raw.code, value: raw.value)
        switch rc {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .event(event)
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return syncMode ? .syncEvent(event) : .dropped(event)
        case -EAGAIN: return .again
        case -ENODEV: return .removed
        default: return .failed(String(cString: strerror(-rc)))
        }
    }
}

/// A kernel input device made through uinput from a description (`libevdev_uinput_create_from_device`),
/// as `evemu-device` makes one; destroyed, and its `/dev/uinput` descriptor closed, exactly once with its owner.
final class EvdevUinputDevice {
    private let handle: OpaquePointer
    private let fd: Int32

    private init(handle: OpaquePointer, fd: Int32) {
        self.handle = handle
        self.fd = fd
    }

    deinit {
        // libevdev leaves a descriptor it did not open to its caller.
        libevdev_uinput_destroy(handle)
        _ = Glibc.close(fd)
    }

    /// What went wrong making the device, and in which call.
    enum Failure: Error {
        /// `open` of the uinput node failed with this errno.
        case open(errno: Int32, text: String)
        /// The kernel refused the device (`libevdev_uinput_create_from_device`), with this errno.
        case create(errno: Int32, text: String)
    }

    /// Makes the device `description` describes through the uinput node at `uinputPath`.
    static func create(_ description: DeviceDescription, uinputPath: String) -> Result<EvdevUinputDevice, Failure> {
        guard let template = EvdevDevice.describing(description) else {
            return .failure(.create(errno: ENOMEM, text: String(cString: strerror(ENOMEM))))
        }
        let fd = Glibc.open(uinputPath, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.open(errno: errno, text: String(cString: strerror(errno)))) }
        var handle: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(template.handle, fd, &handle)
        guard rc == 0, let handle else {
            _ = Glibc.close(fd)
            return .failure(.create(errno: -rc, text: String(cString: strerror(-rc))))
        }
        return .success(EvdevUinputDevice(handle: handle, fd: fd))
    }

    /// The device's event node (`/dev/input/eventN`), as libevdev finds it in sysfs; nil until the kernel made it.
    var node: String? { libevdev_uinput_get_devnode(handle).map { String(cString: $0) } }

    /// Writes one event (its time is the kernel's, not `event.time`); nil on success, else errno's text.
    func write(_ event: InputEvent) -> String? {
        let rc = libevdev_uinput_write_event(handle, UInt32(event.type.rawValue), UInt32(event.code), event.value)
        return rc == 0 ? nil : String(cString: strerror(-rc))
    }
}

/// The two clocks read back to back, to map CLOCK_MONOTONIC event times to Unix time.
func readClockPair() -> (realtimeMicroseconds: Int64, monotonicMicroseconds: Int64) {
    var realtime = timespec()
    var monotonic = timespec()
    clock_gettime(CLOCK_MONOTONIC, &monotonic)
    clock_gettime(CLOCK_REALTIME, &realtime)
    func micros(_ t: timespec) -> Int64 { Int64(t.tv_sec) * 1_000_000 + Int64(t.tv_nsec) / 1_000 }
    return (micros(realtime), micros(monotonic))
}

/// CLOCK_MONOTONIC now, in microseconds: the clock live events are stamped with.
func monotonicNow() -> EventTime {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return EventTime(microseconds: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000)
}
