import StylusInput
import Yams

/// libinput-record YAML, version 1 (libinput's tools/libinput-record.c), read and written.
///
/// libinput-record stores times relative to the first event. So that absolute (epoch) times of
/// an evemu recording survive a round trip, our writer subtracts the earliest event time and
/// notes it in a leading comment our reader adds back; the resolution state evemu 1.1 could
/// not record is noted the same way:
///
///     # StylusKit time-offset: 1369413717.560097
///     # StylusKit unrecorded-resolution: 00 01
///     # StylusKit header-comment-resolution: 00=200 01=200
///
/// Only the leading comment block (before `version:`) is searched for these lines.
public enum LibinputRecord {
    /// Parses a libinput-record file.
    /// - Parameters:
    ///   - text: the whole file.
    ///   - name: the file name errors quote.
    ///   - deviceIndex: which entry of `devices:` to read; nil reads the first pen (the first entry
    ///     when none is a pen) and names the others in the header's `skippedDevices`.
    /// - Throws: `RecordingError.unsupportedVersion` for a version other than 1, `.invalidYAML` otherwise.
    public static func decode(_ text: String, name: String, deviceIndex: Int? = nil) throws(RecordingError) -> Recording
    {
        var offset = EventTime(microseconds: 0)
        var unrecordedResolution: [UInt16] = []
        var headerCommentResolutions: [UInt16: Int32] = [:]
        // Split on the byte, not on Character: in Swift "\r\n" is one Character, so a CRLF file would
        // not split at all and its StylusKit comments (the time offset) would be lost.
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Substring(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            guard line.hasPrefix("#") else { break }
            let body = line.dropFirst().drop(while: { $0 == " " })
            if body.hasPrefix("StylusKit time-offset: "),
                let time = parseTime(body.dropFirst("StylusKit time-offset: ".count))
            {
                offset = time
            } else if body.hasPrefix("StylusKit header-comment-resolution: ") {
                for pair in body.dropFirst("StylusKit header-comment-resolution: ".count).split(separator: " ") {
                    let parts = pair.split(separator: "=")
                    if parts.count == 2, let code = UInt16(parts[0], radix: 16), let value = Int32(parts[1]) {
                        headerCommentResolutions[code] = value
                    }
                }
            } else if body.hasPrefix("StylusKit unrecorded-resolution: ") {
                unrecordedResolution += body.dropFirst("StylusKit unrecorded-resolution: ".count)
                    .split(separator: " ").compactMap { UInt16($0, radix: 16) }
            }
        }

        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RecordingError.invalidYAML(file: name, line: nil, problem: "the file is empty")
            }
            root = node
        } catch let error as RecordingError {
            throw error
        } catch {
            throw .invalidYAML(file: name, line: nil, problem: "\(error)")
        }
        func problem(_ node: Node?, _ text: String) -> RecordingError {
            .invalidYAML(file: name, line: node?.mark?.line, problem: text)
        }
        guard let versionNode = root["version"] else { throw problem(root, "no 'version:' key") }
        guard versionNode.int == 1 else {
            throw .unsupportedVersion(file: name, found: versionNode.string ?? "\(versionNode)")
        }
        guard let devices = root["devices"]?.sequence, !devices.isEmpty else {
            throw problem(root, "no 'devices:' list")
        }
        /// The device description of one entry of `devices:`.
        func describe(_ deviceNode: Node) throws(RecordingError) -> DeviceDescription {
            guard let evdev = deviceNode["evdev"] else { throw problem(deviceNode, "device has no 'evdev:' section") }
            guard let deviceName = evdev["name"]?.string else { throw problem(evdev, "evdev has no 'name:'") }
            guard let ids = evdev["id"]?.sequence, ids.count == 4 else {
                throw problem(evdev, "evdev 'id:' must be [bus, vendor, product, version]")
            }
            let idNumbers = try ids.map { (node: Node) throws(RecordingError) -> UInt16 in
                guard let number = node.int, let value = UInt16(exactly: number) else {
                    throw problem(node, "id entry '\(node.string ?? "")' is not a 16-bit number")
                }
                return value
            }
            var device = DeviceDescription(
                name: deviceName,
                id: InputID(bustype: idNumbers[0], vendor: idNumbers[1], product: idNumbers[2], version: idNumbers[3]))
            if let codes = evdev["codes"]?.mapping {
                for (key, list) in codes {
                    guard let number = key.int, let typeNumber = UInt16(exactly: number),
                        typeNumber <= EventType.max.rawValue
                    else { throw problem(key, "'\(key.string ?? "")' is not an event type") }
                    let type = EventType(rawValue: typeNumber)
                    var set: Set<UInt16> = []
                    for code in list.sequence ?? [] {
                        guard let value = code.int, let code16 = UInt16(exactly: value),
                            code16 <= type.maximumCode ?? 0
                        else { throw problem(code, "'\(code.string ?? "")' is not a code of \(type)") }
                        set.insert(code16)
                    }
                    device.codes[type] = set
                }
            }
            if let absinfo = evdev["absinfo"]?.mapping {
                for (key, list) in absinfo {
                    guard let number = key.int, let code = UInt16(exactly: number), code <= 0x3f else {
                        throw problem(key, "'\(key.string ?? "")' is not an absolute axis")
                    }
                    let values = (list.sequence ?? []).compactMap { $0.int.flatMap { Int32(exactly: $0) } }
                    guard values.count == 5 else {
                        throw problem(list, "absinfo of axis \(code) must be [min, max, fuzz, flat, resolution]")
                    }
                    device.absInfo[code] = AbsInfo(
                        minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                        resolution: unrecordedResolution.contains(code) ? nil : values[4])
                }
            }
            for property in evdev["properties"]?.sequence ?? [] {
                guard let number = property.int, let value = UInt16(exactly: number) else {
                    throw problem(property, "'\(property.string ?? "")' is not an input property")
                }
                device.properties.insert(value)
            }
            if let hid = deviceNode["hid"] {
                device.extras.hidReportDescriptor = try (hid.sequence ?? []).map {
                    (node: Node) throws(RecordingError) -> UInt8 in
                    guard let number = node.int, let byte = UInt8(exactly: number) else {
                        throw problem(node, "hid entry '\(node.string ?? "")' is not a byte")
                    }
                    return byte
                }
            }
            device.extras.udevProperties = (deviceNode["udev"]?["properties"]?.sequence ?? []).compactMap(\.string)
            device.extras.quirks = (deviceNode["quirks"]?.sequence ?? []).compactMap(\.string)
            device.extras.headerCommentResolutions = headerCommentResolutions
            supportAllSynchronizationCodes(&device)
            return device
        }

        // Which device: the one asked for, else the first pen that touched (`libinput record --all`
        // lists the pad, the pen and the touch surface of one tablet, and a pen display's idle pen
        // node may come before the one that drew), else the first pen; the others are named and skipped.
        let index: Int
        var skipped: [RecordingHeader.SkippedDevice] = []
        if let deviceIndex {
            guard deviceIndex >= 0, deviceIndex < devices.count else {
                throw .noSuchDevice(file: name, index: deviceIndex, count: devices.count)
            }
            index = deviceIndex
        } else if devices.count == 1 {
            index = 0
        } else {
            let kinds = try devices.map(describe).map { DeviceKind(classifying: $0) }
            let pens = kinds.indices.filter { kinds[$0].isPen }
            index = pens.first { hasInk(devices[$0]) } ?? pens.first ?? 0
        }
        if devices.count > 1 {
            for (other, node) in devices.enumerated() where other != index {
                let description = try describe(node)
                skipped.append(.init(index: other, name: description.name, kind: DeviceKind(classifying: description)))
            }
        }
        let deviceNode = devices[index]
        let device = try describe(deviceNode)

        var events: [InputEvent] = []
        for frame in deviceNode["events"]?.sequence ?? [] {
            guard let list = frame["evdev"]?.sequence else { continue }  // libinput: and hid: entries
            for entry in list {
                guard let fields = entry.sequence, fields.count == 5 else {
                    throw problem(entry, "an evdev event must be [sec, usec, type, code, value]")
                }
                let numbers = fields.compactMap(\.int)
                guard numbers.count == 5, (0..<1_000_000).contains(numbers[1]) else {
                    throw problem(entry, "an evdev event must be five integers [sec, usec, type, code, value]")
                }
                guard (0...(maximumEventSeconds - abs(offset.seconds))).contains(Int64(numbers[0])) else {
                    throw problem(
                        entry, "event time \(numbers[0]) s is negative or beyond the largest time StylusKit keeps")
                }
                guard let typeNumber = UInt16(exactly: numbers[2]),
                    let maximum = EventType(rawValue: typeNumber).maximumCode,
                    typeNumber <= EventType.max.rawValue
                else { throw problem(entry, "event type \(numbers[2]) is not an evdev event type") }
                guard let code = UInt16(exactly: numbers[3]), code <= maximum else {
                    throw problem(
                        entry,
                        "event code \(numbers[3]) is above the highest code of \(EventType(rawValue: typeNumber))")
                }
                guard let value = Int32(exactly: numbers[4]) else {
                    throw problem(entry, "event value \(numbers[4]) is outside the 32-bit range of an evdev value")
                }
                let time = EventTime(seconds: Int64(numbers[0]), microseconds: Int64(numbers[1]))
                events.append(
                    InputEvent(
                        time: time.advanced(by: EventDuration(microseconds: offset.microseconds)),
                        type: EventType(rawValue: typeNumber), code: code, value: value))
            }
        }
        var header = RecordingHeader(
            format: .libinputRecord(version: 1), kernel: root["system"]?["kernel"]?.string,
            dmi: root["system"]?["dmi"]?.string, operatingSystem: root["system"]?["os"]?.string,
            libinputVersion: root["libinput"]?["version"]?.string, libinputGit: root["libinput"]?["git"]?.string,
            deviceNode: deviceNode["node"]?.string, device: device)
        header.deviceIndex = devices.count > 1 ? index : nil
        header.skippedDevices = skipped
        return Recording(header: header, events: events)
    }

    /// Whether the device's events put the pen down: a BTN_TOUCH press (`[sec, usec, 1, 330, 1]`).
    private static func hasInk(_ device: Node) -> Bool {
        (device["events"]?.sequence ?? []).contains { frame in
            (frame["evdev"]?.sequence ?? []).contains { entry in
                entry.sequence.map { $0.count == 5 && $0[2].int == 1 && $0[3].int == 330 && $0[4].int == 1 } ?? false
            }
        }
    }

    /// `<seconds>.<microseconds>` as our comment writes it.
    private static func parseTime(_ text: Substring) -> EventTime? {
        let parts = text.trimmingSuffix(" ").split(separator: ".")
        guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 6, let micro = Int64(parts[1]),
            seconds.magnitude <= UInt64(maximumEventSeconds)  // not abs(): abs(Int64.min) traps
        else {
            return nil
        }
        return EventTime(seconds: seconds, microseconds: micro)
    }

    /// A recording as libinput-record YAML, laid out as libinput-record writes it.
    public static func encode(_ recording: Recording) -> String {
        let header = recording.header
        let device = header.device
        let offset = recording.events.lazy.map(\.time).min() ?? EventTime(microseconds: 0)
        var out = "# libinput record\n"
        if offset.microseconds != 0 { out += "# StylusKit time-offset: \(offset)\n" }
        let unrecorded = device.absInfo.filter { $0.value.resolution == nil }.keys.sorted()
        if !unrecorded.isEmpty {
            out += "# StylusKit unrecorded-resolution: " + unrecorded.map { hex2($0) }.joined(separator: " ") + "\n"
        }
        let stated = device.extras.headerCommentResolutions.sorted { $0.key < $1.key }
        if !stated.isEmpty {
            out +=
                "# StylusKit header-comment-resolution: "
                + stated.map { "\(hex2($0.key))=\($0.value)" }.joined(separator: " ") + "\n"
        }
        out += "version: 1\nndevices: 1\n"
        if header.libinputVersion != nil || header.libinputGit != nil {
            out += "libinput:\n"
            if let version = header.libinputVersion { out += "  version: \(quotedYAML(version))\n" }
            if let git = header.libinputGit { out += "  git: \(quotedYAML(git))\n" }
        }
        if header.operatingSystem != nil || header.kernel != nil || header.dmi != nil {
            out += "system:\n"
            if let os = header.operatingSystem { out += "  os: \(quotedYAML(os))\n" }
            if let kernel = header.kernel { out += "  kernel: \(quotedYAML(kernel))\n" }
            if let dmi = header.dmi { out += "  dmi: \(quotedYAML(dmi))\n" }
        }
        out += "devices:\n"
        if let node = header.deviceNode {
            out += "- node: \(quotedYAML(node))\n  evdev:\n"
        } else {
            out += "- evdev:\n"
        }
        let id = device.id
        out += "    # Name: \(commentText(device.name))\n"
        out +=
            "    # ID: bus 0x\(hex4(id.bustype)) vendor 0x\(hex4(id.vendor)) product 0x\(hex4(id.product)) version 0x\(hex4(id.version))\n"
        out += "    name: \(quotedYAML(device.name))\n"
        out += "    id: [\(id.bustype), \(id.vendor), \(id.product), \(id.version)]\n"
        out += "    codes:\n"
        for type in device.codes.keys.sorted() {
            let codes = device.codes[type, default: []].sorted().map(String.init).joined(separator: ", ")
            out += "      \(type.rawValue): [\(codes)] # \(type.name ?? "(null)")\n"
        }
        if !device.absInfo.isEmpty {
            out += "    absinfo:\n"
            for (code, info) in device.absInfo.sorted(by: { $0.key < $1.key }) {
                out +=
                    "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution ?? 0)]\n"
            }
        }
        out += "    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        if let hid = device.extras.hidReportDescriptor {
            var rows: [String] = []
            var index = 0
            while index < hid.count {
                rows.append(hid[index..<min(index + 16, hid.count)].map { "0x" + hex2($0) }.joined(separator: ", "))
                index += 16
            }
            out += rows.isEmpty ? "  hid: []\n" : "  hid: [\n    " + rows.joined(separator: ",\n    ") + "\n  ]\n"
        }
        if !device.extras.udevProperties.isEmpty {
            out += "  udev:\n    properties:\n"
            for property in device.extras.udevProperties { out += "    - \(quotedYAML(property))\n" }
        }
        if !device.extras.quirks.isEmpty {
            out += "  quirks:\n"
            for quirk in device.extras.quirks { out += "  - \(quotedYAML(quirk))\n" }
        }
        out += "  events:\n"
        var frameOpen = false
        var lastFrameMilliseconds: Int64 = 0
        var previousAbs: [UInt16: Int32] = [:]
        for event in recording.events {
            if !frameOpen {
                out += "  - evdev:\n"
                frameOpen = true
            }
            let relative = EventTime(microseconds: event.time.microseconds - offset.microseconds)
            let typeName = event.type.name ?? "(null)"
            let codeName = eventCodeName(type: event.type, code: event.code) ?? "(null)"
            let comment: String
            if event.type == .synchronization && event.code == SynchronizationCode.multitouchReport {
                comment = "++++++++++++ \(codeName) (\(event.value)) ++++++++++"
            } else if event.type == .synchronization {
                let milliseconds = relative.microseconds / 1000
                let delta = milliseconds - lastFrameMilliseconds
                lastFrameMilliseconds = milliseconds
                comment = "------------ \(codeName) (\(event.value)) ---------- \(delta >= 0 ? "+" : "")\(delta)ms"
            } else if event.type == .absolute {
                let delta = Int64(event.value) - Int64(previousAbs[event.code] ?? 0)
                previousAbs[event.code] = event.value
                comment =
                    "\(typeName) / \(pad(codeName, 20)) \(leftPad(String(event.value), 6)) (\(delta >= 0 ? "+" : "")\(delta))"
            } else {
                comment = "\(typeName) / \(pad(codeName, 20)) \(leftPad(String(event.value), 6))"
            }
            out +=
                "    - [\(leftPad(String(relative.seconds), 3)), \(leftPad(String(relative.microsecondsOfSecond), 6)),"
                + " \(leftPad(String(event.type.rawValue), 3)), \(leftPad(String(event.code), 3)),"
                + " \(leftPad(String(event.value), 7))] # \(comment)\n"
            if event.isFrameEnd { frameOpen = false }
        }
        return out
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count < width ? text + String(repeating: " ", count: width - text.count) : text
}

