public import StylusInput

/// Writes evemu 1.3 recordings the way evemu-record does (evemu's `evemu_write` and
/// `evemu_write_event`), so that libevemu and evemu-play read them.
///
/// Differences from evemu-record, all invisible to libevemu:
/// - an `A:` line is written for every absinfo the description holds;
/// - `# StylusKit ...` comment lines carry what evemu cannot (see `StylusKitExtensions`);
/// - the `SYN_REPORT` comment's `+Nms` counts from this writer's first frame, not from process start.
public struct EvemuWriter {
    private var lastFrameMilliseconds: Int64 = 0

    public init() {}

    /// The description part of the file: comments, `N:`/`I:`/`P:`/`B:`/`A:` lines and the banner.
    public func header(_ header: RecordingHeader) -> String {
        let device = header.device
        var lines: [String] = ["# EVEMU \(EvemuVersion.current)"]
        if let kernel = header.kernel { lines.append("# Kernel: \(kernel)") }
        if let dmi = header.dmi { lines.append("# DMI: \(dmi)") }
        lines += StylusKitExtensions(header: header).commentLines()
        lines.append("# Input device name: \"\(device.name)\"")
        let id = device.id
        lines.append(
            "# Input device ID: bus \(alternateHex(id.bustype)) vendor \(alternateHex(id.vendor))"
                + " product \(alternateHex(id.product)) version \(alternateHex(id.version))")
        if let x = device.absInfo[AbsoluteAxis.x], let y = device.absInfo[AbsoluteAxis.y],
            device.supports(.absolute, AbsoluteAxis.x), device.supports(.absolute, AbsoluteAxis.y)
        {
            let xResolution = Int64(x.resolution ?? 0)
            let yResolution = Int64(y.resolution ?? 0)
            let width = xResolution != 0 ? (Int64(x.maximum) - Int64(x.minimum)) / xResolution : 0
            let height = yResolution != 0 ? (Int64(y.maximum) - Int64(y.minimum)) / yResolution : 0
            if width != 0 && height != 0 { lines.append("# Size in mm: \(width)x\(height)") }
        }
        lines.append("# Supported events:")
        for type in device.codes.keys.sorted() {
            lines.append("#   Event type \(type.rawValue) (\(type.name ?? "(null)"))")
            for code in device.codes[type, default: []].sorted() {
                lines.append("#     Event code \(code) (\(eventCodeName(type: type, code: code) ?? "(null)"))")
                if type == .absolute {
                    let info = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 1, resolution: 0)
                    lines.append("#       Value   \(padded(info.value, 6))")
                    lines.append("#       Min     \(padded(info.minimum, 6))")
                    lines.append("#       Max     \(padded(info.maximum, 6))")
                    lines.append("#       Fuzz    \(padded(info.fuzz, 6))")
                    lines.append("#       Flat    \(padded(info.flat, 6))")
                    let stated = info.resolution ?? device.extras.headerCommentResolutions[code] ?? 0
                    lines.append("#       Resolution \(padded(stated, 3))")
                } else if type == .led || type == .switch {
                    lines.append("#        State 0")
                }
            }
        }
        lines.append("# Properties:")
        for property in device.properties.sorted() {
            lines.append("#   Property  type \(property) (\(inputPropertyName(property) ?? "(null)"))")
        }
        lines.append("N: \(device.name)")
        lines.append("I: \(hex4(id.bustype)) \(hex4(id.vendor)) \(hex4(id.product)) \(hex4(id.version))")
        lines.append("P: " + maskBytes(device.properties, bitCount: 64).map { hex2($0) }.joined(separator: " "))
        // evemu-record writes a constant EV_SYN mask; libevdev treats every EV_SYN code as supported anyway.
        lines.append("B: 00 \(device.supports(.synchronization) ? "0b" : "00") 00 00 00 00 00 00 00")
        for type in Self.maskTypes(of: device) {
            let maximum = Int(type.maximumCode ?? 0)
            let byteCount = ((maximum + 1 + 7) / 8 + 7) / 8 * 8
            let bytes = maskBytes(device.codes[type, default: []], bitCount: byteCount * 8)
            var offset = 0
            while offset < bytes.count {
                lines.append(
                    "B: \(hex2(type.rawValue)) "
                        + bytes[offset..<offset + 8].map { hex2($0) }.joined(separator: " "))
                offset += 8
            }
        }
        for (code, info) in device.absInfo.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "A: \(hex2(code)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution ?? 0)")
        }
        lines.append("################################")
        lines.append("#      Waiting for events      #")
        lines.append("################################")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The types after `EV_SYN` evemu-record writes `B:` lines for (those libevdev knows a maximum
    /// for), plus any other type the description has codes of.
    static func maskTypes(of device: DeviceDescription) -> [EventType] {
        let standard: [UInt16] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15]
        var types = Set(standard.map { EventType(rawValue: $0) })
        for (type, codes) in device.codes where !codes.isEmpty && type.maximumCode != nil && type != .synchronization {
            types.insert(type)
        }
        return types.sorted()
    }

    /// A whole evemu file of `events` on `header`'s device, with `comment` (one line, without the
    /// `# `) after the header's first line: how a generated recording says where it came from.
    public mutating func file(header: RecordingHeader, comment: String?, events: [InputEvent]) -> [UInt8] {
        var text = self.header(header)
        if let comment, let firstLineEnd = text.firstIndex(of: "\n") {
            text.insert(contentsOf: "\n# " + comment, at: firstLineEnd)
        }
        var bytes = Array(text.utf8)
        for event in events { append(event, to: &bytes) }
        return bytes
    }

    /// Appends the `E:` line of `event`, with evemu's evtest-style comment.
    public mutating func append(_ event: InputEvent, to out: inout [UInt8]) {
        out.append(contentsOf: "E: ".utf8)
        appendDecimal(event.time.seconds, to: &out)
        out.append(0x2e)
        appendDecimal(event.time.microsecondsOfSecond, width: 6, to: &out)
        out.append(0x20)
        appendHex4(event.type.rawValue, to: &out)
        out.append(0x20)
        appendHex4(event.code, to: &out)
        out.append(0x20)
        appendDecimal(Int64(event.value), width: 4, to: &out)
        out.append(0x09)
        let codeName = eventCodeName(type: event.type, code: event.code) ?? "(null)"
        if event.type == .synchronization {
            if event.code == SynchronizationCode.multitouchReport {
                out.append(contentsOf: "# ++++++++++++ \(codeName) (\(event.value)) ++++++++++\n".utf8)
            } else {
                let milliseconds = event.time.seconds * 1000 + event.time.microsecondsOfSecond / 1000
                let delta = milliseconds - lastFrameMilliseconds
                lastFrameMilliseconds = milliseconds
                let sign = delta >= 0 ? "+" : ""
                out.append(
                    contentsOf: "# ------------ \(codeName) (\(event.value)) ---------- \(sign)\(delta)ms\n".utf8)
            }
        } else {
            let typeName = event.type.name ?? "(null)"
            let paddedName =
                codeName.count < 20 ? codeName + String(repeating: " ", count: 20 - codeName.count) : codeName
            out.append(contentsOf: "# \(typeName) / \(paddedName) \(event.value)\n".utf8)
        }
    }

    /// A whole recording as evemu text.
    public static func encode(_ recording: Recording) -> [UInt8] {
        var writer = EvemuWriter()
        var out = Array(writer.header(recording.header).utf8)
        out.reserveCapacity(out.count + recording.events.count * 64)
        for event in recording.events { writer.append(event, to: &out) }
        return out
    }
}

