import Testing

@testable import StylusInput

private func assembler(_ device: DeviceDescription) throws -> FrameAssembler {
    try FrameAssembler(device: device)
}

@Suite("Proximity on Wacom devices")
struct WacomProximityTests {
    /// Wacom-Cintiq-13HD-touch-Pen.events lines 137-145: proximity-in.
    static let proximityIn = evemuEvents(
        """
        E: 0.000001 0003 0000 27246
        E: 0.000001 0003 0001 10992
        E: 0.000001 0003 0019 0031
        E: 0.000001 0003 001a 0019
        E: 0.000001 0003 001b 0032
        E: 0.000001 0003 0028 1050626
        E: 0.000001 0001 0140 0001
        E: 0.000001 0004 0000 897625000
        E: 0.000001 0000 0000 0000
        """)

    /// Wacom-Cintiq-13HD-touch-Pen.events lines 541-561: two hover frames, then the
    /// proximity-out frame that zeroes X, Y, distance, tilt and ABS_MISC.
    static let hoverThenOut = evemuEvents(
        """
        E: 0.416964 0003 0000 30307
        E: 0.416964 0003 0001 14222
        E: 0.416964 0003 0019 0058
        E: 0.416964 0003 001b 0015
        E: 0.416964 0004 0000 897625000
        E: 0.416964 0000 0000 0000
        E: 0.421960 0003 0000 30201
        E: 0.421960 0003 0001 14175
        E: 0.421960 0003 0019 0062
        E: 0.421960 0003 001a 0008
        E: 0.421960 0004 0000 897625000
        E: 0.421960 0000 0000 0000
        E: 0.499964 0003 0000 0000
        E: 0.499964 0003 0001 0000
        E: 0.499964 0003 0019 0000
        E: 0.499964 0003 001a 0000
        E: 0.499964 0003 001b 0000
        E: 0.499964 0001 0140 0000
        E: 0.499964 0003 0028 0000
        E: 0.499964 0004 0000 897625000
        E: 0.499964 0000 0000 0000
        """)

