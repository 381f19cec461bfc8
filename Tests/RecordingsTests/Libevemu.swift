// Every call into libevemu (the reference implementation) is in this file.
import CEvemu
import Glibc
import StylusInput

/// What libevemu makes of a recording: the device as `evemu_read` builds it and the events
/// `evemu_read_event` returns.
struct LibevemuReading {
    var device: DeviceDescription
    var events: [InputEvent]
}

/// One libevemu device, freed by its owner.
private final class EvemuDevice {
    let pointer: OpaquePointer

    init?() {
        guard let pointer = evemu_new(nil) else { return nil }
        self.pointer = pointer
    }

    deinit { evemu_delete(pointer) }
}

/// One `FILE *`, closed by its owner.
private final class CFile {
    let pointer: UnsafeMutablePointer<FILE>

    init?(_ path: String) {
        guard let pointer = fopen(path, "r") else { return nil }
        self.pointer = pointer
    }

    deinit { fclose(pointer) }
}

enum Libevemu {
    /// Reads the description from `descriptionPath` with `evemu_read`, then the events: from the same
    /// file when `eventPaths` is empty, else from each of `eventPaths` in turn.
    static func read(descriptionPath: String, eventPaths: [String] = []) -> LibevemuReading? {
        guard let device = EvemuDevice(), let file = CFile(descriptionPath) else { return nil }
        guard evemu_read(device.pointer, file.pointer) > 0 else { return nil }
        let description = describe(device.pointer)
        var events: [InputEvent] = []
        if eventPaths.isEmpty {
            readEvents(file.pointer, into: &events)
        } else {
            for path in eventPaths {
                guard let eventsFile = CFile(path) else { return nil }
                readEvents(eventsFile.pointer, into: &events)
            }
        }
        return LibevemuReading(device: description, events: events)
    }

    private static func readEvents(_ file: UnsafeMutablePointer<FILE>, into events: inout [InputEvent]) {
        var event = input_event()
        while evemu_read_event(file, &event) > 0 {
            events.append(
                InputEvent(
                    time: EventTime(seconds: Int64(event.time.tv_sec), microseconds: Int64(event.time.tv_usec)),
                    type: EventType(rawValue: event.type), code: event.code, value: event.value))
        }
    }

    private static func describe(_ device: OpaquePointer) -> DeviceDescription {
        let name = String(cString: evemu_get_name(device))
        let id = InputID(
            bustype: UInt16(evemu_get_id_bustype(device)), vendor: UInt16(evemu_get_id_vendor(device)),
            product: UInt16(evemu_get_id_product(device)), version: UInt16(evemu_get_id_version(device)))
        var codes: [EventType: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        for typeNumber in 0...EventType.max.rawValue where evemu_has_bit(device, Int32(typeNumber)) != 0 {
            let type = EventType(rawValue: typeNumber)
            var set: Set<UInt16> = []
            for code in 0...(type.maximumCode ?? 0) where evemu_has_event(device, Int32(typeNumber), Int32(code)) != 0 {
                set.insert(code)
                if type == .absolute {
                    let c = Int32(code)
                    absInfo[code] = AbsInfo(
                        minimum: evemu_get_abs_minimum(device, c), maximum: evemu_get_abs_maximum(device, c),
                        fuzz: evemu_get_abs_fuzz(device, c), flat: evemu_get_abs_flat(device, c),
                        resolution: evemu_get_abs_resolution(device, c))
                }
            }
            codes[type] = set
        }
        var properties: Set<UInt16> = []
        for property in 0..<64 where evemu_has_prop(device, Int32(property)) != 0 {
            properties.insert(UInt16(property))
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
    }
}