/// printf's `%#04x`: `0x` and at least two digits, or `0000` for zero.
func alternateHex(_ value: UInt16) -> String {
    guard value != 0 else { return "0000" }
    return "0x" + hex2(value)
}

func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// printf's `%<width>d`.
private func padded(_ value: Int32, _ width: Int) -> String {
    let text = String(value)
    return text.count < width ? String(repeating: " ", count: width - text.count) + text : text
}

/// A little-endian bit mask of `codes`, `bitCount` bits long.
private func maskBytes(_ codes: Set<UInt16>, bitCount: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: bitCount / 8)
    for code in codes where Int(code) < bitCount { bytes[Int(code) / 8] |= 1 << (code % 8) }
    return bytes
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

@inline(__always) private func appendHex4(_ value: UInt16, to out: inout [UInt8]) {
    out.append(hexDigits[Int(value >> 12 & 0xf)])
    out.append(hexDigits[Int(value >> 8 & 0xf)])
    out.append(hexDigits[Int(value >> 4 & 0xf)])
    out.append(hexDigits[Int(value & 0xf)])
}

/// printf's `%0<width>d`: the sign, then digits zero-padded to `width` characters in all.
@inline(__always) private func appendDecimal(_ value: Int64, width: Int = 0, to out: inout [UInt8]) {
    var digits:
        (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        ) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var magnitude = value.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[count] = UInt8(magnitude % 10) + 0x30
            magnitude /= 10
            count += 1
        } while magnitude > 0
    }
    var length = count
    if value < 0 {
        out.append(0x2d)
        length += 1
    }
    if length < width { out.append(contentsOf: repeatElement(0x30, count: width - length)) }
    withUnsafeBytes(of: &digits) { buffer in
        var i = count - 1
        while i >= 0 {
            out.append(buffer[i])
            i -= 1
        }
    }
}