    @Test func proximityInCarriesTheFrameValues() throws {
        var a = try assembler(Devices.cintiq13HD)
        let frames = a.feed(Self.proximityIn)
        #expect(
            frames == [
                .pen(
                    PenFrame(
                        time: EventTime(microseconds: 1), tool: .pen, inProximity: true, tipDown: false,
                        axes: RawPenAxes(
                            x: 27246, y: 10992, pressure: nil, distance: 31, tiltX: 19, tiltY: 32, rotation: 0,
                            wheel: 0),
                        serial: 897_625_000, toolID: 1_050_626, transitions: [.enteredProximity]))
            ])
    }

    @Test func theProximityOutZerosAreNotAPosition() throws {
        var a = try assembler(Devices.cintiq13HD)
        let frames = a.penFrames(Self.proximityIn + Self.hoverThenOut)
        try #require(frames.count == 4)
        // Last real values: x/y/distance/tilt-x from 0.421960, tilt-y from 0.416964.
        let lastReal = RawPenAxes(
            x: 30201, y: 14175, pressure: nil, distance: 62, tiltX: 8, tiltY: 15, rotation: 0, wheel: 0)
        #expect(frames[2].axes == lastReal)
        #expect(frames[2].transitions == [])
        #expect(
            frames[3]
                == PenFrame(
                    time: EventTime(microseconds: 499_964), tool: .pen, inProximity: false, tipDown: false,
                    axes: lastReal, serial: 897_625_000, toolID: 1_050_626, transitions: [.leftProximity]))
    }

    @Test func theNextProximityStartsFreshFromWhatItCarries() throws {
        var a = try assembler(Devices.cintiq13HD)
        _ = a.feed(Self.proximityIn + Self.hoverThenOut)
        // A proximity-in that does not report tilt: the kernel holds the zeros of the
        // proximity-out, so tilt is 0, not the 8/15 of the previous proximity.
        let frames = a.penFrames(
            frame(
                at: 600, .abs(AbsoluteAxis.x, 20000), .abs(AbsoluteAxis.y, 15000), .abs(AbsoluteAxis.distance, 40),
                .abs(AbsoluteAxis.misc, 1_050_626), .key(KeyCode.toolPen, 1), .serial(897_625_000)))
        #expect(
            frames == [
                PenFrame(
                    time: ms(600), tool: .pen, inProximity: true, tipDown: false,
                    axes: RawPenAxes(
                        x: 20000, y: 15000, pressure: nil, distance: 40, tiltX: 0, tiltY: 0, rotation: 0, wheel: 0),
                    serial: 897_625_000, toolID: 1_050_626, transitions: [.enteredProximity])
            ])
    }

    @Test func leavingWithTheTipDownLiftsItAndReleasesButtons() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events = frame(
            at: 0, .abs(AbsoluteAxis.x, 1000), .abs(AbsoluteAxis.y, 2000), .abs(AbsoluteAxis.distance, 10),
            .key(KeyCode.toolPen, 1))
        events += frame(at: 5, .key(KeyCode.stylus, 1))
        events += frame(at: 10, .abs(AbsoluteAxis.pressure, 500), .key(KeyCode.touch, 1))
        events += frame(
            at: 15, .abs(AbsoluteAxis.x, 0), .abs(AbsoluteAxis.y, 0), .abs(AbsoluteAxis.pressure, 0),
            .key(KeyCode.touch, 0), .key(KeyCode.stylus, 0), .key(KeyCode.toolPen, 0))
        let frames = a.penFrames(events)
        try #require(frames.count == 4)
        #expect(frames[1].buttons == [.stylus])
        #expect(frames[2].tipDown && frames[2].transitions == [.tipWentDown] && frames[2].buttons == [.stylus])
        #expect(
            frames[3]
                == PenFrame(
                    time: ms(15), tool: .pen, inProximity: false, tipDown: false, buttons: [],
                    axes: RawPenAxes(
                        x: 1000, y: 2000, pressure: 500, distance: 10, tiltX: nil, tiltY: nil, rotation: 0, wheel: 0),
                    transitions: [.tipWentUp, .leftProximity]))
    }

    /// Wacom-DTH2242-Pen.events advertises ABS_TILT_X/Y (B: 03 03 01 00 0f ...) but never sends
    /// them (`grep -c ' 0003 001a'` is 0): its tilt is unknown, not raw 0 (-64° on 0..127).
    @Test func tiltIsUnknownUntilReported() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events = frame(at: 0, .abs(AbsoluteAxis.x, 1000), .abs(AbsoluteAxis.y, 2000), .key(KeyCode.toolPen, 1))
        events += frame(at: 5, .abs(AbsoluteAxis.tiltX, 19))
        events += frame(at: 10, .abs(AbsoluteAxis.tiltY, -7))
        let frames = a.penFrames(events)
        try #require(frames.count == 3)
        #expect(frames[0].axes.tiltX == nil && frames[0].axes.tiltY == nil)
        #expect(frames[1].axes.tiltX == 19 && frames[1].axes.tiltY == nil)
        #expect(frames[2].axes.tiltX == 19 && frames[2].axes.tiltY == -7)
    }

    /// Wacom-Cintiq-22HDT-Pen.events: the recording starts with the pen already in
    /// proximity (line 160, no BTN_TOOL_PEN 1), the pen leaves at line 641 and the eraser
    /// (BTN_TOOL_RUBBER) enters at line 651.
    @Test func aStreamStartingInProximityThenTheEraser() throws {
        var a = try assembler(Devices.cintiq22HDT)
        // Lines 160-166.
        let start = evemuEvents(
            """
            E: 1369413636.405673 0003 0000 71789
            E: 1369413636.405673 0003 0001 13957
            E: 1369413636.405673 0003 0019 0033
            E: 1369413636.405673 0003 001a 0072
            E: 1369413636.405673 0003 001b 0064
            E: 1369413636.405673 0004 0000 -494927427
            E: 1369413636.405673 0000 0000 0000
            """)
        // Lines 629-659.
        let change = evemuEvents(
            """
            E: 1369413637.144658 0003 0000 68715
            E: 1369413637.144658 0003 0001 14814
            E: 1369413637.144658 0003 0019 0060
            E: 1369413637.144658 0003 001a 0076
            E: 1369413637.144658 0003 001b 0055
            E: 1369413637.144658 0004 0000 -494927427
            E: 1369413637.144658 0000 0000 0000
            E: 1369413637.152672 0003 0000 0000
            E: 1369413637.152672 0003 0001 0000
            E: 1369413637.152672 0003 0019 0000
            E: 1369413637.152672 0003 001a 0000
            E: 1369413637.152672 0003 001b 0000
            E: 1369413637.152672 0001 0140 0000
            E: 1369413637.152672 0003 0028 0000
            E: 1369413637.152672 0004 0000 -494927427
            E: 1369413637.152672 0000 0000 0000
            E: 1369413637.704653 0003 0000 72308
            E: 1369413637.704653 0003 0001 12374
            E: 1369413637.704653 0003 0019 0043
            E: 1369413637.704653 0003 001a 0060
            E: 1369413637.704653 0003 001b 0097
            E: 1369413637.704653 0003 0028 1443850
            E: 1369413637.704653 0001 0141 0001
            E: 1369413637.704653 0004 0000 -494927427
            E: 1369413637.704653 0000 0000 0000
            E: 1369413637.711649 0003 0000 72329
            E: 1369413637.711649 0003 0001 12498
            E: 1369413637.711649 0003 0019 0042
            E: 1369413637.711649 0003 001a 0059
            E: 1369413637.711649 0004 0000 -494927427
            E: 1369413637.711649 0000 0000 0000
            """)
        let frames = a.penFrames(start + change)
        try #require(frames.count == 5)
        #expect(frames[0].tool == .inferredPen && frames[0].transitions == [.enteredProximity])
        #expect(frames[0].serial == -494_927_427 && frames[0].toolID == nil)
        let beforeOut = RawPenAxes(
            x: 68715, y: 14814, pressure: nil, distance: 60, tiltX: 76, tiltY: 55, rotation: 0, wheel: 0)
        #expect(frames[1].axes == beforeOut && frames[1].transitions == [])
        #expect(
            frames[2]
                == PenFrame(
                    time: EventTime(seconds: 1_369_413_637, microseconds: 152_672), tool: .inferredPen,
                    inProximity: false, tipDown: false, axes: beforeOut, serial: -494_927_427,
                    transitions: [.leftProximity]))
        #expect(
            frames[3]
                == PenFrame(
                    time: EventTime(seconds: 1_369_413_637, microseconds: 704_653), tool: .eraser, inProximity: true,
                    tipDown: false,
                    axes: RawPenAxes(
                        x: 72308, y: 12374, pressure: nil, distance: 43, tiltX: 60, tiltY: 97, rotation: 0, wheel: 0),
                    serial: -494_927_427, toolID: 1_443_850, transitions: [.enteredProximity]))
        #expect(frames[4].tool == .eraser && frames[4].transitions == [] && frames[4].axes.tiltX == 59)
    }

    @Test func distanceAloneDoesNotBringAToolIn() throws {
        var a = try assembler(Devices.cintiq13HD)
        let out = a.feed(frame(at: 0, .abs(AbsoluteAxis.distance, 20)))
        #expect(out == [.empty(time: ms(0), gapBefore: nil)])
    }
}

