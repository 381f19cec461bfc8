import Foundation
public import Proctoring
public import StylusGeometry
public import StylusInput

/// A point a scenario names (format in Fixtures/synth/README.md).
public enum ScenarioPoint: Hashable, Sendable {
    /// The mouth of the maze's start opening, half a cell outside it, where the green arrow sits.
    case start
    /// The mouth of the maze's end opening, half a cell outside it.
    case end
    /// Where the pen is: the last point of the previous move, or where the last stroke lifted.
    case here
    /// A point of a maze cell: `x` and `y` are fractions of the cell's side from its top-left
    /// corner (0.5, 0.5 is the centre).
    case cell(MazeCell, x: Double, y: Double)
    /// A form position in centimetres.
    case form(FormPosition)
    /// A point of a trail making circle: `part`'s circle labelled `label`, moved `x` and `y` cm from
    /// its centre (right and down), on the form placed as `replay --test trails` places it.
    case circle(part: TrailPart, label: String, x: Double, y: Double)
}

/// One step of a scripted drawing.
public enum ScenarioInstruction: Hashable, Sendable {
    /// The speed of the moves that follow, in centimetres per second (their average: each move
    /// speeds up and slows down smoothly).
    case speed(Double)
    /// The tip touches the surface here.
    case down(ScenarioPoint)
    /// The tip draws through these points, in one smooth movement.
    case move([ScenarioPoint])
    /// The tip stays where it is, in contact, for this long.
    case hold(EventDuration)
    /// The tip lifts.
    case up
    /// The time from the lift before to the next touch-down (or, after the last lift, how long
    /// the pen keeps hovering before the recording ends).
    case pause(EventDuration)
    /// Writes `digit` (0-9) in the answer cell of symbol-digit box `box` (counted from 0 in the
    /// order boxes are filled), in one or two strokes, with the pen up before and after.
    case write(box: Int, digit: Int)
}

/// What a scenario draws on.
public enum ScenarioDrawing: Hashable, Sendable {
    /// A maze, by its file name relative to the scenario's folder.
    case maze(file: String)
    /// A clock showing `hours`:`minutes`: circle, numbers and hands are generated.
    case clock(hours: Int, minutes: Int)
    /// The symbol-digit form, centred on the form as `replay --test sdt` places it.
    case symbolDigit
    /// A shipped trail making form (`standard`, `alternate-N`), each part centred on the page as
    /// `replay --test trails` places it.
    case trails(form: String)
}

/// An instruction and the line it was written on, for messages.
public struct ScenarioLine: Hashable, Sendable {
    public var line: Int
    public var instruction: ScenarioInstruction
}

/// A scripted drawing: what it is drawn on and how the pen moves.
public struct Scenario: Hashable, Sendable {
    public var drawing: ScenarioDrawing
    /// The clock's radius (clock scenarios).
    public var clockRadiusCentimetres: Double = 4
    public var instructions: [ScenarioLine]
    /// The scenario's file name, for messages.
    public var source: String
}