private func leftPad(_ text: String, _ width: Int) -> String {
    text.count < width ? String(repeating: " ", count: width - text.count) + text : text
}

/// `text` for a comment line, as libinput-record writes it, unless it holds a character a YAML file may
/// not (control characters, line breaks): then as the double-quoted scalar spells it, so the file stays
/// readable and the comment one line.
func commentText(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { scalar in
        scalar == "\t"
            || (scalar.value >= 0x20 && scalar.value != 0x7f && !(0x80...0x9f).contains(scalar.value)
                && scalar.value != 0x2028 && scalar.value != 0x2029 && scalar.value != 0xfeff && scalar.value < 0xfffe)
    }
    return safe ? text : quotedYAML(text)
}

/// `text` as a YAML double-quoted scalar, as Yams' emitter (libyaml) escapes it: the line stays
/// one line (no folding), UTF-8 stays as it is, control characters become escapes.
func quotedYAML(_ text: String) -> String {
    // A one-item flow list is `[ITEM]` and a line break: the item is the scalar as written inside a line.
    let list: Node = .sequence(Node.Sequence([Node(text, Tag(.str), .doubleQuoted)], Tag(.implicit), .flow))
    do {
        let written = try Yams.serialize(node: list, width: -1, allowUnicode: true)
        return String(written.dropFirst().dropLast(2))
    } catch {
        // The emitter fails only on events out of order, which one scalar in a list cannot produce.
        fatalError("Yams could not write a YAML scalar: \(error)")
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character || text.last == "\r" { text = text.dropLast() }
        return text
    }
}
