import StylusGeometry
import StylusInput

/// The strokes of a hand-drawn clock, as scenario instructions: a circle, the twelve numbers as
/// short strokes (one per digit), then the hour and minute hands, with pauses between strokes.
enum ClockDrawing {
    /// The instructions of a clock of `radius` cm centred on the form, showing `hours`:`minutes`.
    ///
    /// Hand angles follow assessments.md: hour θ = π/2 − πh/6 − πm/360, minute φ = π/2 − πm/30,
    /// counter-clockwise from 3 o'clock, with y down on the form.
    static func instructions(
        hours: Int, minutes: Int, radius: Double, formSize: FormSize, line: Int
    ) -> [ScenarioLine] {
        let centre = FormPosition(
            xCentimetres: formSize.widthCentimetres / 2, yCentimetres: formSize.heightCentimetres / 2)
        func at(_ angle: Double, _ distance: Double) -> ScenarioPoint {
            .form(
                FormPosition(
                    xCentimetres: centre.xCentimetres + distance * cosine(angle),
                    yCentimetres: centre.yCentimetres - distance * sine(angle)))
        }
        func offset(_ point: ScenarioPoint, _ dx: Double, _ dy: Double) -> ScenarioPoint {
            guard case .form(let p) = point else { return point }
            return .form(FormPosition(xCentimetres: p.xCentimetres + dx, yCentimetres: p.yCentimetres + dy))
        }
        var lines: [ScenarioLine] = []
        func stroke(_ points: [ScenarioPoint], pause: Double = 0.4) {
            if !lines.isEmpty { lines.append(.init(line: line, instruction: .pause(.seconds(pause)))) }
            lines.append(.init(line: line, instruction: .down(points[0])))
            lines.append(.init(line: line, instruction: .move(Array(points.dropFirst()))))
            lines.append(.init(line: line, instruction: .up))
        }

        // The circle: clockwise from 12 o'clock, overshooting a little as people do.
        lines.append(.init(line: line, instruction: .speed(8)))
        stroke((0...52).map { at(.pi / 2 - Double($0) * 2 * .pi / 48, radius) })

        // The numbers, just inside the circle; each digit a short stroke 0.5 cm tall.
        lines.append(.init(line: line, instruction: .speed(3)))
        let height = min(0.5, radius / 6)
        for number in 1...12 {
            let place = at(.pi / 2 - Double(number) * .pi / 6, radius * 0.82)
            let digits = Array(String(number))
            let width = height * 0.6
            for (index, digit) in digits.enumerated() {
                let dx = (Double(index) - Double(digits.count - 1) / 2) * width * 1.4
                let top = offset(place, dx, -height / 2)
                if digit == "1" {
                    stroke([top, offset(place, dx, height / 2)], pause: 0.25)
                } else {
                    // A zig-zag the size of a digit: enough ink to look like one in a viewer.
                    stroke(
                        [
                            offset(top, -width / 2, 0), offset(top, width / 2, 0),
                            offset(place, -width / 2, height / 2),
                            offset(place, width / 2, height / 2),
                        ], pause: 0.25)
                }
            }
        }

        // The hands, from the centre out.
        lines.append(.init(line: line, instruction: .speed(5)))
        let hour = .pi / 2 - Double(hours) * .pi / 6 - Double(minutes) * .pi / 360
        let minute = .pi / 2 - Double(minutes) * .pi / 30
        stroke([.form(centre), at(hour, radius * 0.45)], pause: 0.6)
        stroke([.form(centre), at(minute, radius * 0.7)], pause: 0.5)
        return lines
    }
}
