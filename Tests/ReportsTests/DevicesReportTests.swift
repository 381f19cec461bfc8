import Foundation
import LinuxInput
import StylusInput
import Testing

@testable import Reports

/// What `devices` prints about a tablet's nodes, with libwacom's facts from the installed database
/// (no tablet is plugged into the build machines; the VM tests run the command on uinput clones).
@Suite(
    "devices: libwacom's model facts",
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/share/libwacom/libwacom.stylus"),
        "libwacom's data files are not installed"))
struct DevicesReportTests {
    @Test("a pad and a pen node of an Intuos Pro M, and a Cintiq pen, name the model, surface and size with the source")
    func modelLines() throws {
        let database = try #require(LibwacomDatabase())
        let intuos = try #require(database.tablet(usbVendor: 0x056a, product: 0x0357))
        let cintiq = try #require(database.tablet(usbVendor: 0x056a, product: 0x0333))
        var pen = DevicesReport.Device(
            node: "/dev/input/event11", role: "pen", name: "Wacom Intuos Pro M Pen", id: "0003:056a:0357",
            version: "0110",
            readable: true, axes: [])
        pen.model = DevicesReport.Model(intuos)
        pen.model?.approximateResolution = [44800 / 228.6, 29600 / 152.4]
        var pad = DevicesReport.Device(
            node: "/dev/input/event12", role: "pad", name: "Wacom Intuos Pro M Pad", id: "0003:056a:0357",
            version: "0110",
            readable: true, axes: [])
        pad.model = DevicesReport.Model(intuos)
        var display = DevicesReport.Device(
            node: "/dev/input/event13", role: "pen", name: "Wacom Cintiq 13HD touch Pen", id: "0003:056a:0333",
            version: "0110", readable: true, axes: [])
        display.model = DevicesReport.Model(cintiq)
        let text = DevicesReport(source: "udev", note: nil, devices: [pen, pad, display]).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("    model    Wacom Intuos Pro M (PTH-660), tablet, 228.6 x 152.4 mm (from libwacom)"))
        #expect(lines.contains("/dev/input/event12  pad  \"Wacom Intuos Pro M Pad\"  0003:056a:0357 v0110"))
        #expect(
            lines.contains(
                "    resolution about 196.0 x 194.2 units/mm from libwacom's size in whole inches (the kernel reports none;"
                    + " a tablet profile gives the exact value)"))
        #expect(
            lines.contains(
                "    model    Wacom Cintiq 13HD touch (DTH-1300), pen display, 304.8 x 177.8 mm (from libwacom)"))
    }
}
