import StylusInput
import Testing

@testable import LinuxInput

/// The description of Fixtures/recordings/real/dell_canvas_pen.evemu, typed in from its N:/I:/P:/B:/A: lines
/// (B: 01 byte 40 = 0x03: BTN_TOOL_PEN, BTN_TOOL_RUBBER; byte 41 = 0x1c: BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2;
/// B: 03 = 03 00 00 0d: ABS_X, ABS_Y, ABS_PRESSURE, ABS_TILT_X, ABS_TILT_Y; P: 02 = INPUT_PROP_DIRECT).
let dellCanvasPen = DeviceDescription(
    name: "Wacom ISD-V4 Pen", id: InputID(bustype: 0x0003, vendor: 0x056a, product: 0x4200, version: 0x0110),
    properties: [1],
    codes: [
        .synchronization: [], .key: [0x140, 0x141, 0x14a, 0x14b, 0x14c], .absolute: [0x00, 0x01, 0x18, 0x1a, 0x1b],
    ],
    absInfo: [
        0x00: AbsInfo(minimum: 0, maximum: 59674, fuzz: 4, resolution: 100),
        0x01: AbsInfo(minimum: 0, maximum: 33566, fuzz: 4, resolution: 100),
        0x18: AbsInfo(minimum: 0, maximum: 4095, resolution: 0),
        0x1a: AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730),
        0x1b: AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730),
    ])

@Suite("Discovery: udev roles, sysfs masks")
struct DiscoveryTests {
    @Test("udev properties tell pen, pad and touch apart; other nodes are not tablets")
    func udevRoles() {
        // What udev's input_id builtin sets on a Wacom Intuos Pro's three event nodes, and on a keyboard.
        let pen = ["ID_INPUT": "1", "ID_INPUT_TABLET": "1"]
        let pad = ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TABLET_PAD": "1"]
        let touch = ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TOUCHPAD": "1"]
        let keyboard = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"]
        #expect(TabletNodeClassifier.role(udevProperties: pen) == .pen)
        #expect(TabletNodeClassifier.role(udevProperties: pad) == .pad)
        #expect(TabletNodeClassifier.role(udevProperties: ["ID_INPUT_TABLET_PAD": "1"]) == .pad)
        #expect(TabletNodeClassifier.role(udevProperties: touch) == .touch)
        #expect(TabletNodeClassifier.role(udevProperties: keyboard) == nil)
        #expect(TabletNodeClassifier.role(udevProperties: ["ID_INPUT_TABLET": "0"]) == nil)
    }

    @Test(
        "udev's pen role is corrected where the capabilities say pad or touch (old udev tagged Wacom pads ID_INPUT_TABLET only)"
    )
    func udevRoleCorrected() {
        let id = InputID(bustype: 3, vendor: 0x56a, product: 0x357, version: 0x110)
        // BTN_0..BTN_8 and BTN_STYLUS (bits 256-264 and 331), ABS_X, ABS_Y, ABS_WHEEL, ABS_MISC: a Wacom pad.
        let pad = SysfsInputNode.describe(
            name: "Wacom Intuos Pro M Pad", id: id, properties: "0",
            capabilities: ["ev": "b", "key": "800 1ff 0 0 0 0", "abs": "10000000103"])
        #expect(pad.codes[.key] == Set(Array(256...264) + [331]))
        #expect(DeviceKind(classifying: pad) == .pad)
        #expect(TabletNodeClassifier.role(udevRole: .pen, capabilities: pad) == .pad)
        #expect(TabletNodeClassifier.role(udevRole: .pen, capabilities: dellCanvasPen) == .pen)
        #expect(TabletNodeClassifier.role(udevRole: .pen, capabilities: nil) == .pen)
        #expect(TabletNodeClassifier.role(udevRole: .pad, capabilities: dellCanvasPen) == .pad)
    }

