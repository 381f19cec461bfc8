import Foundation
import TestSupport
import Testing

/// Absent is absent (docs/adf-absent-axes.md): an axis the pen did not measure is marked in the
/// results file, never measured as a constant, and said by `info` and `replay`; an axis listed
/// without a range is taken as absent with a note; what the pipeline drops on purpose is counted.
@Suite("Absent axes and what is left out")
struct AbsentAxesTests {
    static let ucLogic = RealRecordingFacts.all.first { $0.file.hasPrefix("UC-LOGIC") }!
    static let cintiq22HDT = RealRecordingFacts.all.first { $0.file.hasPrefix("Wacom-Cintiq-22HDT") }!

    /// The `point` elements of a results file, one string each.
    static func points(_ file: URL) throws -> [String] {
        let xml = try String(contentsOf: file, encoding: .utf8)
        return xml.components(separatedBy: "<point ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    /// The value of `attribute` in a `point` string.
    static func attribute(_ attribute: String, of point: String) -> String? {
        guard
            let range = point.range(of: " \(attribute)=\"")
                ?? (point.hasPrefix("\(attribute)=\"") ? point.range(of: "\(attribute)=\"") : nil)
        else { return nil }
        return String(point[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test("a tablet without tilt: points marked absent, tilt measures empty, info and replay say so")
    func tabletWithoutTilt() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = Self.ucLogic.path
        let replay = try styluskit(["replay", recording, "--test", "clock", "--out", out.path])
        try #require(replay.status == 0, "\(replay.standardError)")
        let file = out.appendingPathComponent("UC-LOGIC-Tablet-WP5540U-Pen.csk")
        let points = try Self.points(file)
        try #require(!points.isEmpty)
        // Every point says it has no tilt, and keeps the placeholders older readers read.
        for point in points {
            #expect(Self.attribute("absent", of: point) == "altitude azimuth", "\(point)")
            #expect(Self.attribute("altitude", of: point) == "1.5708")
            #expect(Self.attribute("azimuth", of: point) == "0.0000")
        }
        #expect(
            replay.standardOutput.contains(
                "absent: tilt (altitude, azimuth) in \(points.count) of \(points.count) pen-contact frames: the device has no tilt "
                    + "axes (ABS_TILT_X, ABS_TILT_Y); the results file marks those points absent=\"altitude azimuth\" and no measure uses them"
            ), "\(replay.standardOutput)")

        let info = try styluskit(["info", recording])
        try #require(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("  absent     tilt (altitude, azimuth) in "), "\(info.standardOutput)")

        // The measures of tilt are empty, never altitude 1.5708 with sd 0; pressure, which it has, is measured.
        for input in [file.path, recording] {
            let features = try styluskit([
                "features", input, "--test", "clock", "--level", "stroke", "--format", "json",
            ])
            try #require(features.status == 0, "\(features.standardError)")
            let rows = features.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            try #require(!rows.isEmpty)
            for row in rows {
                for column in ["altitude_mean_rad", "altitude_sd_rad", "azimuth_mean_rad", "azimuth_sd_rad"] {
                    #expect(row[column] is NSNull, "\(input) \(column): \(String(describing: row[column]))")
                }
                #expect(row["pressure_mean"] is NSNumber, "\(input)")
            }
        }
    }

    @Test("the report says the tilt a tablet did not measure")
    func reportSaysAbsentTilt() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let replay = try styluskit(["replay", Self.ucLogic.path, "--test", "clock", "--out", out.path])
        try #require(replay.status == 0, "\(replay.standardError)")
        let results = out.appendingPathComponent("UC-LOGIC-Tablet-WP5540U-Pen.csk")
        let points = try Self.points(results).count
        let folder = try ReportTests.smallVisit(results: results.path, in: out)
        let pdf = out.appendingPathComponent("report.pdf").path
        let report = try styluskit(["report", folder, "--out", pdf])
        try #require(report.status == 0, "\(report.standardError)")
        let text = try ReportTests.text(pdf)
        // The note may wrap after the count.
        #expect(text.contains("Note: tilt (altitude, azimuth) not measured on \(points) of \(points)"), "\(text)")
    }

    @Test("a description listing pressure without a range: one stroke a touch, not one a point, and a note")
    func pressureWithoutRange() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // The WP5540U's recording with its A: line for ABS_PRESSURE taken out: the axis is still in its codes.
        let original = try String(contentsOfFile: Self.ucLogic.path, encoding: .utf8)
        let lines = original.components(separatedBy: "\n")
        try #require(lines.contains("A: 18 0 1023 0 0 0"))
        let recording = out.appendingPathComponent("no-pressure-range.events")
        try lines.filter { $0 != "A: 18 0 1023 0 0 0" }.joined(separator: "\n").write(
            to: recording, atomically: true, encoding: .utf8)
        let touches = lines.filter { $0.hasPrefix("E: ") && $0.contains(" 0001 014a 0001") }.count

        let replay = try styluskit(["replay", recording.path, "--test", "clock", "--out", out.path, "--json"])
        try #require(replay.status == 0, "\(replay.standardError)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [String: Any])
        #expect(summary["strokes"] as? Int == touches)
        let notes = try #require(summary["notes"] as? [String])
        #expect(
            notes == [
                "ABS_PRESSURE is listed without a range (0..0), so it carries no pressure: pressure is recorded as absent and "
                    + "the tip's contact comes from BTN_TOUCH. If the tablet has it, give the axis's range in the description "
                    + "(its A: line, or --desc FILE)."
            ])
        let absent = try #require(summary["absentAxes"] as? [[String: Any]])
        #expect(absent.map { $0["axis"] as? String } == ["tilt", "pressure"])
        #expect(absent.map { $0["reason"] as? String } == ["no-axis", "without-range"])
        for point in try Self.points(out.appendingPathComponent("no-pressure-range.csk")) {
            #expect(Self.attribute("absent", of: point) == "altitude azimuth pressure")
            #expect(Self.attribute("pressure", of: point) == "1000")
        }
        let info = try styluskit(["info", recording.path])
        #expect(
            info.standardOutput.contains("note: ABS_PRESSURE is listed without a range (0..0)"),
            "\(info.standardOutput)")
    }

    @Test(
        "a tablet that declares pressure and never sends it: drawn from BTN_TOUCH, pressure absent, not 'never touched'"
    )
    func pressureNeverSent() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // The WP5540U's recording with every ABS_PRESSURE event taken out: its description still
        // lists the axis with its range (0..1023), and its contact is BTN_TOUCH's alone.
        let original = try String(contentsOfFile: Self.ucLogic.path, encoding: .utf8)
        let lines = original.components(separatedBy: "\n")
        try #require(lines.contains("A: 18 0 1023 0 0 0"))
        let pressureEvents = lines.filter { $0.hasPrefix("E: ") && $0.contains(" 0003 0018 ") }
        try #require(!pressureEvents.isEmpty)
        let recording = out.appendingPathComponent("pressure-never-sent.events")
        try lines.filter { !($0.hasPrefix("E: ") && $0.contains(" 0003 0018 ")) }.joined(separator: "\n")
            .write(to: recording, atomically: true, encoding: .utf8)
        let touches = lines.filter { $0.hasPrefix("E: ") && $0.contains(" 0001 014a 0001") }.count

        let replay = try styluskit(["replay", recording.path, "--test", "clock", "--out", out.path, "--json"])
        try #require(replay.status == 0, "\(replay.standardError)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [String: Any])
        #expect(summary["strokes"] as? Int == touches)
        let absent = try #require(summary["absentAxes"] as? [[String: Any]])
        #expect(absent.map { $0["axis"] as? String } == ["tilt", "pressure"])
        #expect(absent.map { $0["reason"] as? String } == ["no-axis", "never-sent"])
        let points = try Self.points(out.appendingPathComponent("pressure-never-sent.csk"))
        try #require(!points.isEmpty)
        for point in points {
            #expect(Self.attribute("absent", of: point) == "altitude azimuth pressure", "\(point)")
            #expect(Self.attribute("pressure", of: point) == "1000")
        }
        let text = try styluskit(["replay", recording.path, "--test", "clock", "--out", out.path, "--force"])
        #expect(
            text.standardOutput.contains(
                "absent: pressure (pressure) in \(points.count) of \(points.count) pen-contact frames: the device lists the axis "
                    + "but never sent a value"), "\(text.standardOutput)")
        let info = try styluskit(["info", recording.path])
        try #require(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("  absent     pressure (pressure) in "), "\(info.standardOutput)")

        // Its pressure measures are empty, never a constant 1000 with sd 0.
        let features = try styluskit([
            "features", recording.path, "--test", "clock", "--level", "stroke", "--format", "json",
        ])
        try #require(features.status == 0, "\(features.standardError)")
        let rows = features.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        try #require(!rows.isEmpty)
        for row in rows {
            #expect(row["pressure_mean"] is NSNull, "pressure_mean: \(String(describing: row["pressure_mean"]))")
            #expect(row["pressure_sd"] is NSNull, "pressure_sd: \(String(describing: row["pressure_sd"]))")
        }
        // `calibrate pressure` says the pen touched and no pressure came, not that it never touched.
        let calibrate = try styluskit(["calibrate", "pressure", "--recording", recording.path])
        #expect(calibrate.status == 65)
        #expect(
            calibrate.standardError.contains(
                "The pen touched the tablet in \(recording.path) (\(points.count) frames with the tip down), but the device never "
                    + "sent a pressure value, though it lists ABS_PRESSURE: there is no pressure range to report."),
            "\(calibrate.standardError)")
    }

    @Test("the eraser end's contact is counted and said by info, the summary and --events")
    func eraserContact() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = Self.cintiq22HDT
        let info = try styluskit(["info"] + recording.arguments + ["--json"])
        try #require(info.status == 0, "\(info.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        // 34 contacts in the recording, 5 of them the eraser's (RealRecordingFacts).
        #expect(report["eraserContacts"] as? Int == 5)
        let text = try styluskit(["info"] + recording.arguments)
        #expect(text.standardOutput.contains("  eraser     the eraser end touched 5 times ("), "\(text.standardOutput)")

        let replay = try styluskit(
            ["replay"] + recording.arguments + ["--test", "clock", "--out", out.path, "--events"])
        try #require(replay.status == 0, "\(replay.standardError)")
        let ignored = replay.standardOutput.split(separator: "\n").filter { $0.contains(#""action":"ignore-eraser""#) }
        #expect(ignored.count == 5, "\(replay.standardOutput.prefix(2000))")
        #expect(ignored.allSatisfy { $0.contains(#""reason":"eraser-not-ink""#) && $0.contains(#""input":"down""#) })
        // With --events the summary goes to standard error.
        #expect(replay.standardError.contains("left out: the eraser end touched 5 times ("), "\(replay.standardError)")
    }

    @Test("a recording cut mid-stroke: tilt is absent until both axes report, never 0° along the silent one")
    func cutMidStroke() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let whole = out.appendingPathComponent("clock.evemu")
        let synth = try styluskit([
            "synth", Paths.fixtures.appendingPathComponent("synth/clock.scenario").path, "--output", whole.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        let lines = try String(contentsOf: whole, encoding: .utf8).components(separatedBy: "\n")
        let header = lines.prefix { !$0.hasPrefix("E: ") }
        let events = Array(lines.dropFirst(header.count))
        // Frames (their lines up to SYN_REPORT) of the recording.
        var frames: [[String]] = []
        var frame: [String] = []
        for line in events where line.hasPrefix("E: ") {
            frame.append(line)
            if line.contains(" 0000 0000 ") {
                frames.append(frame)
                frame = []
            }
        }
        // Cut where the pen is down (pressure reported) and the next frame reports one tilt axis
        // but not the other: the cut recording starts knowing only that one.
        let tiltX = " 0003 001a "
        let tiltY = " 0003 001b "
        let pressure = " 0003 0018 "
        func has(_ frame: [String], _ code: String) -> Bool { frame.contains { $0.contains(code) } }
        let cut = try #require(
            frames.indices.dropFirst(frames.count / 3).first { index in
                index + 1 < frames.count && has(frames[index], pressure) && has(frames[index + 1], pressure)
                    && has(frames[index + 1], tiltX) != has(frames[index + 1], tiltY)
            }, "no frame of the synthesized clock reports one tilt axis without the other")
        let cutFile = out.appendingPathComponent("cut.evemu")
        try (Array(header) + frames[(cut + 1)...].flatMap { $0 } + [""]).joined(separator: "\n")
            .write(to: cutFile, atomically: true, encoding: .utf8)

        for file in [whole, cutFile] {
            let replay = try styluskit([
                "replay", file.path, "--test", "clock", "--step-split", "none", "--out", out.path,
            ])
            try #require(replay.status == 0, "\(replay.standardError)")
        }
        // The whole recording's tilt at each time, as the truth.
        var truth: [String: (String?, String?)] = [:]
        for point in try Self.points(out.appendingPathComponent("clock.csk")) {
            truth[Self.attribute("timestamp", of: point)!] = (
                Self.attribute("altitude", of: point), Self.attribute("azimuth", of: point)
            )
        }
        let cutPoints = try Self.points(out.appendingPathComponent("cut.csk"))
        var absent = 0
        for point in cutPoints {
            if Self.attribute("absent", of: point) == "altitude azimuth" {
                absent += 1
                continue
            }
            let time = Self.attribute("timestamp", of: point)!
            guard let measured = truth[time] else { continue }
            #expect(
                (Self.attribute("altitude", of: point), Self.attribute("azimuth", of: point)) == measured,
                "at \(time): the cut recording measures a tilt the whole one does not")
        }
        // The first points, before the silent axis reported, are absent, not upright along it.
        #expect(absent > 0)
        #expect(cutPoints.prefix(absent).allSatisfy { Self.attribute("absent", of: $0) == "altitude azimuth" })
    }
}