@Suite("Tip contact from pressure")
struct TipContactTests {
    /// Enters the 13HD pen hovering close (distance 10 of 63: below the 50% that offset
    /// detection needs), then sends `pressures` one frame each, 5 ms apart.
    func tips(_ pressures: [Int32], touch: Bool = false) throws -> [(Bool, PenTransitions)] {
        var a = try assembler(Devices.cintiq13HD)
        var events = frame(
            at: 0, .abs(AbsoluteAxis.x, 5000), .abs(AbsoluteAxis.y, 5000), .abs(AbsoluteAxis.distance, 10),
            .key(KeyCode.toolPen, 1))
        for (i, p) in pressures.enumerated() {
            var scripted: [Scripted] = [.abs(AbsoluteAxis.pressure, p)]
            if touch { scripted.append(.key(KeyCode.touch, p > 0 ? 1 : 0)) }
            events += frame(atMicroseconds: Int64(i + 1) * 5000, scripted)
        }
        return a.penFrames(events).dropFirst().map { ($0.tipDown, $0.transitions) }
    }

    /// Pressure 0..2047: down at >= 102 (5%: 102.35 truncated), up at <= 20 (1%: 20.47).
    @Test func hysteresisAroundBothThresholds() throws {
        let result = try tips([101, 102, 21, 20, 101, 102])
        #expect(result.map(\.0) == [false, true, true, false, false, true])
        #expect(result.map(\.1) == [[], [.tipWentDown], [], [.tipWentUp], [], [.tipWentDown]])
    }

