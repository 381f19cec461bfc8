import Testing

@testable import StylusGeometry
@testable import StylusInput

@Suite("Normalizer")
struct NormalizerTests {
    let form = FormSize(widthCentimetres: 20, heightCentimetres: 15)

    @Test("eraser contact is marked, and as ink it is hover: no stroke can start, go on or end with it")
    func eraserIsNotInk() throws {
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        let erasing = normalizer.sample(
            PenFrame(
                time: EventTime(microseconds: 10), tool: .eraser, inProximity: true, tipDown: true,
                axes: RawPenAxes(x: 29776, y: 16924, pressure: 900), transitions: [.enteredProximity, .tipWentDown]))
        #expect(erasing.isEraserContact && erasing.isInContact)
        let ink = erasing.asInk
        #expect(!ink.isInContact && !ink.isEraserContact && ink.inProximity)
        #expect(ink.transitions == [.enteredProximity])
        #expect(ink.formPosition == erasing.formPosition && ink.tool == .eraser)
        let drawing = normalizer.sample(
            PenFrame(
                time: EventTime(microseconds: 10), tool: .pen, inProximity: true, tipDown: true,
                axes: RawPenAxes(x: 29776, y: 16924, pressure: 900), transitions: [.tipWentDown]))
        #expect(!drawing.isEraserContact && drawing.asInk == drawing)
    }

    @Test func sampleCarriesTheFrameAndItsPhysicalValues() throws {
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        let frame = PenFrame(
            time: EventTime(microseconds: 1_234_567), tool: .pen, inProximity: true, tipDown: true, buttons: [.stylus],
            axes: RawPenAxes(x: 29776, y: 16924, pressure: 2047, tiltX: 57, tiltY: 0),
            transitions: [.tipWentDown])
        let sample = normalizer.sample(frame)
        #expect(sample.time == EventTime(microseconds: 1_234_567))
        #expect(sample.tool == .pen)
        #expect(sample.inProximity)
        #expect(sample.tipDown)
        #expect(sample.buttons == [.stylus])
        #expect(sample.transitions == [.tipWentDown])
        #expect(nearly(sample.formPosition.xCentimetres, 10))
        #expect(nearly(sample.force, 25.0 / 6.0))
        #expect(sample.adfPressure == 4167)
        // tiltX 57 units = 1 rad toward +x, tiltY 0: azimuth 0, altitude π/2 - 1.
        #expect(sample.azimuth == 0)
        #expect(nearly(sample.altitude, .pi / 2 - 1))
    }

