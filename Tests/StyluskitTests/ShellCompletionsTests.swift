import FileLocations
import Foundation
import Testing

@testable import styluskit

/// The words the shells complete for pen nodes, monitors and installed documentation, read from
/// stand-in sysfs folders (issue 33, item 4).
@Suite("Shell completions and installed paths")
struct ShellCompletionsTests {
    /// A fresh folder, removed by the caller.
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-completions-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("A sysfs capability mask is read as words of 64 bits, the most significant first")
    func capabilityBits() {
        // A Wacom pen's key mask: BTN_TOOL_PEN (320) is bit 0 of the sixth word from the right.
        let pen = "1cdf 0 0 0 0 0"
        #expect(ShellCompletions.hasBit(320, in: pen))
        #expect(!ShellCompletions.hasBit(325, in: pen))
        #expect(ShellCompletions.hasBit(0, in: "1000003"))
        #expect(!ShellCompletions.hasBit(0, in: "1000002"))
        #expect(!ShellCompletions.hasBit(320, in: "0"))
        #expect(!ShellCompletions.hasBit(320, in: ""))
    }

    @Test("Pen nodes are the event nodes with a pen tool and absolute X, in number order")
    func penNodes() throws {
        let sysfs = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: sysfs) }
        // event10 and event2 are pens; event3 a keyboard (keys, no pen tool); input4 is not a node.
        for (name, key, abs) in [
            ("event10", "1c03 0 0 0 0 0", "1000d000003"), ("event2", "1 0 0 0 0 0", "3"),
            ("event3", "fffffffffffffffe", "0"), ("input4", "1 0 0 0 0 0", "3"),
        ] {
            try write(key, to: sysfs.appendingPathComponent("\(name)/device/capabilities/key"))
            try write(abs, to: sysfs.appendingPathComponent("\(name)/device/capabilities/abs"))
        }
        let nodes = ShellCompletions.eventNodes(sysfs: sysfs.path)
        #expect(nodes == ["event2", "event3", "event10"])
        let pens = nodes.filter {
            ShellCompletions.isPen(sysfs: sysfs.appendingPathComponent("\($0)/device/capabilities").path)
        }
        #expect(pens == ["event2", "event10"])
    }

    @Test("Monitors are the connected DRM connectors, named without their card")
    func monitors() throws {
        let drm = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: drm) }
        try write("connected\n", to: drm.appendingPathComponent("card0-DP-1/status"))
        try write("disconnected\n", to: drm.appendingPathComponent("card0-HDMI-A-1/status"))
        try write("connected\n", to: drm.appendingPathComponent("card1-eDP-1/status"))
        try FileManager.default.createDirectory(
            at: drm.appendingPathComponent("renderD128"), withIntermediateDirectories: true)
        #expect(ShellCompletions.connectedConnectors(drm: drm.path) == ["DP-1", "eDP-1"])
    }

    @Test("Help texts name docs/PAGE in a checkout and PREFIX/share/doc/styluskit/PAGE when installed")
    func documentationPages() {
        #expect(DocumentationPages.path("visit.md", projectDirectory: "/home/a/styluskit") == "docs/visit.md")
        #expect(
            DocumentationPages.path("visit.md", projectDirectory: "/usr/share/styluskit")
                == "/usr/share/doc/styluskit/visit.md")
        #expect(
            DocumentationPages.path("json/features.md", projectDirectory: "/opt/sk/share/styluskit")
                == "/opt/sk/share/doc/styluskit/json/features.md")
    }

    @Test("--version gives the release and the stamp, or says the binary was not stamped")
    func versionLine() {
        #expect(
            BuildVersion.describe(stamp: "commit 1a2b3c4d5e6f, built 2026-11-27T05:30Z")
                == "0.1.0 (commit 1a2b3c4d5e6f, built 2026-11-27T05:30Z)")
        #expect(
            BuildVersion.describe(stamp: "")
                == "0.1.0 (not stamped: built without make, so its commit and build date are unknown)")
    }
}
