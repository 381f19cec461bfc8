internal import Foundation
public import Proctoring
public import StylusGeometry

/// What was in front of the patient during a step, drawn under the ink.
public enum StepForm: Hashable, Sendable {
    /// A blank page (the clock's command step, or a maze step whose maze was not given).
    case blank
    /// The pre-drawn clock of the copy step, showing `hours`:`minutes`.
    case clockToCopy(hours: Int, minutes: Int)
    /// A maze, placed on the form as its file says.
    case maze(Maze)
    /// The symbol-digit form of one step; in display mode with the alternate symbols.
    case symbolDigit(SymbolDigitStep, displayMode: Bool)

    /// The form of a clock step: a blank page to draw on (command), the clock showing the
    /// settings' time to copy (copy).
    public static func clock(_ step: ClockStep, settings: ClockSettings) -> StepForm {
        step == .copy ? .clockToCopy(hours: settings.hours, minutes: settings.minutes) : .blank
    }

    /// The radius of the clock to copy: the clock a synth scenario draws by default (4 cm).
    public static let clockRadiusCentimetres = 4.0

    /// The marks of the form on a page of `size`, in form centimetres.
    public func marks(on size: FormSize) -> [PageMark] {
        switch self {
        case .blank:
            return []
        case .clockToCopy(let hours, let minutes):
            return Self.clockMarks(hours: hours, minutes: minutes, on: size)
        case .maze(let maze):
            // The printed maze's caption ("print at 100 %") is for paper, not for a picture of results.
            return PageDrawing.maze(maze, page: size).marks.filter {
                if case .text = $0 { return false }
                return true
            }
        case .symbolDigit(let step, let displayMode):
            let form = SymbolDigitForm(
                step: step, displayMode: displayMode, origin: SymbolDigitForm.origin(centredOn: size))
            // As the maze's: the printed form's caption is for paper, not for the patient's screen or a picture of
            // results.
            return PageDrawing.symbolDigitForm(form, page: size).marks.filter {
                if case .text = $0 { return false }
                return true
            }
        }
    }

    /// The clock to copy, centred on the form: a circle, the twelve numbers, and the hands at the
    /// angles of assessments.md (hour θ = π/2 − πh/6 − πm/360, minute φ = π/2 − πm/30,
    /// counter-clockwise from 3 o'clock, y down).
    static func clockMarks(hours: Int, minutes: Int, on size: FormSize) -> [PageMark] {
        let cx = size.widthCentimetres / 2
        let cy = size.heightCentimetres / 2
        let r = clockRadiusCentimetres
        func tip(_ angle: Double, _ length: Double) -> FormPosition {
            FormPosition(xCentimetres: cx + length * cosine(angle), yCentimetres: cy - length * sine(angle))
        }
        let centre = FormPosition(xCentimetres: cx, yCentimetres: cy)
        var marks: [PageMark] = [.circle(centre: centre, radiusCentimetres: r, widthCentimetres: 0.05, colour: .black)]
        let numeral = 0.6
        for hour in 1...12 {
            let angle = Double.pi / 2 - Double.pi * Double(hour) / 6
            let at = tip(angle, r * 0.82)
            let text = "\(hour)"
            let halfWidth = numeral * 0.28 * Double(text.count)
            marks.append(
                .text(
                    text,
                    at: FormPosition(
                        xCentimetres: at.xCentimetres - halfWidth, yCentimetres: at.yCentimetres + numeral * 0.36),
                    sizeCentimetres: numeral, colour: .black))
        }
        let h = Double(hours)
        let m = Double(minutes)
        let hourAngle = Double.pi / 2 - Double.pi * h / 6 - Double.pi * m / 360
        let minuteAngle = Double.pi / 2 - Double.pi * m / 30
        marks.append(
            .path([centre, tip(hourAngle, r * 0.5)], widthCentimetres: 0.08, colour: .black, dashCentimetres: nil))
        marks.append(
            .path([centre, tip(minuteAngle, r * 0.75)], widthCentimetres: 0.06, colour: .black, dashCentimetres: nil))
        marks.append(.disc(centre: centre, radiusCentimetres: 0.08, colour: .black))
        return marks
    }
}
