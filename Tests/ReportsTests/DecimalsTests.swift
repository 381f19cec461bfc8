import StylusGeometry
import Testing

@testable import Reports

/// A report's number as `--json` gives it: at the decimals its text shows (`@Decimals`), exact for the text, with
/// every other key as before and null for a number not known (JSONLine's rule).
@Suite struct DecimalsTests {
    @Test("Numbers rounded at their own decimals, whole ones without a fraction, the exact values kept for the text")
    func rounded() throws {
        let sampling = InfoReport.Sampling(
            medianMilliseconds: 3.33333, rateHertz: 299.96, p5Milliseconds: 1.0004, p95Milliseconds: 5.5556,
            p99Milliseconds: 7)
        #expect(
            try JSONLine.encode(sampling)
                == #"{"medianMilliseconds":3.333,"p5Milliseconds":1,"p95Milliseconds":5.556,"p99Milliseconds":7,"#
                + #""rateHertz":300}"#)
        #expect(sampling.medianMilliseconds == 3.33333 && sampling.rateHertz == 299.96)
        let element = DisplayReport.Element(name: "BorderWidth", centimetres: 0.123456, pixels: 1234.5678, points: 2)
        #expect(
            try JSONLine.encode(element) == #"{"centimetres":0.1235,"name":"BorderWidth","pixels":1235,"points":2}"#)
        let point = FormPoint(FormPosition(xCentimetres: 1.23456, yCentimetres: 5.678))
        #expect(try JSONLine.encode(point) == #"{"x":1.23,"y":5.68}"#)
    }

    @Test("Optional numbers and arrays of numbers: each number rounded, null for none")
    func optionalsAndArrays() throws {
        let target = TabletFitReport.Target(
            number: 3, targetCentimetres: [1.006, 2.333333], tapMillimetres: [10.456, 20], residualMillimetres: 0.12345,
            leaveOneOutMillimetres: nil)
        #expect(
            try JSONLine.encode(target)
                == #"{"leaveOneOutMillimetres":null,"number":3,"residualMillimetres":0.123,"tapMillimetres":[10.46,20],"#
                + #""targetCentimetres":[1.01,2.33]}"#)
        var axis = InfoReport.Axis(
            code: "ABS_X", minimum: 0, maximum: 44_704, fuzz: 4, flat: 0, resolution: 200, resolutionSource: "device")
        #expect(try JSONLine.encode(axis).hasSuffix(#""resolutionSource":"device","sizeMillimetres":null}"#))
        axis.sizeMillimetres = 223.52000000000001
        #expect(try JSONLine.encode(axis).hasSuffix(#""resolutionSource":"device","sizeMillimetres":223.52}"#))
    }
}
