import Foundation
import LinuxInput
import StylusInput
import Testing

/// `styluskit play`'s virtual tablet: refused with the fix where there is no uinput (everywhere), and
/// where /dev/uinput is writable (the VM suite) a kernel device that reads back as described, fuzz 0,
/// passing the frames written to a reader unchanged.
@Suite("Virtual tablet")
struct VirtualTabletTests {
    static let pen = DeviceDescription(
        name: "StylusKit test pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 0x110),
        properties: [1],
        codes: [
            .synchronization: [], .key: [KeyCode.toolPen, KeyCode.touch, KeyCode.stylus],
            .absolute: [AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.pressure],
        ],
        absInfo: [
            AbsoluteAxis.x: AbsInfo(minimum: 0, maximum: 59674, fuzz: 4, resolution: 100),
            AbsoluteAxis.y: AbsInfo(minimum: 0, maximum: 33566, fuzz: 4, resolution: 100),
            AbsoluteAxis.pressure: AbsInfo(minimum: 0, maximum: 4095, resolution: 0),
        ])

    @Test("No uinput node: refused naming modprobe; a node that is not uinput: refused with the kernel's reason")
    func refusals() {
        #expect(throws: VirtualTabletError.noUinput(uinput: "/nonexistent/uinput")) {
            try VirtualTablet(description: Self.pen, uinput: "/nonexistent/uinput")
        }
        #expect("\(VirtualTabletError.noUinput(uinput: "/dev/uinput"))".contains("sudo modprobe uinput"))
        #expect("\(VirtualTabletError.permissionDenied(uinput: "/dev/uinput"))".contains("sudo styluskit play"))
        #expect {
            try VirtualTablet(description: Self.pen, uinput: "/dev/null")
        } throws: { error in
            guard case .refused(let uinput, let reason) = error as? VirtualTabletError else { return false }
            return uinput == "/dev/null" && reason == "Inappropriate ioctl for device"
        }
    }

    @Test(
        "A uinput tablet reads back as described with fuzz 0, and a reader gets the frames written",
        .enabled(if: UinputPen.isAvailable, Comment(rawValue: UinputPen.unavailable)))
    func kernelDevice() throws {
        let tablet = try VirtualTablet(description: Self.pen)
        let node = try #require(tablet.node)
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: node) { usleep(10_000) }
        let reader = try LiveTablet(node: node)
        var expected = Self.pen
        for code in expected.absInfo.keys { expected.absInfo[code]?.fuzz = 0 }
        #expect(reader.description.name == expected.name && reader.description.id == expected.id)
        #expect(reader.description.absInfo == expected.absInfo)
        #expect(reader.description.codes[.key] == expected.codes[.key])
        #expect(reader.description.properties == expected.properties)
        // A 2-unit step of X, which the kernel's fuzz filter (fuzz 4) would have dropped.
        let t = EventTime(microseconds: 0)
        let frames: [[(EventType, UInt16, Int32)]] = [
            [(.absolute, AbsoluteAxis.x, 1000), (.absolute, AbsoluteAxis.y, 2000), (.key, KeyCode.toolPen, 1)],
            [(.absolute, AbsoluteAxis.x, 1002), (.absolute, AbsoluteAxis.pressure, 900), (.key, KeyCode.touch, 1)],
            [(.absolute, AbsoluteAxis.x, 1004), (.key, KeyCode.stylus, 1)],
        ]
        for frame in frames {
            try tablet.write(
                frame.map { InputEvent(time: t, type: $0.0, code: $0.1, value: $0.2) }
                    + [InputEvent(time: t, type: .synchronization, code: SynchronizationCode.report, value: 0)])
        }
        var events: [InputEvent] = []
        for _ in 0..<100 where events.filter(\.isFrameEnd).count < frames.count {
            _ = try reader.read(into: &events)
            usleep(10_000)
        }
        let read = events.split(whereSeparator: \.isFrameEnd).map { frame in
            frame.filter { $0.type != .miscellaneous }.map { "\($0.type.rawValue) \($0.code) \($0.value)" }
        }
        #expect(read == frames.map { frame in frame.map { "\($0.0.rawValue) \($0.1) \($0.2)" } })
    }
}