    @Test func pressureOffsetIsApplied() throws {
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        let frame = PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: true,
            axes: RawPenAxes(x: 400, y: 400, pressure: 1047))
        // (1047 - 47) / (2047 - 47) * 25/6 = 25/12: 2083.
        #expect(normalizer.sample(frame, pressureOffset: 47).adfPressure == 2083)
    }

    @Test func profilePressureRangeAndMaximumForce() throws {
        // A profile saying full pressure is 1023 on a 0...2047 axis, force 4.3: 1023 writes 4300.
        let profile = TabletProfile(
            source: "test.yaml", match: DeviceMatch(product: 0x0333),
            pressure: PressureSettings(maximum: 1023, maximumForce: 4.3))
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: profile, formSize: form)
        let frame = PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: true,
            axes: RawPenAxes(x: 400, y: 400, pressure: 1023))
        #expect(normalizer.sample(frame).adfPressure == 4300)
    }

    @Test func deviceWithoutTiltIsUpright() throws {
        // The UC-LOGIC WP5540U has no tilt axes.
        let normalizer = try Normalizer(device: RealDevices.ucLogic, profile: nil, formSize: form)
        #expect(normalizer.tiltScales == nil)
        let frame = PenFrame(
            time: EventTime(microseconds: 0), tool: .inferredPen, inProximity: true, tipDown: true,
            axes: RawPenAxes(x: 100, y: 100, pressure: 0))
        let sample = normalizer.sample(frame)
        // Upright is the file's placeholder; the sample says it is no measurement.
        #expect(sample.altitude == .pi / 2)
        #expect(sample.azimuth == 0)
        #expect(sample.absentAxes == [.tilt])
    }

    @Test("a tilt axis that has not reported yet leaves the orientation absent, not 0° along it")
    func unreportedTiltAxisIsAbsent() throws {
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        func sample(tiltX: Int32?, tiltY: Int32?) -> PenSample {
            normalizer.sample(
                PenFrame(
                    time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: true,
                    axes: RawPenAxes(x: 29776, y: 16924, pressure: 900, tiltX: tiltX, tiltY: tiltY)))
        }
        for (x, y) in [(nil, nil), (57, nil), (nil, -30)] as [(Int32?, Int32?)] {
            let unknown = sample(tiltX: x, tiltY: y)
            #expect(unknown.absentAxes == [.tilt], "tiltX \(String(describing: x)), tiltY \(String(describing: y))")
            #expect(unknown.altitude == .pi / 2 && unknown.azimuth == 0)
        }
        // Once both have reported, the orientation is measured: tiltX 57 units = 1 rad, tiltY 0.
        let known = sample(tiltX: 57, tiltY: 0)
        #expect(known.absentAxes.isEmpty)
        #expect(nearly(known.altitude, .pi / 2 - 1))
    }

    @Test func deviceWithoutPressureWritesAnAverageTouchWhileTheTipIsDown() throws {
        var device = RealDevices.ucLogic
        device.absInfo[AbsoluteAxis.pressure] = nil
        let normalizer = try Normalizer(device: device, profile: nil, formSize: form)
        let down = PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: true, axes: RawPenAxes())
        let up = PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: false, axes: RawPenAxes())
        #expect(normalizer.sample(down).adfPressure == 1000)
        #expect(normalizer.sample(up).adfPressure == 0)
        // Placeholders: the samples say pressure (and the WP5540U's tilt) was not measured.
        #expect(normalizer.sample(down).absentAxes == [.tilt, .pressure])
        #expect(normalizer.sample(up).absentAxes == [.tilt, .pressure])
    }

    @Test func twentyTwoHDTTiltInTheRecordingHeader() throws {
        // The 22HDT header's values tiltX 127, tiltY 80: +64° and 2112/127 = 16.63°.
        // tan 64° = 2.050304, tan 16.6299° = 0.298682: azimuth = atan2(0.298682, 2.050304) = 0.144659,
        // altitude = atan(1 / √(2.050304² + 0.298682²)) = atan(1 / 2.071945) = 0.449662.
        let normalizer = try Normalizer(
            device: RealDevices.cintiq22HDT, profile: PhysicalUnitsTests.twoHundredPerMillimetre, formSize: form)
        let frame = PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: false,
            axes: RawPenAxes(x: 1916, y: 31302, tiltX: 127, tiltY: 80))
        let sample = normalizer.sample(frame)
        #expect(nearly(sample.azimuth, 0.144659, 1e-6))
        #expect(nearly(sample.altitude, 0.449662, 1e-6))
    }

    // MARK: Setup errors, pinned

    @Test func missingResolutionWithoutProfile() {
        #expect {
            try Normalizer(device: RealDevices.dth2242, profile: nil, formSize: form)
        } throws: { error in
            (error as? NormalizationError)?.description
                == "Wacom DTH2242 Pen (0003:056a:0059) reports no resolution for ABS_X and ABS_Y. "
                + "Add a tablet profile in Calibration/tablets/ matching it with "
                + "'match: {bus: 0003, vendor: 056a, product: 0059}' and "
                + "'resolution: {x: <units per mm>, y: <units per mm>}' "
                + "(units per mm = lines per inch / 25.4; schema in Calibration/README.md; "
                + "/etc/styluskit/calibration/tablets/ and $XDG_CONFIG_HOME/styluskit/calibration/tablets/ are read too)."
        }
    }

    @Test func missingResolutionOnOneAxisNamesThatAxis() {
        var device = RealDevices.cintiq13HD
        device.absInfo[AbsoluteAxis.y]?.resolution = 0
        #expect(
            throws: NormalizationError.missingResolution(
                device: "Wacom Cintiq 13HD touch Pen", id: device.id, axes: ["ABS_Y"], profileSource: nil)
        ) {
            try Normalizer(device: device, profile: nil, formSize: form)
        }
    }

    @Test func missingResolutionWithAProfileThatSetsNone() {
        let profile = TabletProfile(
            source: "/etc/styluskit/calibration/tablets/intuos4.yaml",
            match: DeviceMatch(vendor: 0x056a, product: 0x00b9),
            pressure: PressureSettings(maximum: 2047))
        #expect {
            try Normalizer(device: RealDevices.intuos4, profile: profile, formSize: form)
        } throws: { error in
            (error as? NormalizationError)?.description
                == "Wacom Intuos4 6x9 (0003:056a:00b9) reports no resolution for ABS_X and ABS_Y, and its profile "
                + "/etc/styluskit/calibration/tablets/intuos4.yaml sets none. Add "
                + "'resolution: {x: <units per mm>, y: <units per mm>}' to /etc/styluskit/calibration/tablets/intuos4.yaml "
                + "(units per mm = lines per inch / 25.4; schema in Calibration/README.md)."
        }
    }

    @Test func missingPositionAxis() {
        var device = RealDevices.ucLogic
        device.absInfo[AbsoluteAxis.x] = nil
        #expect {
            try Normalizer(device: device, profile: nil, formSize: form)
        } throws: { error in
            (error as? NormalizationError)?.description
                == "UC-LOGIC Tablet WP5540U Pen (0003:5543:0004) has no ABS_X axis, so it is not a pen tablet StylusKit "
                + "can use; choose the device's pen node (styluskit devices lists them)."
        }
    }

    @Test func invalidFormAndDensity() {
        #expect(throws: NormalizationError.invalidFormSize(FormSize(widthCentimetres: 0, heightCentimetres: 10))) {
            try Normalizer(
                device: RealDevices.ucLogic, profile: nil,
                formSize: FormSize(widthCentimetres: 0, heightCentimetres: 10))
        }
        #expect(throws: NormalizationError.invalidPointsPerInch(0)) {
            try Normalizer(device: RealDevices.ucLogic, profile: nil, formSize: form, pointsPerInch: 0)
        }
    }
}
