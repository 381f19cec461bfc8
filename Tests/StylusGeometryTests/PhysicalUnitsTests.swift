import Testing

@testable import StylusGeometry
@testable import StylusInput

/// Physical sizes of the real recordings' active areas: (maximum - minimum) / resolution,
/// worked out by hand from the A: lines (and, for the devices without a resolution, the shipped
/// profiles' 200 units/mm).
@Suite("Physical units")
struct PhysicalUnitsTests {
    let form = FormSize(widthCentimetres: 20, heightCentimetres: 15)

    func size(_ device: DeviceDescription, profile: TabletProfile? = nil) throws -> TabletSize {
        try Normalizer(device: device, profile: profile, formSize: form).tabletSize
    }

    static let twoHundredPerMillimetre = TabletProfile(
        source: "test.yaml", match: DeviceMatch(vendor: 0x056a), resolution: UnitsPerMillimetre(x: 200, y: 200))

    @Test func cintiq13HD() throws {
        // (59152 - 400) / 200 = 58752 / 200 = 293.76 mm; (33448 - 400) / 200 = 33048 / 200 = 165.24 mm.
        let size = try size(RealDevices.cintiq13HD)
        #expect(nearly(size.widthMillimetres, 293.76))
        #expect(nearly(size.heightMillimetres, 165.24))
    }

    @Test func dellCanvas() throws {
        // 59674 / 100 = 596.74 mm; 33566 / 100 = 335.66 mm (the recording's header says 596x335).
        let size = try size(RealDevices.dellCanvas)
        #expect(nearly(size.widthMillimetres, 596.74))
        #expect(nearly(size.heightMillimetres, 335.66))
    }

    @Test func ucLogicHasDifferentResolutions() throws {
        // 32767 / 235 = 139.434 mm; 32767 / 323 = 101.446 mm.
        let size = try size(RealDevices.ucLogic)
        #expect(nearly(size.widthMillimetres, 139.434_04, 1e-5))
        #expect(nearly(size.heightMillimetres, 101.445_82, 1e-5))
    }

    @Test func wacomDevicesWithoutResolutionUseTheProfile() throws {
        // DTH2242 and 22HDT: 95840 / 200 = 479.2 mm; 54260 / 200 = 271.3 mm.
        for device in [RealDevices.dth2242, RealDevices.cintiq22HDT] {
            let size = try size(device, profile: Self.twoHundredPerMillimetre)
            #expect(nearly(size.widthMillimetres, 479.2))
            #expect(nearly(size.heightMillimetres, 271.3))
        }
        // Intuos4 6x9: 44704 / 200 = 223.52 mm; 27940 / 200 = 139.7 mm.
        let intuos = try size(RealDevices.intuos4, profile: Self.twoHundredPerMillimetre)
        #expect(nearly(intuos.widthMillimetres, 223.52))
        #expect(nearly(intuos.heightMillimetres, 139.7))
    }

    @Test func profileResolutionOverridesTheDevice() throws {
        // The 13HD reports 200; a profile saying 100 doubles the size: 58752 / 100 = 587.52 mm.
        let profile = TabletProfile(
            source: "test.yaml", match: DeviceMatch(product: 0x0333), resolution: UnitsPerMillimetre(x: 100, y: 100))
        #expect(nearly(try size(RealDevices.cintiq13HD, profile: profile).widthMillimetres, 587.52))
    }

    @Test func activeAreaOverridesTheRange() throws {
        // 1000...21000 at 200/mm = 100 mm; 0...10000 = 50 mm.
        let profile = TabletProfile(
            source: "test.yaml", match: DeviceMatch(product: 0x0333),
            activeArea: DeviceArea(minimumX: 1000, maximumX: 21000, minimumY: 0, maximumY: 10000))
        let size = try size(RealDevices.cintiq13HD, profile: profile)
        #expect(nearly(size.widthMillimetres, 100))
        #expect(nearly(size.heightMillimetres, 50))
    }