    @Test func btnTouchIsIgnoredWherePressureExists() throws {
        let result = try tips([101, 20], touch: true)
        #expect(result.map(\.0) == [false, false])
    }

    @Test func withoutAPressureAxisBtnTouchDecides() throws {
        var device = Devices.cintiq13HD
        device.codes[.absolute]?.remove(AbsoluteAxis.pressure)
        var a = try assembler(device)
        var events = frame(at: 0, .abs(AbsoluteAxis.x, 5000), .abs(AbsoluteAxis.y, 5000), .key(KeyCode.toolPen, 1))
        events += frame(at: 5, .key(KeyCode.touch, 1))
        events += frame(at: 10, .key(KeyCode.touch, 0))
        let frames = a.penFrames(events)
        #expect(frames.map(\.tipDown) == [false, true, false])
        #expect(frames.map(\.axes.pressure) == [nil, nil, nil])
    }

    /// A tablet that declares ABS_PRESSURE and never sends it: BTN_TOUCH decides and the pressure
    /// stays unknown (absent); once pressure reports, it decides, with its thresholds.
    @Test func aDeclaredPressureAxisThatNeverReportedLeavesContactToBtnTouch() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events = frame(at: 0, .abs(AbsoluteAxis.x, 5000), .abs(AbsoluteAxis.y, 5000), .key(KeyCode.toolPen, 1))
        events += frame(at: 5, .key(KeyCode.touch, 1))
        events += frame(at: 10, .key(KeyCode.touch, 0))
        events += frame(at: 15, .abs(AbsoluteAxis.pressure, 101), .key(KeyCode.touch, 1))
        events += frame(at: 20, .abs(AbsoluteAxis.pressure, 102))
        let frames = a.penFrames(events)
        #expect(frames.map(\.tipDown) == [false, true, false, false, true])
        #expect(frames.map(\.axes.pressure) == [nil, nil, nil, 101, 102])
        #expect(frames[1].axes.unmeasured.contains(.pressure))
        #expect(!frames[4].axes.unmeasured.contains(.pressure))
    }

    /// UC-LOGIC-Tablet-WP5540U-Pen.events lines 179-200 and 1499-1508: BTN_TOUCH 1 arrives
    /// with pressure 21; range 0..1023 puts the thresholds at 51 (5%) and 10 (1%), so
    /// the tip goes down only at 53 and stays down until pressure 0.
    @Test func ucLogicTouchFollowsPressure() throws {
        var a = try assembler(Devices.ucLogicWP5540U)
        let events = evemuEvents(
            """
            E: 1.823982 0003 0000 13174
            E: 1.823982 0003 0001 11077
            E: 1.823982 0000 0000 0000
            E: 1.855982 0003 0000 13180
            E: 1.855982 0000 0000 0000
            E: 1.903983 0004 0004 852034
            E: 1.903983 0001 014a 0001
            E: 1.903983 0003 0018 0021
            E: 1.903983 0000 0000 0000
            E: 1.911974 0003 0000 13171
            E: 1.911974 0003 0001 11085
            E: 1.911974 0003 0018 0036
            E: 1.911974 0000 0000 0000
            E: 1.919968 0003 0018 0045
            E: 1.919968 0000 0000 0000
            E: 1.927979 0003 0018 0050
            E: 1.927979 0000 0000 0000
            E: 1.935979 0003 0018 0053
            E: 1.935979 0000 0000 0000
            E: 5.911941 0003 0000 13218
            E: 5.911941 0003 0001 15081
            E: 5.911941 0003 0018 0149
            E: 5.911941 0000 0000 0000
            E: 5.919930 0004 0004 852034
            E: 5.919930 0001 014a 0000
            E: 5.919930 0003 0000 13204
            E: 5.919930 0003 0001 15089
            E: 5.919930 0003 0018 0000
            E: 5.919930 0000 0000 0000
            """)
        let frames = a.penFrames(events)
        try #require(frames.count == 9)
        #expect(frames.map(\.tipDown) == [false, false, false, false, false, false, true, true, false])
        #expect(frames.map(\.inProximity) == Array(repeating: true, count: 9))
        #expect(frames.map(\.tool) == Array(repeating: .inferredPen, count: 9))
        // Only the first frame enters: 4 s pass while the tip is down, which holds proximity.
        #expect(
            frames.map(\.transitions)
                == [[.enteredProximity], [], [], [], [], [], [.tipWentDown], [], [.tipWentUp]])
        #expect(frames[8].axes == RawPenAxes(x: 13204, y: 15089, pressure: 0))
    }
}

