import Foundation
import Testing

@testable import StylusGeometry

@Suite("Display profiles")
struct DisplayProfileTests {
    static let example = """
        # A comment.
        schema: 1
        kind: display
        description: Wacom Cintiq 13HD
        match:
          output: "DP-1"
          edid_vendor: WAC
          edid_product: "1040"
        pixels_per_inch: 166.0131
        scaling_factor: 2
        resolution: [1920, 1080]
        size_mm: [293.76, 165.24]
        """

    @Test("Every key is read")
    func readsEveryKey() throws {
        let profile = try DisplayProfile(yaml: Self.example, source: "d.yaml")
        #expect(profile.match == DisplayMatch(output: "DP-1", edidVendor: "WAC", edidProduct: 0x1040))
        #expect(profile.pixelsPerInch == 166.0131)
        #expect(profile.scalingFactor == 2)
        #expect(profile.pointsPerInch == 83.00655)
        #expect(profile.resolution?.width == 1920 && profile.resolution?.height == 1080)
        #expect(profile.sizeMillimetres?.width == 293.76 && profile.sizeMillimetres?.height == 165.24)
        #expect(profile.description == "Wacom Cintiq 13HD")
    }

    @Test("Written YAML reads back the same")
    func roundTrip() throws {
        let profile = try DisplayProfile(yaml: Self.example, source: "d.yaml")
        let text = profile.yaml(comments: ["Measured.", ""])
        #expect(text.hasPrefix("# Measured.\n#\nschema: 1\nkind: display\n"))
        #expect(text.contains("edid_product: \"1040\"\n"))
        // Yams' emitter writes what the hand-made writer did, byte for byte.
        #expect(
            text == """
                # Measured.
                #
                schema: 1
                kind: display
                description: "Wacom Cintiq 13HD"
                match:
                  output: "DP-1"
                  edid_vendor: "WAC"
                  edid_product: "1040"
                pixels_per_inch: 166.0131
                scaling_factor: 2
                resolution: [1920, 1080]
                size_mm: [293.76, 165.24]

                """)
        #expect(try DisplayProfile(yaml: text, source: "d.yaml") == profile)
    }

    func message(_ yaml: String) -> String {
        do {
            _ = try DisplayProfile(yaml: yaml, source: "Calibration/displays/d.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("Mistakes are named with the file and the key")
    func mistakes() {
        #expect(
            message("schema: 1\nkind: display\npixels_per_inch: 100\npixel_per_inch: 3\n")
                == "Calibration/displays/d.yaml: unknown key 'pixel_per_inch'. Keys allowed at the top level: "
                + "schema, kind, description, match, pixels_per_inch, scaling_factor, resolution, size_mm.")
        #expect(
            message("schema: 1\nkind: display\n")
                == "Calibration/displays/d.yaml: missing 'pixels_per_inch'; add it, e.g. 'pixels_per_inch: 165.6'.")
        #expect(
            message("schema: 1\nkind: display\npixels_per_inch: 0\n")
                == "Calibration/displays/d.yaml: 'pixels_per_inch' must be greater than 0, found 0.")
        #expect(
            message("schema: 1\nkind: display\npixels_per_inch: 100\nmatch: {edid_vendor: wacom}\n")
                == "Calibration/displays/d.yaml: 'match.edid_vendor' must be the EDID's three capital letters (e.g. WAC, DEL), found 'wacom'."
        )
        #expect(
            message("schema: 1\nkind: tablet\nmatch: {vendor: 056a}\n")
                == "Calibration/displays/d.yaml: 'kind' must be 'display' in a display profile, found 'tablet'; "
                + "tablet profiles belong in the 'tablets' folder, not 'displays'.")
        #expect(
            message("schema: 1\nkind: display\npixels_per_inch: 100\nscaling_factor: '2'\n")
                == "Calibration/displays/d.yaml: 'scaling_factor' must be a number of pixels per point (1, 2, 1.25, ...), found the text '2'."
        )
        #expect(
            message("schema: 1\nkind: display\npixels_per_inch: 100\nresolution: [1920.5, 1080]\n")
                == "Calibration/displays/d.yaml: 'resolution[0]' must be a whole number of pixels, found the number 1920.5."
        )
    }

    @Test("resolution and size_mm: both values above 0, each refusal naming its cell and unit (one rule)")
    func pairsAboveZero() {
        let head = "schema: 1\nkind: display\npixels_per_inch: 100\n"
        #expect(
            message(head + "resolution: [1920, 0]\n")
                == "Calibration/displays/d.yaml: 'resolution[1]' must be greater than 0 pixels, found 0.")
        #expect(
            message(head + "size_mm: [-2.5, 165]\n")
                == "Calibration/displays/d.yaml: 'size_mm[0]' must be greater than 0 mm, found -2.5.")
        #expect(
            message(head + "size_mm: [293.76, 0]\n")
                == "Calibration/displays/d.yaml: 'size_mm[1]' must be greater than 0 mm, found 0.")
        #expect(
            message(head + "size_mm: [293.76, wide]\n")
                == "Calibration/displays/d.yaml: 'size_mm[1]' must be a length in millimetres, found the text 'wide'.")
        #expect(
            message(head + "resolution: [1920]\n")
                == "Calibration/displays/d.yaml: 'resolution' must be a list of two pixel counts [width, height], "
                + "found a list of 1.")
    }

    @Test("The most specific matching profile wins; one without match is chosen by name only")
    func catalogMatching() throws {
        let vendorOnly = DisplayProfile(
            source: "a/wacom.yaml", match: DisplayMatch(edidVendor: "WAC"), pixelsPerInch: 100)
        let exact = DisplayProfile(
            source: "b/cintiq.yaml", match: DisplayMatch(edidVendor: "WAC", edidProduct: 0x1040), pixelsPerInch: 166)
        let output = DisplayProfile(source: "c/dp1.yaml", match: DisplayMatch(output: "DP-1"), pixelsPerInch: 96)
        let unnamed = DisplayProfile(source: "d/dell-canvas-27.yaml", match: DisplayMatch(), pixelsPerInch: 109)
        let catalog = DisplayProfileCatalog(profiles: [exact, vendorOnly, output, unnamed])
        #expect(
            catalog.profile(for: DisplayIdentity(output: "HDMI-1", edidVendor: "WAC", edidProduct: 0x1040)) == exact)
        #expect(
            catalog.profile(for: DisplayIdentity(output: "HDMI-1", edidVendor: "WAC", edidProduct: 0x1031))
                == vendorOnly)
        #expect(catalog.profile(for: DisplayIdentity(output: "DP-1")) == output)
        #expect(catalog.profile(for: DisplayIdentity(output: "eDP-1")) == nil)
        #expect(catalog.profile(named: "dell-canvas-27") == unnamed)
        #expect(catalog.profile(named: "nothing") == nil)
    }

    @Test("The shipped display profiles parse, and the Cintiq 13HD's matches its EDID")
    func shipped() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Calibration/displays")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(
            names == [
                "dell-canvas-27.yaml", "wacom-cintiq-13hd.yaml", "wacom-cintiq-16.yaml", "wacom-cintiq-22hdt.yaml",
                "wacom-dth2242.yaml",
            ])
        let catalog = try DisplayProfileCatalog(
            files: try names.map {
                (
                    "Calibration/displays/\($0)",
                    try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
                )
            })
        let edid = try EDID(bytes: cintiq13HDEDID)
        let profile = try #require(catalog.profile(for: DisplayIdentity(output: "DP-2", edid: edid)))
        #expect(profile.source == "Calibration/displays/wacom-cintiq-13hd.yaml")
        // 0.153 mm pitch: 25.4 / 0.153 = 166.013 ppi, within 0.3 % of the EDID's 166.44 across.
        #expect(abs(profile.pixelsPerInch - 25.4 / 0.153) < 0.001)
        let density = try #require(edid.density)
        #expect(abs(profile.pixelsPerInch - density.horizontal) / profile.pixelsPerInch < 0.003)
        // The 21.5" 1920 x 1080 displays: 2202.9 px / 21.5 in.
        for name in ["wacom-cintiq-22hdt", "wacom-dth2242"] {
            #expect(abs(try #require(catalog.profile(named: name)).pixelsPerInch - 102.46) < 0.01)
        }
        // The Dell Canvas's digitiser spans 596.74 mm for 2560 pixels.
        #expect(
            abs(try #require(catalog.profile(named: "dell-canvas-27")).pixelsPerInch - 2560 / (596.74 / 25.4)) < 0.001)
    }
}
