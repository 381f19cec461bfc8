import Foundation
import LinuxInput
import StylusInput
import Testing

/// libwacom's database as installed (Debian's libwacom-common), read through LinuxInput's wrapper
/// and checked against the `.tablet` files read independently, as text, by the test.
@Suite(
    "libwacom facts",
    .enabled(if: TabletFile.databaseInstalled, "libwacom's data files are not installed (apt-get install libwacom-dev)")
)
struct LibwacomTests {
    @Test("an Intuos Pro M (USB 056a:0357) is a tablet of the size its .tablet file gives")
    func intuosPro() throws {
        let database = try #require(LibwacomDatabase())
        let tablet = try #require(database.tablet(usbVendor: 0x056a, product: 0x0357))
        let file = try #require(TabletFile.matching(usb: "056a:0357"))
        #expect(tablet.name == "Wacom Intuos Pro M" && tablet.name == file.name)
        #expect(tablet.modelName == "PTH-660")
        #expect(tablet.widthInches == file.width && tablet.heightInches == file.height)
        #expect(tablet.physicalSizeMillimetres?.width == Double(file.width) * 25.4)
        #expect(!tablet.integratedInDisplay && tablet.kindOfSurface == "tablet")
        #expect(tablet.hasRing && tablet.buttons == 9)
        #expect(tablet.styli.contains { $0.kind == .eraser && $0.tool == .eraser })
    }

    @Test("a Cintiq 13HD touch (USB 056a:0333) is a pen display of the size its .tablet file gives")
    func cintiq() throws {
        let database = try #require(LibwacomDatabase())
        let tablet = try #require(
            database.tablet(for: InputID(bustype: 3, vendor: 0x056a, product: 0x0333, version: 0x110)))
        let file = try #require(TabletFile.matching(usb: "056a:0333"))
        #expect(tablet.name == file.name && file.integratedInDisplay)
        #expect(tablet.widthInches == file.width && tablet.heightInches == file.height)
        #expect(tablet.integratedInDisplay && tablet.kindOfSurface == "pen display")
        // The recording of its pen: 58752 x 33048 units over 12 x 7 inches.
        let pen = DeviceDescription(
            name: "Wacom Cintiq 13HD touch Pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x333, version: 0x110),
            codes: [.absolute: [0, 1]],
            absInfo: [
                0: AbsInfo(minimum: 400, maximum: 59152, resolution: 200),
                1: AbsInfo(minimum: 400, maximum: 33448, resolution: 200),
            ])
        let resolution = try #require(tablet.approximateResolution(of: pen))
        #expect(abs(resolution.x - 58752 / (12 * 25.4)) < 1e-9)
        #expect(abs(resolution.y - 33048 / (7 * 25.4)) < 1e-9)
    }

    @Test("styli by tool id: the Grip Pen, its eraser, the airbrush and the lens cursor")
    func styli() throws {
        let database = try #require(LibwacomDatabase())
        let grip = try #require(database.stylus(toolID: 0x802))
        #expect(grip.name == "Grip Pen" && grip.kind == .pen && grip.hasEraser && grip.tool == .pen)
        #expect(database.stylus(toolID: 0x80a)?.tool == .eraser)
        #expect(database.stylus(toolID: 0x902)?.tool == .airbrush)
        #expect(database.stylus(toolID: 0x096)?.tool == .lens)
        #expect(database.stylus(toolID: 0x094)?.tool == .mouse)
    }

    @Test("an id libwacom does not know, and a bus other than USB, give nothing")
    func unknown() throws {
        let database = try #require(LibwacomDatabase())
        #expect(database.tablet(usbVendor: 0x1234, product: 0x5678) == nil)
        #expect(database.tablet(for: InputID(bustype: 0x11, vendor: 0x056a, product: 0x0357, version: 0)) == nil)
    }

    @Test("every USB tablet of the installed database: name, size and display integration agree with its file")
    func everyUSBTablet() throws {
        let database = try #require(LibwacomDatabase())
        let files = TabletFile.all()
        // A USB id listed by two files (a model and its re-badged twin) is ambiguous: left out.
        var owners: [String: Int] = [:]
        for file in files { for id in file.usbIDs { owners[id, default: 0] += 1 } }
        var checked = 0
        for file in files {
            for id in file.usbIDs where owners[id] == 1 {
                let parts = id.split(separator: ":").map { UInt16($0, radix: 16)! }
                let tablet = try #require(
                    database.tablet(usbVendor: parts[0], product: parts[1]), "\(id) in \(file.path)")
                #expect(tablet.name == file.name, "\(id)")
                #expect(tablet.widthInches == file.width && tablet.heightInches == file.height, "\(id)")
                #expect(tablet.integratedInDisplay == file.integratedInDisplay, "\(id)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}

/// One `.tablet` file of libwacom's data, read as text (the keys this test compares).
struct TabletFile {
    static let directory = "/usr/share/libwacom"
    static var databaseInstalled: Bool { FileManager.default.fileExists(atPath: directory + "/libwacom.stylus") }

    var path: String
    var name: String
    /// The `usb:vendor:product` matches without a device name, as `vendor:product`.
    var usbIDs: [String]
    var width: Int
    var height: Int
    var integratedInDisplay: Bool

    static func all() -> [TabletFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".tablet") }.sorted().compactMap { read(directory + "/" + $0) }
    }

    static func matching(usb id: String) -> TabletFile? {
        all().first { $0.usbIDs.contains(id) }
    }

    static func read(_ path: String) -> TabletFile? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        var section = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("[") {
                section = String(line)
                continue
            }
            guard section == "[Device]", !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let name = values["Name"] else { return nil }
        let usb = (values["DeviceMatch"] ?? "").split(separator: ";").filter { $0.hasPrefix("usb:") }
            .map { String($0.dropFirst(4)).lowercased() }
            // usb:056a:0357 only: a match with a name (usb:256c:006e:HUION H610 Pen) is found by id
            // and name, not by the id alone.
            .filter { $0.split(separator: ":").count == 2 }
        return TabletFile(
            path: path, name: name, usbIDs: usb, width: Int(values["Width"] ?? "0") ?? 0,
            height: Int(values["Height"] ?? "0") ?? 0,
            integratedInDisplay: (values["IntegratedIn"] ?? "").split(separator: ";").contains("Display"))
    }
}
