import Foundation
import StylusInput
import Testing

@testable import StylusGeometry

@Suite("Tablet profiles")
struct ProfileParsingTests {
    static let complete = """
        # every key
        schema: 1
        kind: tablet
        description: A test tablet
        match:
          bus: "0003"
          vendor: 0x056A
          product: 0333
          name: Wacom Cintiq 13HD touch Pen
        resolution:
          x: 235
          y: 323.5
        pressure:
          minimum: 10
          maximum: 2047
          tip_threshold: 40
          maximum_force: 4.3
        active_area:
          x: [400, 59152]
          y: [400, 33448]
        tablet_to_form:
          - [0.1, 0, -1.5]
          - [0, 0.1, 2]
        """

    @Test func readsEveryKey() throws {
        let profile = try TabletProfile(yaml: Self.complete, source: "t.yaml")
        #expect(profile.source == "t.yaml")
        #expect(profile.description == "A test tablet")
        // Ids are hex whatever their spelling: unquoted 0333 is 0x0333, not octal 219.
        #expect(
            profile.match
                == DeviceMatch(bus: 0x0003, vendor: 0x056a, product: 0x0333, name: "Wacom Cintiq 13HD touch Pen"))
        #expect(profile.resolution == UnitsPerMillimetre(x: 235, y: 323.5))
        #expect(profile.pressure == PressureSettings(minimum: 10, maximum: 2047, tipThreshold: 40, maximumForce: 4.3))
        #expect(profile.activeArea == DeviceArea(minimumX: 400, maximumX: 59152, minimumY: 400, maximumY: 33448))
        #expect(profile.tabletToForm == TabletToFormTransform(xx: 0.1, xy: 0, x0: -1.5, yx: 0, yy: 0.1, y0: 2))
    }

    /// Yams' emitter writes it (YAMLWriting): texts double-quoted, ids as quoted hex, numbers plain, the
    /// transform's rows as an unindented block list of flow lists (libyaml does not indent a list in a mapping).
    @Test("A written profile is Yams' layout, and reads back the same")
    func writtenLayout() throws {
        let profile = try TabletProfile(yaml: Self.complete, source: "t.yaml")
        let text = profile.yaml(comments: ["Written.", ""])
        #expect(
            text == """
                # Written.
                #
                schema: 1
                kind: tablet
                description: "A test tablet"
                match:
                  bus: "0003"
                  vendor: "056a"
                  product: "0333"
                  name: "Wacom Cintiq 13HD touch Pen"
                resolution:
                  x: 235
                  y: 323.5
                pressure:
                  minimum: 10
                  maximum: 2047
                  tip_threshold: 40
                  maximum_force: 4.3
                active_area:
                  x: [400, 59152]
                  y: [400, 33448]
                tablet_to_form:
                - [0.1, 0.0, -1.5]
                - [0.0, 0.1, 2.0]

                """)
        #expect(try TabletProfile(yaml: text, source: "t.yaml") == profile)
    }

    @Test("A pen display's tablet profile names its screen's display profile, and writes it back")
    func displayLink() throws {
        let profile = try TabletProfile(
            yaml: "schema: 1\nkind: tablet\nmatch: {vendor: 056a}\ndisplay: wacom-cintiq-13hd\n", source: "d.yaml")
        #expect(profile.display == "wacom-cintiq-13hd")
        let again = try TabletProfile(yaml: profile.yaml(comments: []), source: "d.yaml")
        #expect(again == profile)
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\ndisplay: displays/wacom-cintiq-13hd.yaml\n")
                == "Calibration/tablets/t.yaml: 'display' must be a display profile's name (its file name in a displays/ "
                + "folder without .yaml, e.g. wacom-cintiq-13hd), found 'displays/wacom-cintiq-13hd.yaml'.")
    }

    @Test func minimalProfile() throws {
        let profile = try TabletProfile(yaml: "schema: 1\nkind: tablet\nmatch: {vendor: 056a}\n", source: "m.yaml")
        #expect(profile.match == DeviceMatch(vendor: 0x056a))
        #expect(profile.resolution == nil)
        #expect(profile.pressure == PressureSettings())
        #expect(profile.activeArea == nil)
        #expect(profile.tabletToForm == nil)
        #expect(profile.display == nil)
    }

    // MARK: Errors, pinned

    func message(_ yaml: String) -> String? {
        do {
            _ = try TabletProfile(yaml: yaml, source: "Calibration/tablets/t.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unknownKey() {
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\npressure: {maximum_forse: 4}\n")
                == "Calibration/tablets/t.yaml: unknown key 'pressure.maximum_forse'. "
                + "Keys allowed in 'pressure': minimum, maximum, tip_threshold, maximum_force.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolutoin: {x: 1, y: 1}\n")
                == "Calibration/tablets/t.yaml: unknown key 'resolutoin'. Keys allowed at the top level: "
                + "schema, kind, description, match, resolution, pressure, active_area, tablet_to_form, display.")
    }

    @Test func wrongTypes() {
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: {x: abc, y: 200}\n")
                == "Calibration/tablets/t.yaml: 'resolution.x' must be a number of units per mm, found the text 'abc'.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: {x: \"200\", y: 200}\n")
                == "Calibration/tablets/t.yaml: 'resolution.x' must be a number of units per mm, found the text '200'.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: [200, 200]\n")
                == "Calibration/tablets/t.yaml: 'resolution' must be a mapping of keys to values, found a list of 2.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: wacom}\n")
                == "Calibration/tablets/t.yaml: 'match.vendor' must be a hex id of up to 4 digits, e.g. 056a, "
                + "found the text 'wacom'.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nactive_area: {x: [0], y: [0, 10]}\n")
                == "Calibration/tablets/t.yaml: 'active_area.x' must be a list of two device units [minimum, maximum], "
                + "found a list of 1.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\npressure: {maximum: 2047.5}\n")
                == "Calibration/tablets/t.yaml: 'pressure.maximum' must be a whole number of device units, "
                + "found the number 2047.5.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\ntablet_to_form: [[0.1, 0, 0], [0, 0.1]]\n")
                == "Calibration/tablets/t.yaml: 'tablet_to_form[1]' must be a row of three numbers, found a list of 2.")
    }

    @Test func missingKeysAndSchema() {
        #expect(
            message("kind: tablet\nmatch: {vendor: 056a}\n")
                == "Calibration/tablets/t.yaml: missing 'schema'; add it, e.g. 'schema: 1'.")
        #expect(
            message("schema: 2\nkind: tablet\nmatch: {vendor: 056a}\n")
                == "Calibration/tablets/t.yaml: schema 2 is not supported; this version of StylusKit reads 'schema: 1'."
        )
        #expect(
            message("schema: 1\nkind: tablet\n")
                == "Calibration/tablets/t.yaml: missing 'match'; add it, e.g. "
                + "'match: {bus: 0003, vendor: 056a, product: 0059}'.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: {x: 200}\n")
                == "Calibration/tablets/t.yaml: missing 'resolution.y'; add it, e.g. 'resolution: {x: 200, y: 200}'.")
        #expect(
            message("schema: 1\nkind: display\nmatch: {vendor: 056a}\n")
                == "Calibration/tablets/t.yaml: 'kind' must be 'tablet' in a tablet profile, found 'display'; "
                + "display profiles belong in the 'displays' folder, not 'tablets'.")
        #expect(
            message("schema: 1\nkind: pen\nmatch: {vendor: 056a}\n")
                == "Calibration/tablets/t.yaml: 'kind' must be 'tablet' in a tablet profile (or 'display' in the displays folder), "
                + "found 'pen'.")
    }

    @Test func invalidValues() {
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: {x: 0, y: 200}\n")
                == "Calibration/tablets/t.yaml: 'resolution.x' must be greater than 0 units per mm, found 0.")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {}\n")
                == "Calibration/tablets/t.yaml: 'match' must give at least one of bus, vendor, product, name "
                + "(a profile cannot apply to every device).")
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\npressure: {minimum: 100, maximum: 100}\n")
                == "Calibration/tablets/t.yaml: 'pressure.maximum' must be greater than pressure.minimum (100), found 100."
        )
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\ntablet_to_form: [[0.1, 0.2, 0], [0.2, 0.4, 0]]\n")
                == "Calibration/tablets/t.yaml: 'tablet_to_form' must not squash the tablet onto a line "
                + "(its 2x2 part has determinant 0).")
    }

    @Test func notAProfile() {
        #expect(
            message("")
                == "Calibration/tablets/t.yaml: a profile must be a mapping of keys to values (starting with 'schema: 1'), "
                + "found an empty file.")
        #expect(
            message("- 1\n- 2\n")
                == "Calibration/tablets/t.yaml: a profile must be a mapping of keys to values (starting with 'schema: 1'), "
                + "found a list of 2.")
        let broken = message("schema: 1\nmatch: {vendor: 056a\n")
        #expect(broken?.hasPrefix("Calibration/tablets/t.yaml: not valid YAML: ") == true, "\(broken ?? "no error")")
    }

    @Test func duplicateKey() {
        let text = message(
            "schema: 1\nkind: tablet\nmatch: {vendor: 056a}\nresolution: {x: 1, y: 1}\nresolution: {x: 2, y: 2}\n")
        #expect(text?.hasPrefix("Calibration/tablets/t.yaml: ") == true)
        #expect(text?.contains("resolution") == true, "\(text ?? "no error")")
    }
}