@Suite("Worn-nib pressure offset")
struct PressureOffsetTests {
    /// 13HD: pressure 0..2047, distance 0..63 (50% = 31).
    func enter(pressure: Int32, distance: Int32) -> [InputEvent] {
        frame(
            at: 0, .abs(AbsoluteAxis.x, 5000), .abs(AbsoluteAxis.y, 5000), .abs(AbsoluteAxis.distance, distance),
            .abs(AbsoluteAxis.pressure, pressure), .key(KeyCode.toolPen, 1), .serial(42))
    }

    @Test func hoveringWithPressureIsAnOffsetThatShiftsTheThresholds() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events = enter(pressure: 300, distance: 40)
        // Thresholds move to lower 300 and upper 300 + (102 - 20) = 382.
        for (i, p) in [381, 382, 301, 300, 250].enumerated() {
            events += frame(atMicroseconds: Int64(i + 1) * 5000, [.abs(AbsoluteAxis.pressure, Int32(p))])
        }
        let frames = a.penFrames(events)
        #expect(frames.map(\.tipDown) == [false, false, true, true, false, false])
        // A pressure below the offset lowers it (libinput's update_pressure_offset()).
        #expect(frames.map(\.pressureOffset) == [300, 300, 300, 300, 300, 250])
        #expect(a.pressureOffset(tool: .pen, serial: 42) == 250)
        // 300 / 2047 = 14.66%.
        #expect(a.takeNotices() == [.pressureOffsetDetected(tool: .pen, serial: 42, offset: 300, percent: 14)])
        #expect(a.notices.isEmpty)
    }

    @Test func anOffsetAboveHalfTheRangeIsIgnored() throws {
        var a = try assembler(Devices.cintiq13HD)
        let frames = a.penFrames(enter(pressure: 1100, distance: 40))
        #expect(frames.map(\.tipDown) == [true])
        #expect(frames.map(\.transitions) == [[.enteredProximity, .tipWentDown]])
        #expect(frames.map(\.pressureOffset) == [nil])
        // 1100 / 2047 = 53.7%.
        let notices = a.takeNotices()
        #expect(notices == [.pressureOffsetIgnored(tool: .pen, serial: 42, offset: 1100, percent: 53)])
        #expect(
            notices.map(\.description) == [
                "Ignoring pressure offset greater than 50% (53%, 1100 device units) detected on tool pen"
                    + " (serial 0x2a): the pen was pressed while entering proximity or its nib is broken."
                    + " Check the pen; tip contact uses the default thresholds."
            ])
    }

    @Test func closerThanHalfTheDistanceRangeIsNoOffset() throws {
        var a = try assembler(Devices.cintiq13HD)
        let frames = a.penFrames(enter(pressure: 300, distance: 30))
        #expect(frames.map(\.tipDown) == [true])
        #expect(frames.map(\.pressureOffset) == [nil])
        #expect(a.notices.isEmpty)
    }

    /// The Dell Canvas pen (ISD-V4) has no distance axis: libinput decides at the third
    /// proximity-in carrying pressure, from the smallest pressure seen. Range 0..4095:
    /// thresholds 204 (5%: 204.75) and 40 (1%: 40.95).
    @Test func withoutDistanceTheThirdProximityInDecides() throws {
        var a = try assembler(Devices.dellCanvas)
        var events: [InputEvent] = []
        for (i, p) in [200, 150, 180].enumerated() {
            let t = Int64(i) * 1000
            events += frame(
                at: t, .abs(AbsoluteAxis.x, 30000), .abs(AbsoluteAxis.y, 17000), .abs(AbsoluteAxis.pressure, Int32(p)),
                .key(KeyCode.toolPen, 1))
            if i < 2 {
                // dell_canvas_pen.evemu lines 1198-1201: the ISD-V4 zeroes only X and Y.
                events += frame(at: t + 500, .abs(AbsoluteAxis.x, 0), .abs(AbsoluteAxis.y, 0), .key(KeyCode.toolPen, 0))
            }
        }
        // Offset 150: thresholds 150 and 150 + (204 - 40) = 314.
        events += frame(at: 2005, .abs(AbsoluteAxis.pressure, 313))
        events += frame(at: 2010, .abs(AbsoluteAxis.pressure, 314))
        let frames = a.penFrames(events)
        try #require(frames.count == 7)
        #expect(frames.map(\.pressureOffset) == [nil, nil, nil, nil, 150, 150, 150])
        #expect(frames.map(\.tipDown) == [false, false, false, false, false, false, true])
        // 150 / 4095 = 3.66%.
        #expect(a.takeNotices() == [.pressureOffsetDetected(tool: .pen, serial: nil, offset: 150, percent: 3)])
    }
}