    @Test func positionsAreMillimetresFromTheMinimum() {
        // The 13HD's X starts at 400: 400 is 0 mm, 600 is 1 mm, 59152 is 293.76 mm.
        let scale = DeviceToTabletScale(
            area: DeviceArea(minimumX: 400, maximumX: 59152, minimumY: 400, maximumY: 33448),
            resolution: UnitsPerMillimetre(x: 200, y: 200))
        let origin = scale.tabletPosition(x: 400, y: 400)
        #expect(nearly(origin.xMillimetres, 0) && nearly(origin.yMillimetres, 0))
        #expect(nearly(scale.tabletPosition(x: 600, y: 400).xMillimetres, 1))
        #expect(nearly(scale.tabletPosition(x: 59152, y: 33448).xMillimetres, 293.76))
        #expect(nearly(scale.tabletPosition(x: 59152, y: 33448).yMillimetres, 165.24))
    }
}

@Suite("Tablet to form to canvas")
struct FormMappingTests {
    let form = FormSize(widthCentimetres: 20, heightCentimetres: 15)

    func frame(x: Int32, y: Int32) -> PenFrame {
        PenFrame(
            time: EventTime(microseconds: 0), tool: .pen, inProximity: true, tipDown: false,
            axes: RawPenAxes(x: x, y: y))
    }

    @Test func tabletCentreIsFormCentre() throws {
        // 13HD centre: x = 400 + 58752/2 = 29776, y = 400 + 33048/2 = 16924 (146.88, 82.62 mm).
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        let sample = normalizer.sample(frame(x: 29776, y: 16924))
        #expect(nearly(sample.tabletPosition.xMillimetres, 146.88))
        #expect(nearly(sample.tabletPosition.yMillimetres, 82.62))
        #expect(nearly(sample.formPosition.xCentimetres, 10))
        #expect(nearly(sample.formPosition.yCentimetres, 7.5))
    }

    @Test func oneMillimetreOnTheTabletIsATenthOfACentimetreOnTheForm() throws {
        // UC-LOGIC: 235 units in x and 323 in y are each 1 mm.
        let normalizer = try Normalizer(device: RealDevices.ucLogic, profile: nil, formSize: form)
        let a = normalizer.sample(frame(x: 10000, y: 10000)).formPosition
        let b = normalizer.sample(frame(x: 10235, y: 10323)).formPosition
        #expect(nearly(b.xCentimetres - a.xCentimetres, 0.1))
        #expect(nearly(b.yCentimetres - a.yCentimetres, 0.1))
    }

    @Test func canvasPointsAt132PointsPerInch() throws {
        // The form centre (10, 7.5) cm: 10 / 2.54 * 132 = 519.685 pt, 7.5 / 2.54 * 132 = 389.764 pt.
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form)
        let canvas = normalizer.sample(frame(x: 29776, y: 16924)).canvasPosition
        #expect(nearly(canvas.xPoints, 519.685_039, 1e-6))
        #expect(nearly(canvas.yPoints, 389.763_780, 1e-6))
        // One inch (2.54 cm) is 132 points.
        let scale = FormToCanvasScale()
        #expect(nearly(scale.canvasPosition(of: FormPosition(xCentimetres: 2.54, yCentimetres: 5.08)).xPoints, 132))
        #expect(nearly(scale.canvasPosition(of: FormPosition(xCentimetres: 2.54, yCentimetres: 5.08)).yPoints, 264))
    }

    @Test func otherDensity() throws {
        // At 264 points per inch the form centre is twice as far: 10 / 2.54 * 264 = 1039.370 pt.
        let normalizer = try Normalizer(
            device: RealDevices.cintiq13HD, profile: nil, formSize: form, pointsPerInch: 264)
        #expect(nearly(normalizer.sample(frame(x: 29776, y: 16924)).canvasPosition.xPoints, 1039.370_079, 1e-6))
    }

    @Test func profileTransformReplacesCentring() throws {
        // [[0.1, 0, -1], [0, 0.1, -2]]: tablet (100, 50) mm -> (10 - 1, 5 - 2) = (9, 3) cm.
        // On the 13HD, (100, 50) mm is x = 400 + 20000, y = 400 + 10000.
        let profile = TabletProfile(
            source: "test.yaml", match: DeviceMatch(product: 0x0333),
            tabletToForm: TabletToFormTransform(rows: [[0.1, 0, -1], [0, 0.1, -2]]))
        let normalizer = try Normalizer(device: RealDevices.cintiq13HD, profile: profile, formSize: form)
        let position = normalizer.sample(frame(x: 20400, y: 10400)).formPosition
        #expect(nearly(position.xCentimetres, 9))
        #expect(nearly(position.yCentimetres, 3))
    }
}
