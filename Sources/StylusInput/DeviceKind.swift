/// What an input node is, from its capabilities alone: the pen, the tablet's pad, a touch
/// surface, a puck, or something else.
///
/// A tablet exposes its pen, its pad (express keys, rings, strips), its touch surface and its
/// puck on separate nodes (older kernels put the pad on the pen's node, which stays a pen node).
/// Only a pen node can be recorded or replayed; `PenCapabilities(checking:)` refuses every other
/// kind once, at open, naming it. The rules follow systemd's `input_id` builtin (which sets
/// `ID_INPUT_TABLET` and `ID_INPUT_TABLET_PAD`) and libinput's `tablet_reject_device()`, with
/// one deliberate difference: `BTN_STYLUS` alone does not make a pen when the node also has
/// pad controls, because Wacom pad nodes announce `BTN_STYLUS` (for the old X driver) beside
/// `BTN_0…`, a ring or strips, and no pen tool.
///
/// In order, the first rule that matches decides:
/// 1. a pen tool (`BTN_TOOL_PEN`, `_PENCIL`, `_BRUSH`, `_AIRBRUSH`) or `BTN_TOOL_RUBBER`: a pen,
///    `.penWithEraser` when `BTN_TOOL_RUBBER` is among them;
/// 2. `BTN_TOOL_MOUSE` or `BTN_TOOL_LENS` without a pen tool: a puck;
/// 3. multitouch axes (`ABS_MT_*`): touch;
/// 4. pad controls (`BTN_0`, or a ring or strip: `ABS_WHEEL`, `ABS_RX`, `ABS_RY` beside `BTN_STYLUS`): a pad;
/// 5. finger tools (`BTN_TOOL_FINGER`…`_QUINTTAP`): touch;
/// 6. `ABS_X`/`ABS_Y` with `BTN_TOUCH` or `BTN_STYLUS`: a pen whose proximity is inferred (the
///    UC-LOGIC WP5540U has no `BTN_TOOL_*` bit at all);
/// 7. anything else: unknown.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// A pen without an eraser end.
    case pen
    /// A pen whose other end is an eraser (`BTN_TOOL_RUBBER`): its eraser contact is not ink.
    case penWithEraser = "pen with eraser"
    /// The tablet's express keys, touch ring or strips.
    case pad
    /// Finger touch: a touch screen, touchpad or a tablet's touch surface.
    case touch
    /// A lens cursor or a mouse used on the tablet (`BTN_TOOL_LENS`, `BTN_TOOL_MOUSE`).
    case puck = "lens/mouse"
    /// None of the above: a keyboard, an ordinary mouse, a joystick.
    case unknown

    /// Classifies `device` by the rules above.
    public init(classifying device: DeviceDescription) {
        let key = { (code: UInt16) in device.supports(.key, code) }
        let axis = { (code: UInt16) in device.supports(.absolute, code) }
        if DeviceKindCodes.penTools.contains(where: key) || key(KeyCode.toolRubber) {
            self = key(KeyCode.toolRubber) ? .penWithEraser : .pen
        } else if key(KeyCode.toolMouse) || key(KeyCode.toolLens) {
            self = .puck
        } else if DeviceKindCodes.multitouchAxes.contains(where: axis) {
            self = .touch
        } else if key(KeyCode.button0)
            || (key(KeyCode.stylus) && [AbsoluteAxis.wheel, AbsoluteAxis.rx, AbsoluteAxis.ry].contains(where: axis))
        {
            self = .pad
        } else if DeviceKindCodes.fingerTools.contains(where: key) {
            self = .touch
        } else if axis(AbsoluteAxis.x) && axis(AbsoluteAxis.y) && (key(KeyCode.touch) || key(KeyCode.stylus)) {
            self = .pen
        } else {
            self = .unknown
        }
    }

    /// True for the kinds a session can record: a pen, with or without an eraser.
    public var isPen: Bool { self == .pen || self == .penWithEraser }

    public var description: String { rawValue }
}

/// The key and axis codes `DeviceKind` reads.
enum DeviceKindCodes {
    /// Tools that draw: pen, pencil, brush, airbrush (the eraser is classified on its own).
    static let penTools: [UInt16] = [KeyCode.toolPen, KeyCode.toolPencil, KeyCode.toolBrush, KeyCode.toolAirbrush]
    /// `BTN_TOOL_FINGER`, `_DOUBLETAP`, `_TRIPLETAP`, `_QUADTAP`, `_QUINTTAP`.
    static let fingerTools: [UInt16] = [KeyCode.toolFinger, 0x14d, 0x14e, 0x14f, 0x148]
    /// `ABS_MT_SLOT` (0x2f) through `ABS_MT_TOOL_Y` (0x3d).
    static let multitouchAxes: [UInt16] = (0x2f...0x3d).map { UInt16($0) }
}