@Suite("Inferred proximity (no tool bits)")
struct InferredProximityTests {
    /// UC-LOGIC-Tablet-WP5540U-Pen.events lines 69-77: the first event brings the pen in;
    /// 71.998 ms pass before the second frame, more than libinput's 50 ms proximity timeout.
    static let start = evemuEvents(
        """
        E: 0.000000 0003 0000 9870
        E: 0.000000 0003 0001 11474
        E: 0.000000 0000 0000 0000
        E: 0.071998 0003 0000 10063
        E: 0.071998 0003 0001 11724
        E: 0.071998 0000 0000 0000
        E: 0.095996 0003 0000 10120
        E: 0.095996 0003 0001 11970
        E: 0.095996 0000 0000 0000
        """)

    @Test func theFirstAxisEventBringsThePenIn() throws {
        var a = try assembler(Devices.ucLogicWP5540U)
        let frames = a.penFrames(Self.start)
        #expect(
            frames.first
                == PenFrame(
                    time: EventTime(microseconds: 0), tool: .inferredPen, inProximity: true, tipDown: false,
                    axes: RawPenAxes(x: 9870, y: 11474, pressure: nil), transitions: [.enteredProximity]))
    }

    @Test func aSilenceLongerThanTheTimeoutStartsANewProximity() throws {
        var a = try assembler(Devices.ucLogicWP5540U)
        let frames = a.penFrames(Self.start)
        #expect(frames.count == 3)
        #expect(frames.map(\.transitions) == [[.enteredProximity], [.enteredProximity], []])
        #expect(frames.allSatisfy { $0.inProximity })
    }

    @Test func theTimeoutIsAdjustable() throws {
        var a = try FrameAssembler(device: Devices.ucLogicWP5540U, inferredProximityTimeout: .milliseconds(100))
        #expect(a.penFrames(Self.start).map(\.transitions) == [[.enteredProximity], [], []])
    }

    @Test func aHeldBarrelButtonHoldsProximity() throws {
        var a = try assembler(Devices.ucLogicWP5540U)
        var events = frame(at: 0, .abs(AbsoluteAxis.x, 100), .abs(AbsoluteAxis.y, 100))
        events += frame(at: 8, .key(KeyCode.stylus, 1))
        events += frame(at: 300, .abs(AbsoluteAxis.x, 110))
        events += frame(at: 308, .key(KeyCode.stylus, 0))
        events += frame(at: 600, .abs(AbsoluteAxis.x, 120))
        let frames = a.penFrames(events)
        #expect(frames.map(\.transitions) == [[.enteredProximity], [], [], [], [.enteredProximity]])
        #expect(frames.map(\.buttons) == [[], [.stylus], [.stylus], [], []])
    }
}