/// A mistake in a scenario file, or a scenario that cannot be drawn on its maze or device.
public enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Something other than what the format allows at this place.
    case unexpected(source: String, line: Int, column: Int, expected: String, found: String)
    /// An instruction the pen cannot follow in its state (e.g. `move` while the pen is up).
    case penState(source: String, line: Int, problem: String, fix: String)
    /// The file names no drawing (`maze:` or `clock:`), or two.
    case drawing(source: String, problem: String)
    /// A cell outside the maze.
    case cellOutsideMaze(source: String, line: Int, cell: MazeCell, rows: Int, columns: Int)
    /// A maze point in a clock scenario.
    case mazePointWithoutMaze(source: String, line: Int, point: String)
    /// A `write` in a scenario that does not draw on the symbol-digit form.
    case writeWithoutForm(source: String, line: Int)
    /// A trail making circle in a scenario that draws no trail making form.
    case circleWithoutTrails(source: String, line: Int, point: String)
    /// A trail making circle its part does not have.
    case unknownCircle(source: String, line: Int, point: String, labels: [String])
    /// The device cannot draw: no position axes, or no way to tell contact.
    case unsuitableDevice(device: String, problem: String)

    public var description: String {
        switch self {
        case .unexpected(let source, let line, let column, let expected, let found):
            "\(source), line \(line), column \(column): expected \(expected), found \(found)."
        case .penState(let source, let line, let problem, let fix):
            "\(source), line \(line): \(problem); \(fix)."
        case .drawing(let source, let problem):
            "\(source): \(problem); give exactly one 'maze: FILE', 'clock: HH:MM', 'sdt:' or 'trails: FORM' line."
        case .cellOutsideMaze(let source, let line, let cell, let rows, let columns):
            "\(source), line \(line): \(cell) is outside the maze, which has \(rows) rows and \(columns) columns; "
                + "count rows and columns from 1 at the top-left."
        case .mazePointWithoutMaze(let source, let line, let point):
            "\(source), line \(line): '\(point)' names a place in a maze, but this scenario draws a clock; "
                + "give form positions as 'X,Y' in centimetres."
        case .writeWithoutForm(let source, let line):
            "\(source), line \(line): 'write' writes in a box of the symbol-digit form, but this scenario draws no form; "
                + "name it with an 'sdt:' line, or draw with 'down', 'move' and 'up'."
        case .circleWithoutTrails(let source, let line, let point):
            "\(source), line \(line): '\(point)' names a trail making circle, but this scenario draws no trail "
                + "making form; name one with a 'trails: FORM' line (such as 'trails: standard')."
        case .unknownCircle(let source, let line, let point, let labels):
            "\(source), line \(line): '\(point)' names no circle of its part, whose circles are "
                + "\(labels.joined(separator: " ")); give PART:LABEL such as 'A:5' or 'B:C'."
        case .unsuitableDevice(let device, let problem):
            "The device \"\(device)\" \(problem); synthesize for a pen tablet's description (--like RECORDING)."
        }
    }
}

