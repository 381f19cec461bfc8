import StylusInput

/// The devices of the real recordings in /work/shared/recordings/real, as their `N:`, `I:` and
/// `A:` lines describe them (copied by hand from `grep -E '^(N|I|A):'`; evemu 1.1 files carry no
/// resolution, so theirs is nil).
enum RealDevices {
    static func abs(_ minimum: Int32, _ maximum: Int32, resolution: Int32?) -> AbsInfo {
        AbsInfo(minimum: minimum, maximum: maximum, resolution: resolution)
    }

    static func id(_ vendor: UInt16, _ product: UInt16, _ version: UInt16) -> InputID {
        InputID(bustype: 0x0003, vendor: vendor, product: product, version: version)
    }

    /// Wacom-Cintiq-13HD-touch-Pen.events: A: 00 400 59152 4 0 200, A: 01 400 33448 4 0 200,
    /// A: 18 0 2047 0 0 0, A: 1a/1b -64 63 1 0 57.
    static let cintiq13HD = DeviceDescription(
        name: "Wacom Cintiq 13HD touch Pen", id: id(0x056a, 0x0333, 0x0110),
        absInfo: [
            AbsoluteAxis.x: abs(400, 59152, resolution: 200), AbsoluteAxis.y: abs(400, 33448, resolution: 200),
            AbsoluteAxis.pressure: abs(0, 2047, resolution: 0),
            AbsoluteAxis.tiltX: abs(-64, 63, resolution: 57), AbsoluteAxis.tiltY: abs(-64, 63, resolution: 57),
        ])

    /// dell_canvas_pen.evemu: A: 00 0 59674 4 0 100, A: 01 0 33566 4 0 100, A: 18 0 4095 0 0 0,
    /// A: 1a/1b -9000 9000 0 0 5730.
    static let dellCanvas = DeviceDescription(
        name: "Wacom ISD-V4 Pen", id: id(0x056a, 0x4200, 0x0110),
        absInfo: [
            AbsoluteAxis.x: abs(0, 59674, resolution: 100), AbsoluteAxis.y: abs(0, 33566, resolution: 100),
            AbsoluteAxis.pressure: abs(0, 4095, resolution: 0),
            AbsoluteAxis.tiltX: abs(-9000, 9000, resolution: 5730),
            AbsoluteAxis.tiltY: abs(-9000, 9000, resolution: 5730),
        ])

    /// UC-LOGIC-Tablet-WP5540U-Pen.events: A: 00 0 32767 0 0 235, A: 01 0 32767 0 0 323, A: 18 0 1023 0 0 0.
    static let ucLogic = DeviceDescription(
        name: "UC-LOGIC Tablet WP5540U Pen", id: id(0x5543, 0x0004, 0x0100),
        absInfo: [
            AbsoluteAxis.x: abs(0, 32767, resolution: 235), AbsoluteAxis.y: abs(0, 32767, resolution: 323),
            AbsoluteAxis.pressure: abs(0, 1023, resolution: 0),
        ])

    /// Wacom-DTH2242-Pen.events (evemu 1.1): A: 00 0 95840 4 0, A: 01 0 54260 4 0, A: 18 0 2047 0 0,
    /// A: 1a/1b 0 127 0 0.
    static let dth2242 = DeviceDescription(
        name: "Wacom DTH2242 Pen", id: id(0x056a, 0x0059, 0x0115),
        absInfo: [
            AbsoluteAxis.x: abs(0, 95840, resolution: nil), AbsoluteAxis.y: abs(0, 54260, resolution: nil),
            AbsoluteAxis.pressure: abs(0, 2047, resolution: nil),
            AbsoluteAxis.tiltX: abs(0, 127, resolution: nil), AbsoluteAxis.tiltY: abs(0, 127, resolution: nil),
        ])

    /// Wacom-Cintiq-22HDT-Pen.events (evemu 1.1): A: 00 0 95840 4 0, A: 01 0 54260 4 0, A: 18 0 2047 0 0,
    /// A: 1a/1b 0 127 0 0.
    static let cintiq22HDT = DeviceDescription(
        name: "Wacom Cintiq 22HDT Pen", id: id(0x056a, 0x005b, 0x0209),
        absInfo: [
            AbsoluteAxis.x: abs(0, 95840, resolution: nil), AbsoluteAxis.y: abs(0, 54260, resolution: nil),
            AbsoluteAxis.pressure: abs(0, 2047, resolution: nil),
            AbsoluteAxis.tiltX: abs(0, 127, resolution: nil), AbsoluteAxis.tiltY: abs(0, 127, resolution: nil),
        ])

    /// Wacom-Intuos4-6x9.desc: A: 00 0 44704 4 0 0, A: 01 0 27940 4 0 0, A: 18 0 2047 0 0 0,
    /// A: 1a/1b 0 127 0 0 0.
    static let intuos4 = DeviceDescription(
        name: "Wacom Intuos4 6x9", id: id(0x056a, 0x00b9, 0x0104),
        absInfo: [
            AbsoluteAxis.x: abs(0, 44704, resolution: 0), AbsoluteAxis.y: abs(0, 27940, resolution: 0),
            AbsoluteAxis.pressure: abs(0, 2047, resolution: 0),
            AbsoluteAxis.tiltX: abs(0, 127, resolution: 0), AbsoluteAxis.tiltY: abs(0, 127, resolution: 0),
        ])
}

/// Asserts `a` and `b` agree to within `tolerance`.
func nearly(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    Swift.abs(a - b) <= tolerance
}
