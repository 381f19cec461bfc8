import Foundation
import PatientWindow
import Testing

@testable import StylusGeometry

/// Choosing the patient window's monitor from SDL's names and the DRM connectors. Real DRM is not
/// available here (no GPU, no /sys/class/drm connectors in the build machine or CI), so the
/// connectors come from a fake sysfs tree under a temporary directory, with a real EDID.
@Suite("Monitor choice")
struct MonitorChoiceTests {
    /// The real Cintiq 13HD EDID (Fixtures/edid/README.md: WAC 0x1040, product name 'Cintiq 13HD').
    static let cintiq: [UInt8] = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/edid/wacom-cintiq-13hd.edid")
        return [UInt8]((try? Data(contentsOf: fixtures)) ?? Data())
    }()

    /// The Cintiq's EDID made into another monitor's: manufacturer `DEL`, product 0xA0C4, product
    /// name `name`, checksum fixed. Byte offsets from VESA E-EDID 1.3: id at 8-11, the name
    /// descriptor (tag 0xFC) at 72-89, its 13 text bytes from 77.
    static func otherMonitor(name: String) -> [UInt8] {
        var bytes = Array(cintiq.prefix(128))
        // D=4, E=5, L=12 in 5-bit letters: 0b00100_00101_01100 = 0x10AC, big-endian.
        bytes[8] = 0x10
        bytes[9] = 0xAC
        bytes[10] = 0xC4
        bytes[11] = 0xA0
        let text = Array((name + "\n").utf8) + Array(repeating: UInt8(0x20), count: 13)
        for index in 0..<13 { bytes[77 + index] = text[index] }
        bytes[127] = 0
        bytes[127] = UInt8((256 - bytes.reduce(0) { ($0 + Int($1)) & 0xFF }) & 0xFF)
        return bytes
    }

    /// A fake /sys/class/drm: the card, a Cintiq on DP-1, a Dell on HDMI-A-1, a laptop panel
    /// without an EDID on eDP-1, and an empty DP-2.
    static func fakeDRM() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drm-\(UUID().uuidString)").path
        func connector(_ entry: String, edid: [UInt8], status: String) throws {
            let directory = "\(root)/\(entry)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(edid).write(to: URL(fileURLWithPath: "\(directory)/edid"))
            try Data((status + "\n").utf8).write(to: URL(fileURLWithPath: "\(directory)/status"))
        }
        try FileManager.default.createDirectory(atPath: "\(root)/card0", withIntermediateDirectories: true)
        try connector("card0-DP-1", edid: cintiq, status: "connected")
        try connector("card0-HDMI-A-1", edid: otherMonitor(name: "DELL U2415"), status: "connected")
        try connector("card0-eDP-1", edid: [], status: "connected")
        try connector("card0-DP-2", edid: [], status: "disconnected")
        return root
    }

    @Test("The DRM scan reads each connector's name, status and EDID; the card itself is skipped")
    func scan() throws {
        #expect(Self.cintiq.count == 256)
        let root = try Self.fakeDRM()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = DRMConnector.scan(root: root)
        #expect(found.map(\.name) == ["DP-1", "DP-2", "HDMI-A-1", "eDP-1"])
        #expect(found.map(\.isConnected) == [true, false, true, true])
        #expect(found[0].edid?.productName == "Cintiq 13HD")
        #expect(found[0].identity == DisplayIdentity(output: "DP-1", edidVendor: "WAC", edidProduct: 0x1040))
        #expect(found[2].edid?.manufacturer == "DEL" && found[2].edid?.productCode == 0xA0C4)
        #expect(found[2].edid?.productName == "DELL U2415")
        #expect(found[3].edid == nil)
        #expect(found[2].windowSystemNames == ["HDMI-A-1", "HDMI-1"])
    }

    /// X11's naming: the EDID's monitor name when there is one, else the output's.
    static func x11() throws -> MonitorChooser {
        let root = try fakeDRM()
        defer { try? FileManager.default.removeItem(atPath: root) }
        return MonitorChooser(
            sdlNames: ["DELL U2415", "Cintiq 13HD", "eDP-1"], connectors: DRMConnector.scan(root: root),
            videoDriver: "x11")
    }

    @Test("Under X11 a monitor is found by SDL's name, its connector (DRM's or xrandr's) or its EDID name")
    func byAnyName() throws {
        let chooser = try Self.x11()
        #expect(chooser.connectors.count == 3)
        #expect(try chooser.choose("Cintiq 13HD") == 1)
        #expect(try chooser.choose("DP-1") == 1)
        #expect(try chooser.choose("HDMI-A-1") == 0)
        #expect(try chooser.choose("HDMI-1") == 0)
        #expect(try chooser.choose("eDP-1") == 2)
        #expect(try chooser.choose("#2") == 2)
        #expect(chooser.connector(ofSDLIndex: 1)?.name == "DP-1")
    }

    @Test("An unknown name is refused with the monitors, their connectors and what to pass")
    func unknownName() throws {
        let chooser = try Self.x11()
        #expect(throws: MonitorChoiceError.self) { try chooser.choose("DP-3") }
        do {
            _ = try chooser.choose("DP-3")
        } catch {
            #expect(
                error.description == """
                    No monitor is called 'DP-3' by SDL, by a connector or by an EDID; the monitors are: \
                    #0 'DELL U2415' (connector HDMI-A-1), #1 'Cintiq 13HD' (connector DP-1), #2 'eDP-1' (connector eDP-1). \
                    Pass one of these names (or #N), a connector (as in /sys/class/drm/card0-DP-1: DP-1) or an EDID monitor name to --output-display.
                    """)
        }
    }

    @Test("Under another video driver a connector SDL does not name is refused, saying why")
    func otherDriver() throws {
        let root = try Self.fakeDRM()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let chooser = MonitorChooser(
            sdlNames: ["Built-in display", "Monitor 2"], connectors: DRMConnector.scan(root: root),
            videoDriver: "wayland")
        #expect(try chooser.choose("Monitor 2") == 1)
        do {
            _ = try chooser.choose("DP-1")
            Issue.record("DP-1 cannot be told among Wayland's monitors")
        } catch {
            #expect(
                error.description == """
                    'DP-1' is the connected display DP-1 (EDID 'Cintiq 13HD'), but SDL's wayland video driver shows no monitor by \
                    its EDID or connector name, so it cannot be told which of SDL's monitors it is; the monitors are: \
                    #0 'Built-in display', #1 'Monitor 2', and connected but not matched to an SDL monitor: DP-1 (EDID 'Cintiq 13HD'), \
                    HDMI-A-1 (EDID 'DELL U2415'), eDP-1. Pass SDL's name of the monitor to --output-display.
                    """)
        }
        // The profile's match finds the Cintiq, but not among SDL's monitors: the first, with a note.
        let profile = DisplayProfile(
            source: "/p/wacom-cintiq-13hd.yaml", match: DisplayMatch(edidVendor: "WAC", edidProduct: 0x1040),
            pixelsPerInch: 166)
        let choice = chooser.choose(matching: profile)
        #expect(choice.index == nil)
        #expect(
            choice.note == """
                the display profile wacom-cintiq-13hd matches DP-1 (EDID 'Cintiq 13HD'), but SDL's wayland video driver shows no \
                monitor by its EDID or connector name (its monitors: #0 'Built-in display', #1 'Monitor 2', and connected but not \
                matched to an SDL monitor: DP-1 (EDID 'Cintiq 13HD'), HDMI-A-1 (EDID 'DELL U2415'), eDP-1); the window goes on \
                the first, 'Built-in display'. Pass --output-display NAME to choose.
                """)
    }

    @Test("Without --output-display the display profile's match chooses the monitor")
    func profileMatch() throws {
        let chooser = try Self.x11()
        let byEDID = DisplayProfile(
            source: "/p/c.yaml", match: DisplayMatch(edidVendor: "WAC", edidProduct: 0x1040), pixelsPerInch: 166)
        #expect(chooser.choose(matching: byEDID).index == 1)
        #expect(chooser.choose(matching: byEDID).note == nil)
        let byOutput = DisplayProfile(source: "/p/d.yaml", match: DisplayMatch(output: "HDMI-A-1"), pixelsPerInch: 92)
        #expect(chooser.choose(matching: byOutput).index == 0)
        // A disconnected connector, or another monitor's EDID: no match, the first monitor, no note.
        let unplugged = DisplayProfile(source: "/p/e.yaml", match: DisplayMatch(output: "DP-2"), pixelsPerInch: 92)
        #expect(chooser.choose(matching: unplugged).index == nil && chooser.choose(matching: unplugged).note == nil)
        let absent = DisplayProfile(
            source: "/p/f.yaml", match: DisplayMatch(edidVendor: "WAC", edidProduct: 0x0304), pixelsPerInch: 92)
        #expect(chooser.choose(matching: absent).index == nil && chooser.choose(matching: absent).note == nil)
    }

    @Test("Two monitors of one model are told apart only by number")
    func twoOfAKind() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drm-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for entry in ["card0-DP-1", "card0-DP-2"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(entry)", withIntermediateDirectories: true)
            try Data(Self.cintiq).write(to: URL(fileURLWithPath: "\(root)/\(entry)/edid"))
        }
        let chooser = MonitorChooser(
            sdlNames: ["Cintiq 13HD", "Cintiq 13HD"], connectors: DRMConnector.scan(root: root), videoDriver: "x11")
        #expect(try chooser.choose("#1") == 1)
        for name in ["Cintiq 13HD", "DP-2"] {
            do {
                _ = try chooser.choose(name)
                Issue.record("'\(name)' should be ambiguous")
            } catch {
                #expect(
                    error
                        == .ambiguous(
                            name: name, candidates: ["#0 'Cintiq 13HD'", "#1 'Cintiq 13HD'"],
                            monitors: "#0 'Cintiq 13HD', #1 'Cintiq 13HD'"))
            }
        }
        #expect(
            MonitorChoiceError.ambiguous(
                name: "Cintiq 13HD", candidates: ["#0 'Cintiq 13HD'", "#1 'Cintiq 13HD'"],
                monitors: "#0 'Cintiq 13HD', #1 'Cintiq 13HD'"
            ).description == """
                'Cintiq 13HD' names more than one monitor: #0 'Cintiq 13HD', #1 'Cintiq 13HD'; the monitors are: #0 'Cintiq 13HD', \
                #1 'Cintiq 13HD'. Pass the one you mean by its number to --output-display, e.g. '#0'.
                """)
    }
}