extension Scenario {
    /// Reads a scenario file.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - source: its name, for messages.
    /// - Throws: `ScenarioError` naming the line and column of the first mistake.
    public init(parsing text: String, source: String = "scenario") throws(ScenarioError) {
        var drawing: ScenarioDrawing?
        var radius = 4.0
        var instructions: [ScenarioLine] = []
        var penDown = false
        var lastUpLine: Int?

        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            let key: Substring
            let value: Substring
            if let colon = trimmed.firstIndex(of: ":") {
                key = trimmed[..<colon]
                let afterColon = trimmed[trimmed.index(after: colon)...]
                value = afterColon.drop { $0 == " " || $0 == "\t" }
            } else {
                key = trimmed.prefix { $0 != " " && $0 != "\t" }
                value = trimmed.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            }
            // The value is a suffix of the line, so its column follows from the lengths.
            let valueColumn = indent + (trimmed.count - value.count) + 1
            let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            func fail(_ expected: String, found: String? = nil, column: Int? = nil) -> ScenarioError {
                .unexpected(
                    source: source, line: number, column: column ?? valueColumn, expected: expected,
                    found: found ?? (value.isEmpty ? "the end of the line" : "'\(value)'"))
            }
            func penState(_ problem: String, fix: String) -> ScenarioError {
                .penState(source: source, line: number, problem: problem, fix: fix)
            }
            func duration() throws(ScenarioError) -> EventDuration {
                guard words.count == 2, let amount = Double(words[0]), amount.isFinite, amount >= 0, amount < 1e5 else {
                    throw fail("a duration such as '0.6 s' or '600 ms'")
                }
                switch words[1] {
                case "s": return .seconds(amount)
                case "ms": return .seconds(amount / 1_000)
                default: throw fail("a duration such as '0.6 s' or '600 ms'")
                }
            }

            switch key {
            case "sdt":
                if drawing != nil {
                    throw .drawing(source: source, problem: "line \(number) names a second drawing")
                }
                guard value.isEmpty else { throw fail("nothing after 'sdt:'") }
                drawing = .symbolDigit
            case "write":
                if penDown {
                    throw penState("'write' while the pen is down", fix: "add 'up' before it")
                }
                let boxCount = SymbolDigitForm.boxCount
                guard words.count == 2, let box = Int(words[0]), (1...boxCount).contains(box),
                    let digit = Int(words[1]),
                    (0...9).contains(digit), words[1].count == 1
                else { throw fail("a box from 1 to \(boxCount) and a digit, such as '7 3'") }
                lastUpLine = number
                instructions.append(.init(line: number, instruction: .write(box: box - 1, digit: digit)))
            case "trails":
                if drawing != nil {
                    throw .drawing(source: source, problem: "line \(number) names a second drawing")
                }
                guard words.count == 1, TrailsForm.isShippedName(words[0]) else {
                    throw fail("a trail making form: 'standard' or 'alternate-N', such as 'alternate-1'")
                }
                drawing = .trails(form: words[0])
            case "maze", "clock":
                if drawing != nil {
                    throw .drawing(source: source, problem: "line \(number) names a second drawing")
                }
                if key == "maze" {
                    guard !value.isEmpty else { throw fail("a maze file name such as '../mazes/choice.maze'") }
                    drawing = .maze(file: String(value))
                } else {
                    let parts = value.split(separator: ":")
                    guard words.count == 1, parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
                        (1...12).contains(hours), (0...59).contains(minutes)
                    else { throw fail("a time on a clock face such as '11:10'") }
                    drawing = .clock(hours: hours, minutes: minutes)
                }
            case "clock-radius":
                guard words.count == 2, words[1] == "cm", let value = Double(words[0]), value > 0, value < 100 else {
                    throw fail("a radius such as '4 cm'")
                }
                radius = value
            case "speed":
                guard words.count == 2, words[1] == "cm/s", let value = Double(words[0]), value > 0, value < 1_000
                else {
                    throw fail("a speed such as '5 cm/s'")
                }
                instructions.append(.init(line: number, instruction: .speed(value)))
            case "down":
                if penDown {
                    throw penState("'down' while the pen is down", fix: "add 'up' before it")
                }
                guard words.count == 1 else { throw fail("one point, such as 'start', 'r2c3' or '12.5,8'") }
                let point = try Self.point(words[0], source: source, line: number, column: valueColumn)
                if point == .here && lastUpLine == nil {
                    throw penState("'here' before the pen has been anywhere", fix: "name the first point")
                }
                penDown = true
                instructions.append(.init(line: number, instruction: .down(point)))
            case "move":
                guard penDown else {
                    throw penState("'move' while the pen is up", fix: "add 'down: POINT' before it")
                }
                guard !words.isEmpty else { throw fail("one or more points, such as 'r1c2 r1c3'") }
                var points: [ScenarioPoint] = []
                var column = valueColumn
                for word in words {
                    let start =
                        value.range(of: word).map { value.distance(from: value.startIndex, to: $0.lowerBound) } ?? 0
                    column = valueColumn + start
                    points.append(try Self.point(word, source: source, line: number, column: column))
                }
                instructions.append(.init(line: number, instruction: .move(points)))
            case "hold":
                guard penDown else {
                    throw penState(
                        "'hold' while the pen is up",
                        fix: "use 'pause' for time with the pen up, or add 'down: POINT' before it")
                }
                instructions.append(.init(line: number, instruction: .hold(try duration())))
            case "up":
                guard penDown else {
                    throw penState("'up' while the pen is up", fix: "remove it, or add 'down: POINT' before it")
                }
                guard value.isEmpty else { throw fail("nothing after 'up'") }
                penDown = false
                lastUpLine = number
                instructions.append(.init(line: number, instruction: .up))
            case "pause":
                guard !penDown else {
                    throw penState(
                        "'pause' while the pen is down", fix: "use 'hold' to keep the pen down, or add 'up' before it")
                }
                instructions.append(.init(line: number, instruction: .pause(try duration())))
            default:
                throw .unexpected(
                    source: source, line: number, column: indent + 1,
                    expected:
                        "one of maze:, clock:, sdt:, trails:, clock-radius:, speed:, down:, move:, hold:, up, pause:, write:",
                    found: "'\(key)'")
            }
        }
        if penDown {
            throw .penState(
                source: source, line: lines.count, problem: "the scenario ends with the pen down",
                fix: "end it with 'up'")
        }
        guard let drawing else { throw .drawing(source: source, problem: "no drawing is named") }
        self.init(drawing: drawing, clockRadiusCentimetres: radius, instructions: instructions, source: source)
    }

    /// Reads one point: `start`, `end`, `here`, `rRcC`, `rRcC@X,Y`, `PART:LABEL`, `PART:LABEL@X,Y` or `X,Y`.
    static func point(_ word: String, source: String, line: Int, column: Int) throws(ScenarioError) -> ScenarioPoint {
        let expected = "a point: 'start', 'end', 'here', a cell such as 'r2c3' or 'r2c3@0.5,0.9', or 'X,Y' in cm"
        switch word {
        case "start": return .start
        case "end": return .end
        case "here": return .here
        default: break
        }
        func pair(_ text: Substring) -> (Double, Double)? {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                return nil
            }
            return (x, y)
        }
        if word.contains(":") {
            // A trail making circle: its part (sampleA, A, sampleB, B), its label, and an offset in cm.
            let body = word.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let name = body[0].split(separator: ":", omittingEmptySubsequences: false)
            var offset = (0.0, 0.0)
            if body.count == 2 {
                guard let given = pair(body[1]), abs(given.0) < 100, abs(given.1) < 100 else {
                    throw .unexpected(
                        source: source, line: line, column: column,
                        expected: "an offset in cm after '@', such as 'A:5@0.3,-0.2'", found: "'\(word)'")
                }
                offset = given
            }
            guard name.count == 2, let part = TrailPart(rawValue: String(name[0])), !name[1].isEmpty else {
                throw .unexpected(
                    source: source, line: line, column: column,
                    expected: "a trail making circle: PART:LABEL with PART sampleA, A, sampleB or B, such as 'A:5'",
                    found: "'\(word)'")
            }
            return .circle(part: part, label: String(name[1]), x: offset.0, y: offset.1)
        }
        if word.hasPrefix("r") {
            let body = word.dropFirst()
            let cellPart = body.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let rowColumn = cellPart[0].split(separator: "c", omittingEmptySubsequences: false)
            guard rowColumn.count == 2, let row = Int(rowColumn[0]), let column = Int(rowColumn[1]), row >= 1,
                column >= 1
            else {
                throw .unexpected(source: source, line: line, column: column, expected: expected, found: "'\(word)'")
            }
            var fraction = (0.5, 0.5)
            if cellPart.count == 2 {
                guard let given = pair(cellPart[1]), (0...1).contains(given.0), (0...1).contains(given.1) else {
                    throw .unexpected(
                        source: source, line: line, column: column,
                        expected: "fractions of the cell from 0 to 1 after '@', such as 'r2c3@0.5,0.9'",
                        found: "'\(word)'")
                }
                fraction = given
            }
            return .cell(MazeCell(row: row - 1, column: column - 1), x: fraction.0, y: fraction.1)
        }
        guard let (x, y) = pair(Substring(word)) else {
            throw .unexpected(source: source, line: line, column: column, expected: expected, found: "'\(word)'")
        }
        return .form(FormPosition(xCentimetres: x, yCentimetres: y))
    }
}
