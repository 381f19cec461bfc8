import StylusInput

/// Real devices, one fixture each, in the manner of libinput's `litest-device-*.c`: the
/// `N:`/`I:`/`P:`/`B:`/`A:` lines are copied verbatim from the recordings in
/// /work/shared/recordings/real/ (only `B:` lines of types the pen never uses are left out)
/// and decoded by `evemuDescription(_:)`.
enum Devices {
    /// UC-LOGIC-Tablet-WP5540U-Pen.events lines 39-65: no BTN_TOOL_* bits at all.
    static let ucLogicWP5540U = evemuDescription(
        """
        N: UC-LOGIC Tablet WP5540U Pen
        I: 0003 5543 0004 0100
        P: 00 00 00 00 00 00 00 00
        B: 00 1b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 03 00 00 01 00 00 00 00
        B: 04 10 00 00 00 00 00 00 00
        A: 00 0 32767 0 0 235
        A: 01 0 32767 0 0 323
        A: 18 0 1023 0 0 0
        """)

    /// Wacom-Cintiq-13HD-touch-Pen.events lines 100-133.
    static let cintiq13HD = evemuDescription(
        """
        N: Wacom Cintiq 13HD touch Pen
        I: 0003 056a 0333 0110
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 1f 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 07 01 00 0f 00 01 00 00
        B: 04 01 00 00 00 00 00 00 00
        A: 00 400 59152 4 0 200
        A: 01 400 33448 4 0 200
        A: 02 -900 899 0 0 287
        A: 08 0 1023 0 0 0
        A: 18 0 2047 0 0 0
        A: 19 0 63 1 0 0
        A: 1a -64 63 1 0 57
        A: 1b -64 63 1 0 57
        A: 28 0 0 0 0 0
        """)

    /// Wacom-Cintiq-22HDT-Pen.events lines 122-156 (EVEMU 1.1: no resolution).
    static let cintiq22HDT = evemuDescription(
        """
        N: Wacom Cintiq 22HDT Pen
        I: 0003 056a 005b 0209
        P: 02 00 00 00 00 00 00 00
        B: 00 1b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 30 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 01 ff 03 00 00 c0 00 3f 00
        B: 01 1f 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 1f 01 00 0f 00 01 00 00
        B: 04 01 00 00 00 00 00 00 00
        A: 00 0 95840 4 0
        A: 01 0 54260 4 0
        A: 02 -900 899 0 0
        A: 03 0 4096 0 0
        A: 04 0 4096 0 0
        A: 08 0 1023 0 0
        A: 18 0 2047 0 0
        A: 19 0 63 0 0
        A: 1a 0 127 0 0
        A: 1b 0 127 0 0
        A: 28 0 0 0 0
        """)

    /// Wacom-DTH2242-Pen.events lines 86-117 (EVEMU 1.1: no resolution).
    static let dth2242 = evemuDescription(
        """
        N: Wacom DTH2242 Pen
        I: 0003 056a 0059 0115
        P: 02 00 00 00 00 00 00 00
        B: 00 1b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 3f 00 00 00 00 00 00 00
        B: 01 1f 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 03 01 00 0f 00 01 00 00
        B: 04 01 00 00 00 00 00 00 00
        A: 00 0 95840 4 0
        A: 01 0 54260 4 0
        A: 08 0 1023 0 0
        A: 18 0 2047 0 0
        A: 19 0 63 0 0
        A: 1a 0 127 0 0
        A: 1b 0 127 0 0
        A: 28 0 0 0 0
        """)

    /// Wacom-Intuos4-6x9.desc lines 130-165: pen and pad on one node.
    static let intuos4 = evemuDescription(
        """
        N: Wacom Intuos4 6x9
        I: 0003 056a 00b9 0104
        P: 01 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 ff 01 1f 00 00 00 00 00
        B: 01 df 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 02 00 01 00 00 00 00 00 00
        B: 03 67 01 00 0f 00 01 00 00
        B: 04 01 00 00 00 00 00 00 00
        A: 00 0 44704 4 0 0
        A: 01 0 27940 4 0 0
        A: 02 -900 899 0 0 0
        A: 05 -900 899 0 0 0
        A: 06 -1023 1023 0 0 0
        A: 08 0 1023 0 0 0
        A: 18 0 2047 0 0 0
        A: 19 0 63 0 0 0
        A: 1a 0 127 0 0 0
        A: 1b 0 127 0 0 0
        A: 28 0 0 0 0 0
        """)

