import Testing

@testable import StylusInput

/// A tablet profile's `tip_threshold` applied to tip contact (issue 33): the 13HD pen's pressure
/// runs 0...2047, so libinput's rule puts the tip down at 102 (5 %) and up at 20 (1 %).
@Suite("Tip contact from a profile's tip threshold")
struct TipContactThresholdTests {
    /// The profile of a light-handed pen: down at 40 above a resting 10, up at 8 above it.
    let profile = TipContactThreshold(units: 40, restingPressure: 10)

    /// Enters the 13HD pen hovering at `distance`, with `entry` pressure if any, then sends
    /// `pressures` one frame each, 5 ms apart; the tip of every frame after the entry's.
    func tips(
        _ pressures: [Int32], tip: TipContactThreshold?, entry: Int32? = nil, distance: Int32 = 10
    ) throws -> [Bool] {
        var a = try FrameAssembler(device: Devices.cintiq13HD, tipContact: tip)
        var enter: [Scripted] = [
            .abs(AbsoluteAxis.x, 5000), .abs(AbsoluteAxis.y, 5000), .abs(AbsoluteAxis.distance, distance),
            .key(KeyCode.toolPen, 1),
        ]
        if let entry { enter.append(.abs(AbsoluteAxis.pressure, entry)) }
        var events = frame(atMicroseconds: 0, enter)
        for (i, p) in pressures.enumerated() {
            events += frame(atMicroseconds: Int64(i + 1) * 5000, [.abs(AbsoluteAxis.pressure, p)])
        }
        return a.penFrames(events).dropFirst().map(\.tipDown)
    }

    @Test("touches below libinput's 5 % but above the threshold are contact with it and not without")
    func lightTouchesDrawWithTheThreshold() throws {
        // Every pressure below 102: libinput's rule never puts the tip down.
        let light: [Int32] = [49, 50, 90, 70, 19, 18, 30, 50]
        #expect(try tips(light, tip: nil) == [false, false, false, false, false, false, false, false])
        // Down at >= 10 + 40, up at <= 10 + 40 / 5 = 18.
        #expect(try tips(light, tip: profile) == [false, true, true, true, true, false, false, true])
    }

    @Test("without a resting pressure the threshold counts from the axis minimum")
    func restingAtTheAxisMinimum() throws {
        let tip = TipContactThreshold(units: 40)
        // Down at >= 40, up at <= 8.
        #expect(try tips([39, 40, 9, 8], tip: tip) == [false, true, true, false])
    }

    @Test("a worn nib's offset moves the threshold with it, never below the profile's minimum")
    func theOffsetIsTheRestingPressure() throws {
        // Entered hovering (distance 40 of 63) at 300: the offset; down at >= 340, up at <= 308.
        #expect(try tips([339, 340, 309, 308], tip: profile, entry: 300, distance: 40) == [false, true, true, false])
        // An offset of 5 below the profile's resting 10 rests at 10 still: down at >= 50.
        #expect(try tips([49, 50], tip: profile, entry: 5, distance: 40) == [false, true])
    }

    @Test("a threshold of 0 counts as 1: a nib at rest is never down")
    func zeroCountsAsOne() throws {
        #expect(TipContactThreshold(units: 0).contactRange(resting: 0) == (0, 1))
        #expect(try tips([0, 1, 0], tip: TipContactThreshold(units: 0)) == [false, true, false])
        // Extreme profile values clamp instead of overflowing.
        #expect(TipContactThreshold(units: .max).contactRange(resting: .max) == (.max, .max))
    }
}