    @Test("a pad's pen sibling: the one pen node of the same vendor, product and device group")
    func penSibling() throws {
        let id = InputID(bustype: 3, vendor: 0x56a, product: 0x357, version: 0x110)
        let group = ["LIBINPUT_DEVICE_GROUP": "3/56a/357:usb-0000:00:14.0-1"]
        let pen = TabletNode(
            node: "/dev/input/event11", sysname: "event11", role: .pen, name: "Wacom Intuos Pro M Pen", id: id,
            udevProperties: group)
        let pad = TabletNode(
            node: "/dev/input/event12", sysname: "event12", role: .pad, name: "Wacom Intuos Pro M Pad", id: id,
            udevProperties: group)
        let other = TabletNode(
            node: "/dev/input/event20", sysname: "event20", role: .pen, name: "Wacom Intuos Pro M Pen", id: id,
            udevProperties: ["LIBINPUT_DEVICE_GROUP": "3/56a/357:usb-0000:00:14.0-2"])
        let discovery = TabletDiscovery(nodes: [pen, pad, other], source: .udev, fallbackReason: nil)
        #expect(discovery.penSibling(of: "/dev/input/event12") == pen)
        // Without a device group two tablets of one model are not told apart: no guess.
        let ungrouped = TabletDiscovery(
            nodes: [pen, pad, other].map {
                var node = $0
                node.udevProperties = [:]
                return node
            }, source: .sysfs,
            fallbackReason: "test")
        #expect(ungrouped.penSibling(of: "/dev/input/event12") == nil)
        #expect(discovery.penSibling(of: "/dev/input/event99") == nil)
        // A live session's default tablet: the one pen node, refused among several or none.
        #expect(throws: LiveInputError.severalTablets(nodes: ["/dev/input/event11", "/dev/input/event20"])) {
            try discovery.onlyPenNode()
        }
        #expect(
            try TabletDiscovery(nodes: [pen, pad], source: .udev, fallbackReason: nil).onlyPenNode()
                == "/dev/input/event11")
        #expect(throws: LiveInputError.noTablet) {
            try TabletDiscovery(nodes: [pad], source: .udev, fallbackReason: nil).onlyPenNode()
        }
        let message = LiveInputError.notAPenTablet(
            node: pad.node, rejection: .notAPen(device: pad.name, kind: .pad), pen: pen
        ).description
        #expect(
            message.hasPrefix("/dev/input/event12: \"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring)"))
        #expect(
            message.hasSuffix(
                " The pen of this tablet is /dev/input/event11 (\"Wacom Intuos Pro M Pen\"): record with --device /dev/input/event11."
            ))
    }

    @Test("sysfs masks: the last word holds bits 0-63, words are 64 bits")
    func bitmask() {
        #expect(SysfsBitmask.bits("1000003") == [0, 1, 24])
        #expect(SysfsBitmask.bits("1 0") == [64])
        #expect(SysfsBitmask.bits("1c03 0 0 0 0 0\n") == [320, 321, 330, 331, 332])
        #expect(SysfsBitmask.bits("0").isEmpty)
        #expect(SysfsBitmask.bits("").isEmpty)
    }

    @Test("A description from sysfs masks classifies the pen, the pad and a keyboard")
    func sysfsRoles() {
        let id = InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 0x110)
        // The dell canvas pen as /sys would print it: ev = SYN|KEY|ABS, key word 5 = 0x1c03,
        // abs = X Y PRESSURE TILT_X TILT_Y.
        let pen = SysfsInputNode.describe(
            name: "Wacom ISD-V4 Pen", id: id, properties: "2",
            capabilities: ["ev": "b", "key": "1c03 0 0 0 0 0", "abs": "d000003"])
        #expect(pen.codes[.key] == [0x140, 0x141, 0x14a, 0x14b, 0x14c])
        #expect(pen.codes[.absolute] == [0x00, 0x01, 0x18, 0x1a, 0x1b])
        #expect(pen.properties == [1])
        #expect(TabletNodeClassifier.role(capabilities: pen) == .pen)
        // A pad: BTN_0..BTN_3 (bits 256-259 = word 4, 0xf), ABS_X, ABS_Y, ABS_WHEEL.
        let pad = SysfsInputNode.describe(
            name: "Wacom Intuos Pro M Pad", id: id, properties: "0",
            capabilities: ["ev": "b", "key": "f 0 0 0 0", "abs": "103"])
        #expect(TabletNodeClassifier.role(capabilities: pad) == .pad)
        // A keyboard: KEY_ESC..KEY_0 only (bits 1-11), no absolute axes.
        let keyboard = SysfsInputNode.describe(
            name: "AT Translated Set 2 keyboard", id: id, properties: "0", capabilities: ["ev": "3", "key": "ffe"])
        #expect(TabletNodeClassifier.role(capabilities: keyboard) == nil)
    }
}

