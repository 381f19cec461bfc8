public import ADF
import Foundation
import SystemErrors

/// A results file's ink as the test page's playback reads it (docs/serve.md, "Ink").
///
/// Times are milliseconds from the first step's start, so the page needs no Unix times; each stroke's
/// points are one flat array `[x, y, t, pressure, …]` in canvas points, pressure -1 where the pen did
/// not measure it. Written by hand rather than by `JSONEncoder`: a 60 s session at 266 Hz has 16,000
/// points, and the page's first paint waits for this text.
public enum InkJSON {
    /// The JSON text of `document`, named `name` for the page.
    public static func text(of document: ADFDocument, name: String) -> String {
        let origin = document.steps.first?.start.unixMilliseconds ?? 0
        var out = "{\"name\":" + quoted(name) + ",\"test\":" + quoted(testName(document.variant))
        let canvas = document.environment
        out += ",\"canvas\":{\"width\":" + number(canvas.canvasWidth ?? 0) + ",\"height\":"
        out += number(canvas.canvasHeight ?? 0) + "}"
        out += ",\"pointsPerInch\":" + number(document.display.pointsPerInch)
        out += ",\"steps\":["
        for (index, step) in document.steps.enumerated() {
            if index > 0 { out += "," }
            out += stepText(step, origin: origin)
        }
        return out + "]}"
    }

    static func stepText(_ step: ADFDocument.Step, origin: Double) -> String {
        var out = "{\"id\":" + quoted(step.identifier)
        out += ",\"start\":" + number(step.start.unixMilliseconds - origin)
        out += ",\"end\":" + number(step.end.unixMilliseconds - origin)
        out += ",\"outcome\":" + quoted(step.end.outcome.rawValue)
        if let time = step.start.clockTime { out += ",\"clockTime\":" + quoted(time.attribute) }
        if let tags = step.drawingTags {
            out +=
                ",\"symbolDigit\":{\"set\":" + quoted(tags.setID) + ",\"structure\":" + quoted(tags.structureID) + "}"
        }
        if let instructions = step.start.instructions {
            out += ",\"instructionsShown\":" + number(instructions.shownUnixMilliseconds - origin)
            out += ",\"firstTouch\":" + number(instructions.firstTouchUnixMilliseconds - origin)
        }
        out += ",\"events\":["
        var events: [String] = step.interruptions.map {
            "{\"t\":" + number($0.unixMilliseconds - origin) + ",\"what\":" + quoted($0.type) + "}"
        }
        if let trail = step.trail { events += trailEvents(trail, origin: origin) }
        out += events.joined(separator: ",") + "]"
        if let trail = step.trail {
            out += ",\"trail\":{\"radius\":" + number(trail.circleRadius) + ",\"circles\":["
            out += trail.circles.map {
                "{\"label\":" + quoted($0.label) + ",\"x\":" + number($0.x) + ",\"y\":" + number($0.y) + "}"
            }.joined(separator: ",")
            out += "]}"
        }
        out += ",\"strokes\":["
        for (index, stroke) in step.strokes.enumerated() {
            if index > 0 { out += "," }
            out += "["
            var first = true
            for point in stroke.points {
                if !first { out += "," }
                first = false
                out += number(point.x) + "," + number(point.y) + "," + number(point.unixMilliseconds - origin) + ","
                out += point.measuredForce.map(number) ?? "-1"
            }
            out += "]"
        }
        return out + "]}"
    }

    /// The proctor's decisions a trails step records, as events at their moment.
    static func trailEvents(_ trail: TrailRecord, origin: Double) -> [String] {
        let label = { (order: Int) in trail.circles.first { $0.order == order }?.label ?? "\(order)" }
        var events: [String] = []
        for error in trail.errors {
            let what = "error: went to \(label(error.wrongCircle)), expected \(label(error.expectedCircle))"
            events.append("{\"t\":" + number(error.unixMilliseconds - origin) + ",\"what\":" + quoted(what) + "}")
        }
        for prompt in trail.prompts {
            let what = "prompt from \(label(prompt.fromCircle))"
            events.append("{\"t\":" + number(prompt.unixMilliseconds - origin) + ",\"what\":" + quoted(what) + "}")
        }
        return events
    }

    static func testName(_ variant: ADFVariant) -> String {
        switch variant {
        case .clock: "clock"
        case .maze: "maze"
        case .symbolDigit: "sdt"
        case .trails: "trails"
        }
    }

    /// A JSON number: whole numbers without a fraction, others to 0.001 (finer than any tablet measures).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// A JSON string, every character that JSON or HTML could misread escaped (`JSONString`'s HTML-safe form).
    static func quoted(_ text: String) -> String { JSONString.quoted(text, htmlSafe: true) }
}
