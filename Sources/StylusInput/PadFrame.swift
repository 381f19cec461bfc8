/// The pad's state at one `SYN_REPORT`, on a node where pad and pen share one device
/// (the Intuos4 and older Cintiqs on old kernels).
///
/// Pad frames are recognised by `MSC_SERIAL` -1 or `BTN_TOOL_FINGER`, which the Wacom
/// driver sends with every pad report, or by pad buttons in a frame with no pen event.
public struct PadFrame: Hashable, Sendable {
    /// The kernel timestamp shared by the frame's events.
    public var time: EventTime
    /// The pad buttons held after this frame, as evdev key codes in ascending order.
    public var buttons: [UInt16] = []
    /// `ABS_WHEEL` in pad frames: the touch ring position in device units, as last reported
    /// (Wacom reports 0 when no finger is on the ring); nil until the pad reports one.
    public var ring: Int32?
    /// `ABS_RX`: the first touch strip, as last reported; nil until the pad reports one.
    public var firstStrip: Int32?
    /// `ABS_RY`: the second touch strip, as last reported; nil until the pad reports one.
    public var secondStrip: Int32?
    /// Set on the first frame after a `SYN_DROPPED`.
    public var gapBefore: FrameGap?
}