@Suite("Pad frames on the pen's node")
struct PadFrameTests {
    /// Wacom-Intuos4-6x9.stylus-tap.events lines 1-14: proximity-in and one motion.
    static let penIn = evemuEvents(
        """
        E: 1364787604.345233 0003 0000 19558
        E: 1364787604.345233 0003 0001 11004
        E: 1364787604.345233 0003 0019 58
        E: 1364787604.345233 0003 001a 85
        E: 1364787604.345233 0003 001b 63
        E: 1364787604.345233 0003 0028 2050
        E: 1364787604.345233 0001 0140 1
        E: 1364787604.345233 0004 0000 -1719661677
        E: 1364787604.345233 0000 0000 0
        E: 1364787604.349227 0003 0000 19554
        E: 1364787604.349227 0003 0001 10987
        E: 1364787604.349227 0003 0019 56
        E: 1364787604.349227 0004 0000 -1719661677
        E: 1364787604.349227 0000 0000 0
        """)

    /// Lines 15-20 of the same file.
    static let penMotion = evemuEvents(
        """
        E: 1364787604.357224 0003 0000 19544
        E: 1364787604.357224 0003 0001 10969
        E: 1364787604.357224 0003 0019 55
        E: 1364787604.357224 0003 001b 64
        E: 1364787604.357224 0004 0000 -1719661677
        E: 1364787604.357224 0000 0000 0
        """)

    /// The Intuos4 recordings hold no pad events, so these follow the kernel's Intuos4 pad
    /// report (wacom_wac.c, pad on the pen node): BTN_0..BTN_8, the ring on ABS_WHEEL,
    /// ABS_MISC 0x0f while touched, MSC_SERIAL 0xffffffff.
    static func pad(at time: EventTime, _ events: [Scripted]) -> [InputEvent] {
        frame(atMicroseconds: time.microseconds, events)
    }

    @Test func padReportsBecomePadFramesAndLeaveThePenAlone() throws {
        var a = try assembler(Devices.intuos4)
        let t0 = EventTime(seconds: 1_364_787_604, microseconds: 350_000)
        let t1 = EventTime(seconds: 1_364_787_604, microseconds: 360_000)
        var events = Self.penIn
        events += Self.pad(
            at: t0,
            [.key(0x100, 1), .abs(AbsoluteAxis.wheel, 35), .abs(AbsoluteAxis.misc, 0x0f), .serial(-1)])
        events += Self.penMotion
        events += Self.pad(at: t1, [.key(0x100, 0), .abs(AbsoluteAxis.misc, 0), .serial(-1)])
        events += frame(atMicroseconds: t1.microseconds + 5000, [.key(0x101, 1)])
        let out = a.feed(events)
        try #require(out.count == 6)
        #expect(out[2] == .pad(PadFrame(time: t0, buttons: [0x100], ring: 35)))
        #expect(out[4] == .pad(PadFrame(time: t1, buttons: [], ring: 35)))
        // A pad button without the pad's serial, in a frame without pen events, is still the pad.
        #expect(out[5].pad?.buttons == [0x101])
        let pen = try #require(out[3].pen)
        #expect(pen.transitions == [])
        #expect(pen.toolID == 2050)
        #expect(
            pen.axes
                == RawPenAxes(
                    x: 19544, y: 10969, pressure: nil, distance: 55, tiltX: 85, tiltY: 64, rotation: 0, wheel: 0))
        #expect(pen.serial == -1_719_661_677)
    }
}

