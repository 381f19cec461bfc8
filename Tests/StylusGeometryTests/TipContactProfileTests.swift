import StylusInput
import Testing

@testable import StylusGeometry

/// A profile's `tip_threshold` reaches the frame assembler through the normaliser (issue 33).
@Suite("Tip threshold from a tablet profile")
struct TipContactProfileTests {
    let form = FormSize(widthCentimetres: 20, heightCentimetres: 15)

    func profile(_ pressure: String) throws -> TabletProfile {
        try TabletProfile(
            yaml: "schema: 1\nkind: tablet\nmatch: {vendor: 056a}\npressure: {\(pressure)}\n", source: "t.yaml")
    }

    @Test func theThresholdCountsFromTheProfilesMinimum() throws {
        let normalizer = try Normalizer(
            device: RealDevices.cintiq13HD, profile: profile("minimum: 10, tip_threshold: 40"), formSize: form)
        #expect(normalizer.tipContact == TipContactThreshold(units: 40, restingPressure: 10))
        let withoutMinimum = try profile("tip_threshold: 40")
        #expect(withoutMinimum.pressure.tipContact == TipContactThreshold(units: 40, restingPressure: nil))
    }

    @Test("a profile without tip_threshold, and no profile, keep libinput's rule")
    func noThresholdNoRule() throws {
        let minimumOnly = try Normalizer(
            device: RealDevices.cintiq13HD, profile: profile("minimum: 10"), formSize: form)
        #expect(minimumOnly.tipContact == nil)
        #expect(try Normalizer(device: RealDevices.cintiq13HD, profile: nil, formSize: form).tipContact == nil)
    }

    @Test("tablet calibration's taps follow the profile's tip contact: a light tap counts with it, not without")
    func lightTapsWithTheThreshold() throws {
        func taps(_ profile: TabletProfile?) throws -> Int {
            // The 13HD pen with its keys (BTN_TOOL_PEN, BTN_TOUCH), pressure 0...2047.
            let device = PenObservationsTests.device
            let normalizer = try Normalizer(device: device, profile: profile, formSize: form)
            var collector = try TapCollector(device: device, normalizer: normalizer)
            // Pressures below libinput's 5 % of 0...2047 (102), above the profile's 40; then lifted.
            var frames: [[(UInt16, Int32)]] = [
                [(AbsoluteAxis.x, 20_000), (AbsoluteAxis.y, 10_000), (KeyCode.toolPen, 1)]
            ]
            frames += [60, 80, 70].map { [(AbsoluteAxis.pressure, $0)] }
            frames += [[(AbsoluteAxis.pressure, 0)], [(KeyCode.toolPen, 0)]]
            for (i, frame) in frames.enumerated() {
                let time = EventTime(microseconds: 1_000_000 + Int64(i) * 5000)
                for (code, value) in frame {
                    let type: EventType = code == KeyCode.toolPen ? .key : .absolute
                    collector.process(InputEvent(time: time, type: type, code: code, value: value))
                }
                collector.process(
                    InputEvent(time: time, type: .synchronization, code: SynchronizationCode.report, value: 0))
            }
            return collector.taps.count
        }
        #expect(try taps(nil) == 0)
        #expect(try taps(profile("tip_threshold: 40")) == 1)
    }
}
