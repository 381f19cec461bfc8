import StylusInput
import Testing

@testable import StylusGeometry

@Suite("Pressure to ADF force")
struct ForceTests {
    // The 13HD's pressure axis: A: 18 0 2047.
    let scale = ForceScale(minimum: 0, maximum: 2047)

    @Test func noPressureIsNoForce() {
        #expect(scale.force(pressure: 0) == 0)
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 0)) == 0)
    }

    @Test func fullScaleIs4167() {
        // 2047 / 2047 * 25/6 = 4.16667; round(4166.67) = 4167.
        #expect(nearly(scale.force(pressure: 2047), 25.0 / 6.0))
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 2047)) == 4167)
        // The same at full scale of every pressure range: UC-LOGIC 1023, Dell 4095.
        #expect(ForceScale.adfPressure(force: ForceScale(minimum: 0, maximum: 1023).force(pressure: 1023)) == 4167)
        #expect(ForceScale.adfPressure(force: ForceScale(minimum: 0, maximum: 4095).force(pressure: 4095)) == 4167)
    }

    @Test func halfScale() {
        // 1023.5 would be half; 1024 / 2047 * 25/6 = 2.08435, written 2084.
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 1024)) == 2084)
    }

    @Test func wornNibOffsetIsTheNewZero() {
        // Offset 47: 47 is no force; 1047 is (1000 / 2000) * 25/6 = 25/12 = 2.08333, written 2083;
        // 2047 is still full scale.
        #expect(scale.force(pressure: 47, offset: 47) == 0)
        #expect(nearly(scale.force(pressure: 1047, offset: 47), 25.0 / 12.0))
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 1047, offset: 47)) == 2083)
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 2047, offset: 47)) == 4167)
    }

    @Test func belowTheOffsetIsClampedToZero() {
        #expect(scale.force(pressure: 20, offset: 47) == 0)
        #expect(ForceScale(minimum: 100, maximum: 1000).force(pressure: 50) == 0)
    }

    @Test func offsetBelowTheMinimumIsTheMinimum() {
        // Range 100...1100: 600 is half of 25/6 whatever an offset under 100 says.
        #expect(nearly(ForceScale(minimum: 100, maximum: 1100).force(pressure: 600, offset: 0), 25.0 / 12.0))
    }

    @Test func offsetAtFullScaleLeavesNoForce() {
        #expect(scale.force(pressure: 2047, offset: 2047) == 0)
    }

    @Test func profileMaximumForce() {
        // Full scale at maximum force 4.3 writes 4300.
        let scale = ForceScale(minimum: 0, maximum: 2047, maximumForce: 4.3)
        #expect(ForceScale.adfPressure(force: scale.force(pressure: 2047)) == 4300)
    }
}