@Suite("SYN_DROPPED and frame counting")
struct DroppedEventTests {
    @Test func aDropDiscardsTheIncompleteFrameAndMarksAGap() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events = WacomProximityTests.proximityIn
        events += [
            InputEvent(time: ms(10), type: .absolute, code: AbsoluteAxis.x, value: 27000),
            InputEvent(time: ms(10), type: .absolute, code: AbsoluteAxis.y, value: 11000),
            InputEvent(time: ms(10), type: .synchronization, code: SynchronizationCode.dropped, value: 0),
            InputEvent(time: ms(12), type: .absolute, code: AbsoluteAxis.y, value: 11100),
            InputEvent(time: ms(12), type: .absolute, code: AbsoluteAxis.pressure, value: 500),
            InputEvent(time: ms(12), type: .synchronization, code: SynchronizationCode.report, value: 0),
        ]
        events += frame(at: 20, .abs(AbsoluteAxis.x, 26900), .serial(897_625_000))
        let out = a.feed(events)
        #expect(out.count == 2)
        #expect(a.framesSeen == 3)
        #expect(a.framesDiscarded == 1)
        let after = try #require(out.last?.pen)
        #expect(after.gapBefore == FrameGap(start: ms(10), end: ms(20), discardedEvents: 4))
        // Nothing of the discarded events is taken: y is the one before the drop, and pressure, never reported, none.
        #expect(after.axes.x == 26900 && after.axes.y == 10992 && after.axes.pressure == nil)
        #expect(!after.tipDown && after.transitions == [])
        #expect(out.first?.gapBefore == nil)
    }

    @Test func theGapRidesOnTheNextFrameEvenIfEmpty() throws {
        var a = try assembler(Devices.ucLogicWP5540U)
        var events = [InputEvent(time: ms(5), type: .synchronization, code: SynchronizationCode.dropped, value: 0)]
        events += frame(at: 6, .abs(AbsoluteAxis.x, 10))
        events += frame(at: 9, Scripted(type: .miscellaneous, code: MiscellaneousCode.scan, value: 852_034))
        events += frame(at: 12, .abs(AbsoluteAxis.x, 20), .abs(AbsoluteAxis.y, 30))
        let out = a.feed(events)
        #expect(
            out.map(\.gapBefore) == [FrameGap(start: ms(5), end: ms(9), discardedEvents: 1), nil])
        #expect(out.first == .empty(time: ms(9), gapBefore: FrameGap(start: ms(5), end: ms(9), discardedEvents: 1)))
        #expect(out.last?.pen?.axes.x == 20)
    }

    @Test func everySynReportYieldsOneOutputAndUnknownEventsAreIgnored() throws {
        var a = try assembler(Devices.cintiq13HD)
        var events: [InputEvent] = []
        // Out of proximity: an LED, a relative wheel, an undefined type, MSC_TIMESTAMP.
        events += frame(
            at: 0, Scripted(type: .led, code: 0, value: 1), Scripted(type: .relative, code: 8, value: 1),
            Scripted(type: EventType(rawValue: 0x1e), code: 0x3ff, value: -7),
            Scripted(type: .miscellaneous, code: MiscellaneousCode.timestamp, value: 1234))
        events += frame(
            at: 5, .abs(AbsoluteAxis.x, 900), .abs(AbsoluteAxis.y, 400), .key(KeyCode.toolPen, 1), .key(0x2ff, 1))
        // In proximity, a repeated serial alone carries nothing.
        events += frame(at: 10, .serial(0))
        events += frame(at: 15, .serial(0))
        events += frame(at: 20, .abs(AbsoluteAxis.x, 950), Scripted(type: .switch, code: 0, value: 1))
        let out = a.feed(events)
        #expect(out.count == 5)
        #expect(a.framesSeen == 5)
        #expect(out[0] == .empty(time: ms(0), gapBefore: nil))
        #expect(out[1].pen?.transitions == [.enteredProximity])
        #expect(out[2].pen?.serial == 0)
        #expect(out[3] == .empty(time: ms(15), gapBefore: nil))
        #expect(out[4].pen?.axes.x == 950)
    }
}
