import Foundation
import Testing

@testable import ADF

/// MachineFacts reads a sysfs tree. This machine (a server VM) has no /sys/class/backlight at
/// all, so every tree below is a FAKE one written into a temporary directory, laid out like
/// the kernel's (class/backlight/NAME/{brightness,max_brightness,type}, values followed by a
/// newline as sysfs prints them).
@Suite("Machine facts from a fake sysfs tree")
struct MachineFactsTests {
    /// A fake sysfs root with the given backlights (name -> (brightness, max, type)).
    private func fakeSysfs(_ backlights: [String: (String, String, String?)]) throws -> ScratchDirectory {
        let root = try ScratchDirectory()
        for (name, (brightness, maximum, type)) in backlights {
            let device = root.file("class/backlight/\(name)")
            try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
            try brightness.write(toFile: "\(device)/brightness", atomically: false, encoding: .utf8)
            try maximum.write(toFile: "\(device)/max_brightness", atomically: false, encoding: .utf8)
            if let type { try type.write(toFile: "\(device)/type", atomically: false, encoding: .utf8) }
        }
        return root
    }

    @Test("Brightness is brightness / max_brightness, rounded to 4 decimals")
    func brightness() throws {
        // 37699 / 96000 = 0.392697916... (bc -l), which ADF writes as 0.3927.
        let root = try fakeSysfs(["intel_backlight": ("37699\n", "96000\n", "raw\n")])
        defer { root.remove() }
        let facts = MachineFacts(sysfsRoot: root.path)
        #expect(facts.brightness() == 0.3927)
        let mark = facts.stepMark(unixMilliseconds: 1_673_535_657_692)
        #expect(mark == StepMark(unixMilliseconds: 1_673_535_657_692, brightness: 0.3927, volume: nil))
    }

    @Test("Full and zero brightness are 1 and 0")
    func extremes() throws {
        let full = try fakeSysfs(["panel": ("255\n", "255\n", nil)])
        let off = try fakeSysfs(["panel": ("0\n", "255\n", nil)])
        defer {
            full.remove()
            off.remove()
        }
        #expect(MachineFacts(sysfsRoot: full.path).brightness() == 1)
        #expect(MachineFacts(sysfsRoot: off.path).brightness() == 0)
    }

    @Test("A firmware backlight is preferred to a raw one, whatever their names")
    func preference() throws {
        // 12 / 15 = 0.8 (acpi_video0, firmware); 500 / 1000 = 0.5 (intel_backlight, raw).
        let root = try fakeSysfs([
            "intel_backlight": ("500\n", "1000\n", "raw\n"),
            "acpi_video0": ("12\n", "15\n", "firmware\n"),
        ])
        defer { root.remove() }
        #expect(MachineFacts(sysfsRoot: root.path).brightness() == 0.8)
    }

    @Test("No backlight, or one that cannot be read sensibly, gives no brightness")
    func nothingToRead() throws {
        let empty = try ScratchDirectory()
        let zeroMaximum = try fakeSysfs(["panel": ("0\n", "0\n", nil)])
        let aboveMaximum = try fakeSysfs(["panel": ("300\n", "255\n", nil)])
        let notANumber = try fakeSysfs(["panel": ("bright\n", "255\n", nil)])
        defer { for root in [empty, zeroMaximum, aboveMaximum, notANumber] { root.remove() } }
        for root in [empty, zeroMaximum, aboveMaximum, notANumber] {
            let facts = MachineFacts(sysfsRoot: root.path)
            #expect(facts.brightness() == nil, "\(root.path)")
            #expect(facts.stepMark(unixMilliseconds: 0).brightness == nil)
        }
    }

    @Test("A broken backlight is skipped, a readable one next to it is used")
    func skipsBroken() throws {
        let root = try fakeSysfs([
            "acpi_video0": ("7\n", "0\n", "firmware\n"),
            "intel_backlight": ("250\n", "1000\n", "raw\n"),
        ])
        defer { root.remove() }
        #expect(MachineFacts(sysfsRoot: root.path).brightness() == 0.25)
    }

    @Test("Volume is never read: the mark carries no volume and the file no volume attribute")
    func noVolume() throws {
        let root = try fakeSysfs(["panel": ("128\n", "256\n", nil)])
        let directory = try ScratchDirectory()
        defer {
            root.remove()
            directory.remove()
        }
        let facts = MachineFacts(sysfsRoot: root.path)
        let start = facts.stepMark(unixMilliseconds: 1_673_535_657_692)
        let end = facts.stepMark(unixMilliseconds: 1_673_535_664_177)
        #expect(start.volume == nil)
        let path = try ADFDocument(
            variant: .clock, environment: ClockSketchData(),
            steps: [ADFDocument.Step(identifier: "clockStep-command", start: start, end: end)]
        ).write(to: directory.file("facts.csk"))
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains(#"<Start brightness="0.5000" timestamp="1673535657692"/>"#))
        #expect(xml.contains(#"<End brightness="0.5000" timestamp="1673535664177"/>"#))
        #expect(!xml.contains("volume"))
    }
}