    /// dell_canvas_pen.evemu lines 69-98: no distance, no serial.
    static let dellCanvas = evemuDescription(
        """
        N: Wacom ISD-V4 Pen
        I: 0003 056a 4200 0110
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 03 1c 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 03 03 00 00 0d 00 00 00 00
        B: 04 00 00 00 00 00 00 00 00
        A: 00 0 59674 4 0 100
        A: 01 0 33566 4 0 100
        A: 18 0 4095 0 0 0
        A: 1a -9000 9000 0 0 5730
        A: 1b -9000 9000 0 0 5730
        """)

    static let all: [DeviceDescription] = [ucLogicWP5540U, cintiq13HD, cintiq22HDT, dth2242, intuos4, dellCanvas]

    /// A keyboard: keys only.
    static let keyboard = DeviceDescription(
        name: "AT Translated Set 2 keyboard", id: InputID(bustype: 0x11, vendor: 1, product: 1, version: 0xab41),
        codes: [.synchronization: [], .key: Set(1...88), .miscellaneous: [MiscellaneousCode.scan]])

    /// A touchpad: x/y and BTN_TOUCH, but with finger tools and multitouch axes.
    static let touchpad = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad", id: InputID(bustype: 0x11, vendor: 2, product: 7, version: 0x1b1),
        properties: [InputProperty.pointer],
        codes: [
            .synchronization: [],
            .key: [0x110, KeyCode.toolFinger, KeyCode.touch, 0x14d, 0x14e, 0x14f],
            .absolute: [AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.pressure, 0x2f, 0x35, 0x36, 0x39],
        ],
        absInfo: [
            AbsoluteAxis.x: AbsInfo(minimum: 1472, maximum: 5470, resolution: 60),
            AbsoluteAxis.y: AbsInfo(minimum: 1408, maximum: 4498, resolution: 85),
        ])

    /// A pen device whose ABS_Y is missing.
    static let penWithoutY = DeviceDescription(
        name: "Broken Pen", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 1),
        codes: [
            .synchronization: [],
            .key: [KeyCode.toolPen, KeyCode.touch, KeyCode.stylus],
            .absolute: [AbsoluteAxis.x, AbsoluteAxis.pressure],
        ],
        absInfo: [
            AbsoluteAxis.x: AbsInfo(minimum: 0, maximum: 20000, resolution: 100),
            AbsoluteAxis.pressure: AbsInfo(minimum: 0, maximum: 2047, resolution: 0),
        ])
}

/// Decodes evemu's description lines: `N:` name, `I:` ids in hex, `P:` property bytes,
/// `B:` a type then 8 bytes of its code bitmask (consecutive lines of one type continue
/// the mask; type 00 carries the `EV_SYN` codes), `A:` code min max fuzz flat [resolution].
func evemuDescription(_ text: String) -> DeviceDescription {
    var name = ""
    var id = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
    var properties: Set<UInt16> = []
    var codes: [EventType: Set<UInt16>] = [:]
    var byteOffset: [UInt16: Int] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    var propertyOffset = 0
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard let tag = fields.first else { continue }
        switch tag {
        case "N:":
            name = fields.dropFirst().joined(separator: " ")
        case "I:":
            let v = fields.dropFirst().map { UInt16($0, radix: 16)! }
            id = InputID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
        case "P:":
            for (i, byte) in fields.dropFirst().enumerated() {
                let bits = UInt8(byte, radix: 16)!
                for bit in 0..<8 where bits & (1 << bit) != 0 {
                    properties.insert(UInt16((propertyOffset + i) * 8 + bit))
                }
            }
            propertyOffset += fields.count - 1
        case "B:":
            let type = UInt16(fields[1], radix: 16)!
            let offset = byteOffset[type, default: 0]
            var found: Set<UInt16> = []
            for (i, byte) in fields.dropFirst(2).enumerated() {
                let bits = UInt8(byte, radix: 16)!
                for bit in 0..<8 where bits & (1 << bit) != 0 { found.insert(UInt16((offset + i) * 8 + bit)) }
            }
            byteOffset[type] = offset + fields.count - 2
            // evemu writes a mask for every type; a type whose masks are all zero is unsupported.
            if !found.isEmpty { codes[EventType(rawValue: type), default: []].formUnion(found) }
        case "A:":
            let code = UInt16(fields[1], radix: 16)!
            let n = fields.dropFirst(2).map { Int32($0)! }
            absInfo[code] = AbsInfo(
                minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n.count > 4 ? n[4] : nil)
        default:
            break
        }
    }
    return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
}