@Suite("Profile catalog")
struct ProfileCatalogTests {
    static func profile(_ match: String, resolution: Int = 200) -> String {
        "schema: 1\nkind: tablet\nmatch: \(match)\nresolution: {x: \(resolution), y: \(resolution)}\n"
    }

    @Test func mostSpecificMatchWins() throws {
        let catalog = try ProfileCatalog(files: [
            ("a/wacom.yaml", Self.profile("{vendor: 056a}", resolution: 1)),
            (
                "a/dth2242-named.yaml",
                Self.profile("{vendor: 056a, product: 0059, name: Wacom DTH2242 Pen}", resolution: 3)
            ),
            ("a/dth2242.yaml", Self.profile("{bus: 0003, vendor: 056a, product: 0059}", resolution: 2)),
            ("a/uclogic.yaml", Self.profile("{vendor: 5543}", resolution: 4)),
        ])
        // bus+vendor+product (3 fields) ties with vendor+product+name (3): the later file wins.
        let match = try #require(catalog.profile(for: RealDevices.dth2242))
        #expect(match.source == "a/dth2242.yaml")
        #expect(match.alsoMatching == ["a/wacom.yaml", "a/dth2242-named.yaml"])

        // The 22HDT is only a Wacom.
        #expect(catalog.profile(for: RealDevices.cintiq22HDT)?.source == "a/wacom.yaml")
        #expect(catalog.profile(for: RealDevices.ucLogic)?.source == "a/uclogic.yaml")
    }

