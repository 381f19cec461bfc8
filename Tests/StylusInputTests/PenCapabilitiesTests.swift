import Testing

@testable import StylusInput

@Suite("Device fixtures and capability checks")
struct PenCapabilitiesTests {
    /// The decoded fixtures list exactly the codes of the recordings' "# Event code" comments.
    @Test func fixturesDecodeTheCodesTheRecordingsList() {
        // UC-LOGIC-Tablet-WP5540U-Pen.events lines 8-16.
        #expect(Devices.ucLogicWP5540U.codes[.key] == [330, 331, 332])
        #expect(Devices.ucLogicWP5540U.codes[.absolute] == [0, 1, 24])
        #expect(Devices.ucLogicWP5540U.codes[.miscellaneous] == [4])
        // Wacom-Cintiq-13HD-touch-Pen.events lines 20-39.
        #expect(Devices.cintiq13HD.codes[.key] == [320, 321, 322, 323, 324, 330, 331, 332])
        #expect(Devices.cintiq13HD.codes[.absolute] == [0, 1, 2, 8, 24, 25, 26, 27, 40])
        // Wacom-Cintiq-22HDT-Pen.events header: KEY_PROG1/2/3, BTN_0..9, BTN_BASE/2, BTN_A..Z, tools, touch, stylus.
        #expect(
            Devices.cintiq22HDT.codes[.key]
                == Set(
                    [148, 149, 202] + Array(256...265) + [294, 295] + Array(304...309) + Array(320...324) + [
                        330, 331, 332,
                    ]))
        #expect(Devices.cintiq22HDT.codes[.absolute] == [0, 1, 2, 3, 4, 8, 24, 25, 26, 27, 40])
        // Wacom-Intuos4-6x9.desc: BTN_0..8, BTN_LEFT..EXTRA, tools without BTN_TOOL_FINGER (325), REL_WHEEL.
        #expect(
            Devices.intuos4.codes[.key]
                == Set(Array(256...264) + Array(272...276) + [320, 321, 322, 323, 324, 326, 327, 330, 331, 332]))
        #expect(Devices.intuos4.codes[.relative] == [8])
        #expect(Devices.intuos4.absInfo[AbsoluteAxis.x] == AbsInfo(minimum: 0, maximum: 44704, fuzz: 4, resolution: 0))
        // dell_canvas_pen.evemu lines 19-30: no EV_MSC at all.
        #expect(Devices.dellCanvas.codes[.key] == [320, 321, 330, 331, 332])
        #expect(!Devices.dellCanvas.supports(.miscellaneous))
        #expect(Devices.dth2242.absInfo[AbsoluteAxis.x]?.resolution == nil)
    }

    @Test(arguments: Devices.all.map(\.name))
    func everyRealTabletIsAccepted(name: String) throws {
        let device = try #require(Devices.all.first { $0.name == name })
        _ = try PenCapabilities(checking: device)
    }

    @Test func ucLogicHasNoToolBitsAndIsAcceptedThroughItsStylusButtons() throws {
        let caps = try PenCapabilities(checking: Devices.ucLogicWP5540U)
        #expect(!caps.hasToolBits)
        #expect(caps.hasTouchKey)
        #expect(caps.barrelButtons == [.stylus, .stylus2])
        #expect(caps.pressure?.maximum == 1023)
        #expect(!caps.hasDistance && !caps.hasTilt && !caps.hasSerial && !caps.hasToolID)
        #expect(!caps.sharesNodeWithPad)
    }

    @Test("pressure listed without a range is taken as absent and said; contact then comes from BTN_TOUCH")
    func pressureWithoutRangeIsAbsent() throws {
        // The WP5540U's description with ABS_PRESSURE in its codes but no A: line for it.
        var device = Devices.ucLogicWP5540U
        device.absInfo[AbsoluteAxis.pressure] = nil
        let caps = try PenCapabilities(checking: device)
        #expect(caps.pressure == nil)
        #expect(caps.axesWithoutRange == [AxisWithoutRange(code: AbsoluteAxis.pressure, minimum: 0, maximum: 0)])
        var assembler = FrameAssembler(capabilities: caps)
        #expect(
            assembler.takeNotices().map(\.description) == [
                "ABS_PRESSURE is listed without a range (0..0), so it carries no pressure: pressure is recorded as absent and "
                    + "the tip's contact comes from BTN_TOUCH. If the tablet has it, give the axis's range in the description "
                    + "(its A: line, or --desc FILE)."
            ])
        // A range of 0..0 given outright is no range either.
        device.absInfo[AbsoluteAxis.pressure] = AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        #expect(try PenCapabilities(checking: device).pressure == nil)
    }

    @Test("pressure without a range and no BTN_TOUCH is refused: nothing would tell contact")
    func pressureWithoutRangeOrTouchIsRefused() throws {
        var device = Devices.cintiq13HD
        device.absInfo[AbsoluteAxis.pressure] = AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        device.codes[.key]?.remove(KeyCode.touch)
        #expect(
            throws: PenDeviceRejection.noContactSource(
                device: device.name, pressure: AxisWithoutRange(code: AbsoluteAxis.pressure, minimum: 0, maximum: 0))
        ) {
            try PenCapabilities(checking: device)
        }
        let message = PenDeviceRejection.noContactSource(
            device: "Pen", pressure: AxisWithoutRange(code: AbsoluteAxis.pressure, minimum: 0, maximum: 0)
        ).description
        #expect(
            message
                == "\"Pen\" lists ABS_PRESSURE without a range (0..0) and has no BTN_TOUCH, so nothing tells when the pen "
                + "touches the surface. Give ABS_PRESSURE's range in the description (its A: line, or --desc FILE with one), "
                + "as `styluskit devices` or evemu-describe prints it for the tablet.")
    }

    @Test("tilt listed without a range is no tilt")
    func tiltWithoutRangeIsAbsent() throws {
        var device = Devices.dth2242
        device.absInfo[AbsoluteAxis.tiltY] = AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        let caps = try PenCapabilities(checking: device)
        #expect(!caps.hasTilt)
        #expect(caps.axesWithoutRange.map(\.name) == ["ABS_TILT_Y"])
    }

    @Test func touchAloneIsAPenWhenThereAreNoFingers() throws {
        var device = Devices.ucLogicWP5540U
        device.codes[.key] = [KeyCode.touch]
        let caps = try PenCapabilities(checking: device)
        #expect(caps.barrelButtons == [])
    }

    @Test func cintiq13HDCachesItsAxes() throws {
        let caps = try PenCapabilities(checking: Devices.cintiq13HD)
        #expect(caps.toolCodes == [320, 321, 322, 323, 324])
        #expect(caps.hasTilt && caps.hasRotation && caps.hasWheel && caps.hasToolID && caps.hasSerial)
        #expect(caps.distance?.maximum == 63)
        #expect(caps.x.minimum == 400)
        #expect(!caps.sharesNodeWithPad)
    }

    @Test func intuos4SharesItsNodeWithThePad() throws {
        let caps = try PenCapabilities(checking: Devices.intuos4)
        #expect(caps.padButtonCodes == Set(Array(256...264) + Array(272...276)))
        #expect(caps.toolCodes == [320, 321, 322, 323, 324, 326, 327])
    }

    @Test func cintiq22HDTPadKeysAreRecognised() throws {
        let caps = try PenCapabilities(checking: Devices.cintiq22HDT)
        #expect(caps.padButtonCodes == Set([148, 149, 202] + Array(256...265) + [294, 295] + Array(304...309)))
    }

    @Test func tiltNeedsBothAxes() throws {
        var device = Devices.dellCanvas
        device.codes[.absolute]?.remove(AbsoluteAxis.tiltY)
        #expect(try !PenCapabilities(checking: device).hasTilt)
    }

    @Test func aKeyboardIsRejected() {
        #expect {
            try PenCapabilities(checking: Devices.keyboard)
        } throws: { error in
            (error as? PenDeviceRejection)?.description
                == "\"AT Translated Set 2 keyboard\" is not a pen tablet: missing tablet capabilities: xy pen"
                + " (a pen tablet needs ABS_X and ABS_Y and one of BTN_TOOL_PEN, BTN_STYLUS or BTN_TOUCH)."
                + " Record from the tablet's pen node (`styluskit devices` lists each node with its kind),"
                + " or replay a recording of it."
        }
    }

    @Test func aTouchpadIsRejectedAsTouch() {
        #expect(DeviceKind(classifying: Devices.touchpad) == .touch)
        #expect {
            try PenCapabilities(checking: Devices.touchpad)
        } throws: { error in
            (error as? PenDeviceRejection) == .notAPen(device: "SynPS/2 Synaptics TouchPad", kind: .touch)
                && "\(error)"
                    == "\"SynPS/2 Synaptics TouchPad\" is a touch surface, not a pen: its finger tools or multitouch"
                    + " axes report fingers. Record from the tablet's pen node (`styluskit devices` lists each node"
                    + " with its kind), or replay a recording of it."
        }
    }

    @Test func aDeviceWithoutAbsYIsRejected() {
        #expect {
            try PenCapabilities(checking: Devices.penWithoutY)
        } throws: { error in
            "\(error)"
                == "\"Broken Pen\" is not a pen tablet: missing tablet capabilities: xy"
                + " (a pen tablet needs ABS_X and ABS_Y)."
                + " Record from the tablet's pen node (`styluskit devices` lists each node with its kind),"
                + " or replay a recording of it."
        }
    }

    @Test func theAssemblerChecksTheDeviceToo() {
        #expect(throws: PenDeviceRejection.self) { try FrameAssembler(device: Devices.keyboard) }
    }
}
