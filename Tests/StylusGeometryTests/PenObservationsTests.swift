import StylusInput
import Testing

@testable import StylusGeometry

/// The tap collector and pressure observer that `calibrate tablet --device` and
/// `calibrate pressure --device` feed from a live tablet. There is no tablet on the build machine,
/// so these events are written by hand, as a kernel would send them: they come from no kernel
/// device (no /dev/input node, no uinput), only from this file.
@Suite("Taps and pressure from hand-fed events (not a kernel device)")
struct PenObservationsTests {
    /// A Cintiq 13HD pen as Wacom-Cintiq-13HD-touch-Pen.events describes it (lines 100-133):
    /// X 400...59152 and Y 400...33448 at 200 units/mm, pressure 0...2047, BTN_TOOL_PEN, BTN_TOUCH
    /// and BTN_STYLUS, INPUT_PROP_DIRECT.
    static let device = DeviceDescription(
        name: "Wacom Cintiq 13HD touch Pen",
        id: InputID(bustype: 0x0003, vendor: 0x056a, product: 0x0333, version: 0x0110),
        properties: [InputProperty.direct],
        codes: [
            .synchronization: [SynchronizationCode.report],
            .key: [KeyCode.toolPen, KeyCode.touch, KeyCode.stylus],
            .absolute: [AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.pressure],
        ],
        absInfo: [
            AbsoluteAxis.x: AbsInfo(minimum: 400, maximum: 59152, resolution: 200),
            AbsoluteAxis.y: AbsInfo(minimum: 400, maximum: 33448, resolution: 200),
            AbsoluteAxis.pressure: AbsInfo(minimum: 0, maximum: 2047, resolution: 0),
        ])

    /// Builds frames of events 5 ms apart, each ending in SYN_REPORT.
    struct Script {
        var events: [InputEvent] = []
        var time: Int64 = 1_000_000

        mutating func frame(_ changes: [(EventType, UInt16, Int32)]) {
            time += 5_000
            for (type, code, value) in changes {
                events.append(InputEvent(time: EventTime(microseconds: time), type: type, code: code, value: value))
            }
            events.append(
                InputEvent(
                    time: EventTime(microseconds: time), type: .synchronization, code: SynchronizationCode.report,
                    value: 0))
        }

        /// Position in device units and pressure.
        mutating func pen(x: Int32, y: Int32, pressure: Int32, touch: Int32? = nil, proximity: Int32? = nil) {
            var changes: [(EventType, UInt16, Int32)] = []
            if let proximity { changes.append((.key, KeyCode.toolPen, proximity)) }
            changes += [
                (.absolute, AbsoluteAxis.x, x), (.absolute, AbsoluteAxis.y, y),
                (.absolute, AbsoluteAxis.pressure, pressure),
            ]
            if let touch { changes.append((.key, KeyCode.touch, touch)) }
            frame(changes)
        }
    }

    @Test("Each stroke is one tap at the mean of its positions in contact; a stroke cut off by the end still counts")
    func tapsAreStrokeMeans() throws {
        let normalizer = try Normalizer(
            device: Self.device, profile: nil, formSize: FormSize(widthCentimetres: 29.7, heightCentimetres: 21))
        var collector = try TapCollector(device: Self.device, normalizer: normalizer)
        var script = Script()
        // Tap 1: hover at (20400, 10400), then two frames in contact at x 20400 and 20600, y 10400.
        // In mm: ((20400 - 400) / 200, (10400 - 400) / 200) = (100, 50) and (101, 50): mean (100.5, 50).
        script.pen(x: 20400, y: 10400, pressure: 0, proximity: 1)
        script.pen(x: 20400, y: 10400, pressure: 900, touch: 1)
        script.pen(x: 20600, y: 10400, pressure: 1200)
        script.pen(x: 20600, y: 10400, pressure: 0, touch: 0)
        // Hovering far away is no tap.
        script.pen(x: 50400, y: 30400, pressure: 0)
        // Tap 2, still down when the events stop: (40400, 20400) and (40400, 20600) -> (200, 100), (200, 101).
        script.pen(x: 40400, y: 20400, pressure: 800, touch: 1)
        script.pen(x: 40400, y: 20600, pressure: 800)

        var returned: [TabletPosition] = []
        for event in script.events {
            if let tap = collector.process(event) { returned.append(tap) }
        }
        #expect(returned.count == 1)
        let finished = collector.finish()
        let last = try #require(finished)
        let again = collector.finish()
        #expect(again == nil, "a second finish has no stroke to end")
        let taps = collector.taps
        try #require(taps.count == 2)
        #expect(taps[0] == returned[0])
        #expect(last == taps[1])
        #expect(abs(taps[0].xMillimetres - 100.5) < 1e-9 && abs(taps[0].yMillimetres - 50) < 1e-9)
        #expect(abs(taps[1].xMillimetres - 200) < 1e-9 && abs(taps[1].yMillimetres - 100.5) < 1e-9)
    }

    @Test("The pressure observer reports the lowest touching, the highest, and the highest hovering pressure")
    func pressureRange() throws {
        var observer = try PressureObserver(device: Self.device)
        var script = Script()
        // Hovering at 0, then touching at 300 and 1500 (both above 5 % of 2047 = 102, where the tip
        // goes down), then lifted (0), hovering at 60 (below 102: the tip stays up), then out.
        script.pen(x: 20400, y: 10400, pressure: 0, proximity: 1)
        script.pen(x: 20400, y: 10400, pressure: 300, touch: 1)
        script.pen(x: 20500, y: 10400, pressure: 1500)
        script.pen(x: 20500, y: 10400, pressure: 0, touch: 0)
        script.pen(x: 20500, y: 10400, pressure: 60)
        script.frame([(.key, KeyCode.toolPen, 0)])
        var touching = 0
        for event in script.events where observer.process(event) { touching += 1 }
        #expect(touching == 2)
        let tools = observer.tools
        try #require(tools.count == 1)
        #expect(tools[0].tool == .pen)
        #expect(tools[0].touchingFrames == 2)
        #expect(tools[0].hoveringFrames == 3)
        #expect(tools[0].minimumTouching == 300)
        #expect(tools[0].maximum == 1500)
        #expect(tools[0].maximumHovering == 60)
    }
}