/// These tests use a libevdev context built with `libevdev_new` and `libevdev_set_*`: there is NO
/// kernel device behind it (no /dev/uinput on the build machines). The real-kernel path is covered
/// by integration/vm/run.sh.
@Suite("libevdev wrapper on a description (not a kernel device)")
struct LibevdevDescriptionTests {
    @Test("A description survives libevdev: name, ids, properties, codes and absinfo with resolution")
    func roundTrip() throws {
        let back = try #require(DescriptionThroughLibevdev.roundTrip(dellCanvasPen))
        #expect(back.name == "Wacom ISD-V4 Pen")
        #expect(back.id == dellCanvasPen.id)
        #expect(back.properties == [1])
        #expect(back.codes[.key] == dellCanvasPen.codes[.key])
        #expect(back.codes[.absolute] == dellCanvasPen.codes[.absolute])
        #expect(back.absInfo[0x00]?.maximum == 59674)
        #expect(back.absInfo[0x00]?.resolution == 100)
        #expect(back.absInfo[0x1a]?.minimum == -9000)
        #expect(back.absInfo[0x1a]?.resolution == 5730)
        #expect(back.absInfo[0x18]?.maximum == 4095)
        let capabilities = try PenCapabilities(checking: back)
        #expect(capabilities.hasTilt)
        #expect(capabilities.pressure?.maximum == 4095)
    }

    @Test("A node that is not an evdev device is refused with the reason")
    func notADevice() {
        #expect(throws: LiveInputError.notAnEventNode(node: "/dev/null")) {
            try LiveTablet(node: "/dev/null")
        }
        #expect(throws: LiveInputError.cannotOpen(node: "/nonexistent/event9", reason: "No such file or directory")) {
            try LiveTablet(node: "/nonexistent/event9")
        }
    }

    @Test("Permission denied names the udev rule, how to install it and the group to join")
    func permissionMessage() {
        let text = LiveInputError.permissionDenied(node: "/dev/input/event7").description
        #expect(text.hasPrefix("Cannot open /dev/input/event7: permission denied."))
        #expect(text.contains("sudo make install-udev-rules"))
        #expect(text.contains("udev-rules/70-styluskit-tablets.rules"))
        // Issue 34, item 6: the rule grants the group styluskit read access, no longer the seat's user.
        #expect(text.contains("`sudo adduser $USER styluskit`"))
    }

    @Test("The clock anchor's offset maps monotonic time to Unix time")
    func anchor() {
        let anchor = ClockAnchor(realtimeMicroseconds: 1_700_000_000_000_000, monotonicMicroseconds: 5_000_000)
        #expect(anchor.offsetMicroseconds == 1_699_999_995_000_000)
        let now = ClockAnchor.now()
        // Unix time of any machine running this is after 2020 and monotonic time is below it.
        #expect(now.realtimeMicroseconds > 1_577_836_800_000_000)
        #expect(now.monotonicMicroseconds < now.realtimeMicroseconds)
    }
}