    @Test func nameMakesAMatchMoreSpecific() throws {
        let catalog = try ProfileCatalog(files: [
            (
                "user/named.yaml",
                Self.profile("{bus: 3, vendor: 056a, product: 0059, name: Wacom DTH2242 Pen}", resolution: 5)
            ),
            ("etc/ids.yaml", Self.profile("{bus: 3, vendor: 056a, product: 0059}", resolution: 2)),
        ])
        #expect(catalog.profile(for: RealDevices.dth2242)?.source == "user/named.yaml")
        var renamed = RealDevices.dth2242
        renamed.name = "Wacom DTH2242 Pad"
        #expect(catalog.profile(for: renamed)?.source == "etc/ids.yaml")
    }

    @Test func noMatch() throws {
        let catalog = try ProfileCatalog(files: [("a.yaml", Self.profile("{vendor: 5543}"))])
        #expect(catalog.profile(for: RealDevices.dth2242) == nil)
    }

    @Test func brokenFileIsAnError() {
        #expect(throws: ProfileError.unknownKey(source: "b.yaml", key: "colour", allowed: ProfileReader.topLevelKeys)) {
            try ProfileCatalog(files: [
                ("a.yaml", Self.profile("{vendor: 5543}")), ("b.yaml", "schema: 1\ncolour: red\n"),
            ])
        }
    }
}

@Suite("Search path")
struct SearchPathTests {
    @Test func projectThenSystemThenUser() {
        #expect(
            CalibrationSearchPath.directories(
                projectDirectory: "/opt/styluskit",
                environment: ["XDG_CONFIG_HOME": "/home/ana/cfg", "HOME": "/home/ana"])
                == ["/opt/styluskit/Calibration", "/etc/styluskit/calibration", "/home/ana/cfg/styluskit/calibration"])
    }

    @Test func userDirectoryFallsBackToHomeConfig() {
        // Unset, empty or relative XDG_CONFIG_HOME: $HOME/.config, as the XDG spec says.
        for xdg in [nil, "", "cfg"] {
            var environment = ["HOME": "/home/ana/"]
            environment["XDG_CONFIG_HOME"] = xdg
            #expect(
                CalibrationSearchPath.directories(projectDirectory: nil, environment: environment)
                    == ["/etc/styluskit/calibration", "/home/ana/.config/styluskit/calibration"])
        }
        #expect(
            CalibrationSearchPath.directories(projectDirectory: "/src/", environment: [:]) == [
                "/src/Calibration", "/etc/styluskit/calibration",
            ])
    }
}

