import Proctoring
import StylusGeometry
import StylusInput

/// Handwritten digits as scenario strokes, for `write: BOX DIGIT` on the symbol-digit form.
///
/// Each digit is one or two strokes (the 4's stem, the 5's top bar come second, as many people
/// write them), drawn in the middle of the answer cell: 60% of its width and 70% of its height,
/// so that every stroke's extent is centred well inside the cell the proctor assigns it by.
enum DigitGlyph {
    /// The strokes of each digit, in fractions of the glyph's box (0,0 top-left; y down).
    static let strokes: [[[(Double, Double)]]] = [
        // 0: an oval, closed at the top.
        [[(0.5, 0), (0.15, 0.2), (0.05, 0.5), (0.15, 0.8), (0.5, 1), (0.85, 0.8), (0.95, 0.5), (0.85, 0.2), (0.5, 0)]],
        // 1: a flag and the stem.
        [[(0.25, 0.25), (0.55, 0), (0.55, 1)]],
        [[(0.1, 0.25), (0.3, 0), (0.7, 0), (0.9, 0.25), (0.8, 0.5), (0.1, 1), (0.9, 1)]],
        [[(0.1, 0.1), (0.8, 0.05), (0.9, 0.3), (0.5, 0.5), (0.9, 0.7), (0.8, 0.95), (0.1, 0.9)]],
        [[(0.6, 0), (0.1, 0.65), (0.9, 0.65)], [(0.7, 0.3), (0.7, 1)]],
        [[(0.2, 0), (0.15, 0.45), (0.7, 0.45), (0.9, 0.7), (0.7, 1), (0.1, 0.95)], [(0.2, 0), (0.85, 0)]],
        [[(0.8, 0), (0.3, 0.3), (0.1, 0.7), (0.4, 1), (0.8, 0.85), (0.75, 0.55), (0.3, 0.55), (0.15, 0.7)]],
        [[(0.1, 0), (0.9, 0), (0.4, 1)]],
        [[(0.5, 0.5), (0.85, 0.2), (0.5, 0), (0.15, 0.2), (0.5, 0.5), (0.9, 0.8), (0.5, 1), (0.1, 0.8), (0.5, 0.5)]],
        [[(0.85, 0.3), (0.5, 0.5), (0.15, 0.3), (0.5, 0), (0.85, 0.3), (0.8, 1)]],
    ]

    /// The pen-up time between the strokes of one digit.
    static let pauseWithinDigit = EventDuration.milliseconds(150)

    /// The instructions that write `digit` in `cell`: down, move, up for each stroke, the
    /// strokes of one digit `pauseWithinDigit` apart (a `pause` before the `write` still applies
    /// to its first stroke).
    static func instructions(digit: Int, in cell: FormRectangle, line: Int) -> [ScenarioLine] {
        let width = cell.size.widthCentimetres * 0.6
        let height = cell.size.heightCentimetres * 0.7
        let left = cell.minX + (cell.size.widthCentimetres - width) / 2
        let top = cell.minY + (cell.size.heightCentimetres - height) / 2
        var lines: [ScenarioLine] = []
        for (index, stroke) in strokes[digit].enumerated() {
            let points = stroke.map {
                ScenarioPoint.form(FormPosition(xCentimetres: left + $0.0 * width, yCentimetres: top + $0.1 * height))
            }
            if index > 0 { lines.append(.init(line: line, instruction: .pause(pauseWithinDigit))) }
            lines.append(.init(line: line, instruction: .down(points[0])))
            lines.append(.init(line: line, instruction: .move(Array(points.dropFirst()))))
            lines.append(.init(line: line, instruction: .up))
        }
        return lines
    }
}
