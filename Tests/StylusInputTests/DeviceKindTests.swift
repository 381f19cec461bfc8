import Foundation
import Testing

@testable import StylusInput

/// One fixture per device kind, in the manner of libinput's litest devices: the real recordings'
/// pen nodes, and for the pad, touch and lens nodes the evemu descriptions of
/// Fixtures/recordings/kinds/ (built from the kernel's facts for each kind; their comments say which).
@Suite("Device kinds at the capability check")
struct DeviceKindTests {
    static let pad = kindFixture("Wacom-Intuos-Pro-M-Pad.events")
    static let touch = kindFixture("Wacom-Intuos-Pro-M-Finger.events")
    static let lens = kindFixture("Wacom-Intuos4-Lens-Cursor.events")

    @Test("every real pen recording is a pen; those with BTN_TOOL_RUBBER are pens with an eraser")
    func realPens() throws {
        #expect(DeviceKind(classifying: Devices.ucLogicWP5540U) == .pen)
        #expect(DeviceKind(classifying: Devices.cintiq13HD) == .penWithEraser)
        #expect(DeviceKind(classifying: Devices.cintiq22HDT) == .penWithEraser)
        #expect(DeviceKind(classifying: Devices.dth2242) == .penWithEraser)
        // Pen, pad and puck on one node (old kernels): the pen tool decides.
        #expect(DeviceKind(classifying: Devices.intuos4) == .penWithEraser)
        #expect(DeviceKind(classifying: Devices.dellCanvas) == .penWithEraser)
        for device in Devices.all { #expect(try PenCapabilities(checking: device).kind.isPen) }
    }

    @Test("the fixtures decode to the kinds their comments describe")
    func fixtureKinds() {
        #expect(Self.pad.supports(.key, KeyCode.stylus) && !Self.pad.supports(.key, KeyCode.toolPen))
        #expect(DeviceKind(classifying: Self.pad) == .pad)
        #expect(DeviceKind(classifying: Self.touch) == .touch)
        #expect(DeviceKind(classifying: Self.lens) == .puck)
        #expect(DeviceKind(classifying: Devices.keyboard) == .unknown)
    }

    @Test("a pad is refused as the pad, before anything asks for its resolution")
    func padRefused() {
        #expect {
            try PenCapabilities(checking: Self.pad)
        } throws: { error in
            "\(error)"
                == "\"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring), not its pen: it has pad"
                + " controls (BTN_0…, a ring or strip) and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does"
                + " not make it a pen. Record from the tablet's pen node (`styluskit devices` lists each node with"
                + " its kind), or replay a recording of it."
        }
        // The assembler every driver builds checks the same way.
        #expect(throws: PenDeviceRejection.notAPen(device: "Wacom Intuos Pro M Pad", kind: .pad)) {
            try FrameAssembler(device: Self.pad)
        }
    }

    @Test("a pad with a ring or strip but no numbered buttons is still a pad")
    func ringOnlyPad() {
        var device = Self.pad
        device.codes[.key] = [KeyCode.stylus]
        #expect(DeviceKind(classifying: device) == .pad)
        // Without BTN_STYLUS and BTN_0 nothing says tablet: unknown.
        device.codes[.key] = []
        #expect(DeviceKind(classifying: device) == .unknown)
    }

    @Test("a touch node is refused as touch")
    func touchRefused() {
        #expect {
            try PenCapabilities(checking: Self.touch)
        } throws: { error in
            "\(error)"
                == "\"Wacom Intuos Pro M Finger\" is a touch surface, not a pen: its finger tools or multitouch"
                + " axes report fingers. Record from the tablet's pen node (`styluskit devices` lists each node"
                + " with its kind), or replay a recording of it."
        }
    }

    @Test("a lens cursor is refused as a puck")
    func lensRefused() {
        #expect {
            try PenCapabilities(checking: Self.lens)
        } throws: { error in
            "\(error)"
                == "\"Wacom Intuos4 6x9 Lens Cursor\" is a lens cursor or mouse (a puck: BTN_TOOL_LENS/BTN_TOOL_MOUSE),"
                + " not a pen: a puck's position is not handwriting. Record from the tablet's pen node"
                + " (`styluskit devices` lists each node with its kind), or replay a recording of it."
        }
    }

    @Test("BTN_STYLUS with x and y and nothing else is still a pen whose proximity is inferred")
    func stylusAloneWithoutPadControls() throws {
        var device = Devices.ucLogicWP5540U
        device.codes[.key] = [KeyCode.stylus]
        #expect(try PenCapabilities(checking: device).kind == .pen)
    }

    @Test("an eraser alone makes a pen with an eraser")
    func eraserOnly() {
        var device = Devices.dellCanvas
        device.codes[.key] = [KeyCode.toolRubber, KeyCode.touch]
        #expect(DeviceKind(classifying: device) == .penWithEraser)
    }
}

/// The description lines of Fixtures/recordings/kinds/`name`, decoded like the other fixtures.
func kindFixture(_ name: String) -> DeviceDescription {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = root.appendingPathComponent("Fixtures/recordings/kinds/\(name)").path
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return evemuDescription(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n"))
}