/// The profiles shipped in Calibration/tablets/, read from the checkout.
@Suite("Shipped profiles")
struct ShippedProfileTests {
    static let tabletsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Calibration/tablets")

    static func catalog() throws -> ProfileCatalog {
        let names = try FileManager.default.contentsOfDirectory(atPath: tabletsDirectory.path).filter {
            $0.hasSuffix(".yaml")
        }.sorted()
        let files = try names.map { name in
            (
                "Calibration/tablets/\(name)",
                try String(contentsOf: tabletsDirectory.appendingPathComponent(name), encoding: .utf8)
            )
        }
        return try ProfileCatalog(files: files)
    }

    @Test func everyRealDeviceHasItsProfile() throws {
        let catalog = try Self.catalog()
        // The six devices of the real recordings and four current tablets.
        #expect(catalog.profiles.count == 10)
        let expected: [(DeviceDescription, String)] = [
            (RealDevices.dth2242, "wacom-dth2242.yaml"),
            (RealDevices.cintiq22HDT, "wacom-cintiq-22hdt.yaml"),
            (RealDevices.intuos4, "wacom-intuos4-6x9.yaml"),
            (RealDevices.cintiq13HD, "wacom-cintiq-13hd-touch.yaml"),
            (RealDevices.dellCanvas, "dell-canvas-isd-v4.yaml"),
            (RealDevices.ucLogic, "uc-logic-wp5540u.yaml"),
        ]
        for (device, file) in expected {
            let match = try #require(catalog.profile(for: device), "\(device.name)")
            #expect(match.source == "Calibration/tablets/\(file)")
            #expect(match.alsoMatching.isEmpty)
            // Each pressure range is the one in the recording's A: 18 line.
            #expect(match.profile.pressure.maximum == device.absInfo[AbsoluteAxis.pressure]?.maximum)
        }
    }

    /// The pen displays of the real recordings (P: 02 in each) link to the display profile of
    /// their screen; the tablets without a display (P: 00, or no P: line) link to none.
    @Test func penDisplaysNameTheirScreens() throws {
        let catalog = try Self.catalog()
        let expected: [(DeviceDescription, String?)] = [
            (RealDevices.cintiq13HD, "wacom-cintiq-13hd"), (RealDevices.cintiq22HDT, "wacom-cintiq-22hdt"),
            (RealDevices.dth2242, "wacom-dth2242"), (RealDevices.dellCanvas, "dell-canvas-27"),
            (RealDevices.intuos4, nil), (RealDevices.ucLogic, nil),
        ]
        let displays = Self.tabletsDirectory.deletingLastPathComponent().appendingPathComponent("displays")
        for (device, display) in expected {
            let profile = try #require(catalog.profile(for: device)?.profile, "\(device.name)")
            #expect(profile.display == display, "\(device.name)")
            if let display {
                #expect(FileManager.default.fileExists(atPath: displays.appendingPathComponent("\(display).yaml").path))
            }
        }
    }

    @Test func devicesWithoutResolutionNormaliseWithTheShippedProfile() throws {
        let catalog = try Self.catalog()
        let form = FormSize(widthCentimetres: 20, heightCentimetres: 15)
        // 200 units/mm: DTH2242 and 22HDT 95840 x 54260 -> 479.2 x 271.3 mm; Intuos4 44704 x 27940 ->
        // 223.52 x 139.7 mm.
        let sizes: [(DeviceDescription, Double, Double)] = [
            (RealDevices.dth2242, 479.2, 271.3), (RealDevices.cintiq22HDT, 479.2, 271.3),
            (RealDevices.intuos4, 223.52, 139.7),
        ]
        for (device, width, height) in sizes {
            let profile = catalog.profile(for: device)?.profile
            let size = try Normalizer(device: device, profile: profile, formSize: form).tabletSize
            #expect(nearly(size.widthMillimetres, width) && nearly(size.heightMillimetres, height), "\(device.name)")
        }
    }
}
