import Foundation
import TestSupport
import Testing

/// `styluskit features` run as a user runs it, its values checked against an independent
/// computation: a Python script that reads the results files with xml.etree and computes a few
/// measures per level from docs/measures.md's definitions, sharing no code with ours.
@Suite("features: measures of results files")
struct FeaturesTests {
    /// The Python interpreter, if there is one on PATH.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Results files to measure: every real recording replayed as a clock test, a synthesized
    /// maze with a wall cross, a synthesized symbol-digit row, and the golden files.
    static func resultsFiles(in directory: URL) throws -> [String] {
        for recording in RealRecordingFacts.all {
            // --allow-empty: the Intuos4 stylus-move recording never touches; its file has steps and no strokes.
            let result = try styluskit(
                ["replay"] + recording.arguments + ["--test", "clock", "--out", directory.path, "--allow-empty"])
            try #require(result.status == 0, "replay \(recording.file): \(result.standardError)")
        }
        let wallCross = directory.appendingPathComponent("wall-cross.evemu").path
        var result = try styluskit(["synth", "Fixtures/synth/wall-cross-0.6s.scenario", "--output", wallCross])
        try #require(result.status == 0, "\(result.standardError)")
        result = try styluskit([
            "replay", wallCross, "--test", "maze", "--maze", "Fixtures/synth/detour.maze", "--out", directory.path,
        ])
        try #require(result.status == 0, "\(result.standardError)")
        let sdt = directory.appendingPathComponent("sdt.evemu").path
        result = try styluskit(["synth", "Fixtures/synth/sdt-in-order.scenario", "--output", sdt])
        try #require(result.status == 0, "\(result.standardError)")
        result = try styluskit(["replay", sdt, "--test", "sdt", "--out", directory.path])
        try #require(result.status == 0, "\(result.standardError)")
        let replayed = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".csk") || $0.hasSuffix(".msk") || $0.hasSuffix(".ssk") }.sorted()
            .map { directory.appendingPathComponent($0).path }
        let golden = ["clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk"].map {
            Paths.fixtures.appendingPathComponent("golden/\($0)").path
        }
        return replayed + golden
    }

    /// JSON Lines as dictionaries.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(
        "Per stroke, step and test, the values match an independent Python computation from the files",
        .enabled(if: python != nil, "python3 is not installed"))
    func matchesPython() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.resultsFiles(in: directory)
        let script = directory.appendingPathComponent("reference.py")
        try Data(Self.referenceScript.utf8).write(to: script)
        let reference = try run(try #require(Self.python), [script.path] + files)
        try #require(reference.status == 0, "\(reference.standardError)")
        let expected = try Self.objects(reference.standardOutput)

        var ours: [String: [[String: Any]]] = [:]
        for level in ["stroke", "step", "test"] {
            let result = try styluskit(["features", "--level", level, "--format", "json"] + files)
            try #require(result.status == 0, "\(result.standardError)")
            ours[level] = try Self.objects(result.standardOutput)
        }
        // The identity column of each level's rows.
        let keys = ["stroke": "stroke", "step": "step_number", "test": "test"]
        var compared = 0
        for row in expected {
            let level = try #require(row["level"] as? String)
            let file = try #require(row["file"] as? String)
            let keyColumn = try #require(keys[level])
            let key = "\(try #require(row["key"]))"
            let match = ours[level]?.first { ($0["file"] as? String) == file && "\($0[keyColumn] ?? "")" == key }
            let measured = try #require(match, "no \(level) row \(key) of \(file)")
            for (column, value) in row where !["level", "file", "key"].contains(column) {
                let want = try #require((value as? NSNumber)?.doubleValue)
                let got = try #require(
                    (measured[column] as? NSNumber)?.doubleValue, "\(file) \(level) \(key): \(column) is missing")
                // Six significant digits are printed: within 1e-5 relative (or 1e-9 of nothing).
                #expect(
                    abs(got - want) <= 1e-5 * abs(want) + 1e-9,
                    "\(file) \(level) \(key): \(column) \(got), Python \(want)")
                compared += 1
            }
        }
        // Real strokes by the hundred: the comparison has not silently matched nothing.
        #expect(compared > 500)
        let levels = Set(expected.compactMap { $0["level"] as? String })
        #expect(levels == ["stroke", "step", "test"])
        // The synthesized maze's wall cross and the symbol-digit row's five boxes (the samples aside) are seen.
        let maze = ours["test"]?.first { ($0["file"] as? String)?.hasSuffix("wall-cross.msk") == true }
        #expect((maze?["wall_crosses"] as? NSNumber)?.intValue == 1)
        let sdt = ours["step"]?.first {
            ($0["file"] as? String)?.hasSuffix("sdt.ssk") == true && ($0["step"] as? String) == "symbolDigitStep-test"
        }
        #expect((sdt?["boxes_attempted"] as? NSNumber)?.intValue == 5)
    }

    @Test("CSV has one header with units in the names, and the same rows as JSON Lines")
    func csvAndJSON() throws {
        let file = Paths.fixtures.appendingPathComponent("golden/maze-small.msk").path
        let csv = try styluskit(["features", file, file])
        let json = try styluskit(["features", "--format", "json", file, file])
        #expect(csv.status == 0 && json.status == 0)
        let lines = csv.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        #expect(header.prefix(5) == ["file", "test", "step", "step_number", "stroke"])
        for column in ["duration_s", "path_length_mm", "velocity_mean_mm_s", "normalised_jerk", "in_air_path"] {
            #expect(header.contains(column))
        }
        #expect(lines.filter { $0.hasPrefix("file,") }.count == 1)
        let objects = try Self.objects(json.standardOutput)
        #expect(objects.count == lines.count - 1)
        #expect(objects.count == 6)
        for (line, object) in zip(lines.dropFirst(), objects) {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for (column, cell) in zip(header, cells) {
                let value = object[column]
                if cell.isEmpty {
                    #expect(value is NSNull, "\(column)")
                } else if let number = value as? NSNumber, !(value is String) {
                    #expect(Double(cell) == number.doubleValue, "\(column): \(cell) against \(number)")
                } else {
                    #expect(value as? String == cell, "\(column)")
                }
            }
        }
    }

    @Test("docs/json/features.md lists exactly the keys of each level in order, with the types the JSON lines have")
    func jsonSchema() throws {
        let document = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent("docs/json/features.md"), encoding: .utf8)
        // The tables under each level's heading: "| `key` | type |".
        var documented: [String: [(key: String, type: String)]] = [:]
        var level: String?
        for line in document.split(separator: "\n") {
            if line.hasPrefix("## ") {
                level = ["stroke", "step", "test"].first { line.contains("`--level \($0)`") }
            } else if let level, line.hasPrefix("| `") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                documented[level, default: []].append((String(cells[0].dropFirst().dropLast()), cells[1]))
            }
        }
        let files = ["clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk"].map {
            Paths.fixtures.appendingPathComponent("golden/\($0)").path
        }
        for level in ["stroke", "step", "test"] {
            let keys = try #require(documented[level], "no table for \(level)")
            let csv = try styluskit(["features", "--quiet", "--level", level] + files)
            #expect(
                keys.map(\.key).joined(separator: ",")
                    == csv.standardOutput.split(separator: "\n").first.map(String.init))
            let json = try styluskit(["features", "--quiet", "--level", level, "--format", "json"] + files)
            for line in json.standardOutput.split(separator: "\n") {
                // Keys in the documented order, as written.
                let positions = keys.map { line.range(of: "\"\($0.key)\":")?.lowerBound }
                #expect(!positions.contains(nil) && positions.map { $0! } == positions.map { $0! }.sorted(), "\(level)")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                for (key, type) in keys {
                    let value = object[key]
                    if value is NSNull {
                        #expect(!type.contains("never null"), "\(level) \(key) is null")
                    } else if type.hasPrefix("string") {
                        #expect(value is String, "\(level) \(key)")
                    } else {
                        let text = try #require(line.range(of: "\"\(key)\":").map { line[$0.upperBound...] }).prefix {
                            $0 != "," && $0 != "}"
                        }
                        #expect(!text.contains("e") && !text.contains("E"), "\(level) \(key): \(text)")
                        if type.hasPrefix("integer") { #expect(Int(text) != nil, "\(level) \(key): \(text)") }
                        if type.hasPrefix("number") { #expect(Double(text) != nil, "\(level) \(key): \(text)") }
                    }
                }
            }
        }
    }

    @Test(
        "A recording without --test is refused with what to do; a bad file does not stop the others; the exit status says so"
    )
    func errors() throws {
        let recording = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path
        let good = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let missing = "/nonexistent/results.csk"
        let result = try styluskit(["features", "--level", "test", recording, good, missing])
        #expect(result.status == 1)
        #expect(result.standardError.contains("styluskit features: 2 of 3 inputs failed:"))
        #expect(
            result.standardError.contains(
                "  \(recording) is a recording; give --test clock|maze|sdt (and for a maze --maze FILE or --battery FILE, with any "
                    + "other option replay takes) to replay it in memory and measure it."))
        #expect(result.standardError.contains(missing))
        #expect(result.standardError.contains("styluskit features: 3 inputs, 1 done, 2 failed, "))
        // Standard error is a pipe here: no progress line.
        #expect(!result.standardError.contains("\u{1B}[K"))
        let rows = result.standardOutput.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix(good + ",clock,") == true)
        let quiet = try styluskit(["features", "--quiet", "--level", "test", good])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty)
        // A recording's warnings are said, with the input, and do not fail it (--allow-empty).
        let move = Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.stylus-move.events").path
        let description = Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.desc").path
        let empty = try styluskit([
            "features", "--quiet", "--test", "clock", "--allow-empty", "--desc", description, move,
        ])
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(
            empty.standardError
                == "styluskit features: \(move): warning: the pen never touched the tablet in the recording; the results file has no strokes\n"
        )
    }

    @Test(
        "Recordings replayed in memory with replay's options, a list on standard input, a directory: the same rows as their results files"
    )
    func recordings() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let wallCross = directory.appendingPathComponent("wall-cross.evemu").path
        var result = try styluskit(["synth", "Fixtures/synth/wall-cross-0.6s.scenario", "--output", wallCross])
        try #require(result.status == 0, "\(result.standardError)")
        let maze = ["--test", "maze", "--maze", "Fixtures/synth/detour.maze"]
        result = try styluskit(["replay", wallCross, "--out", directory.path] + maze)
        try #require(result.status == 0, "\(result.standardError)")
        let results = directory.appendingPathComponent("wall-cross.msk").path
        let fromRecording = try styluskit(["features", "--level", "step", "--format", "json", wallCross] + maze)
        #expect(fromRecording.status == 0, "\(fromRecording.standardError)")
        // Nothing is written beside the recording.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "wall-cross.evemu", "wall-cross.msk",
            ])
        let fromFile = try styluskit([
            "features", "--level", "step", "--format", "json", "--maze", "Fixtures/synth/detour.maze", results,
        ])
        let (recorded, filed) = (
            try Self.objects(fromRecording.standardOutput), try Self.objects(fromFile.standardOutput)
        )
        try #require(recorded.count == 1 && filed.count == 1)
        for (key, value) in filed[0] where !["file", "refused_strokes", "refused_path_length_mm"].contains(key) {
            #expect("\(value)" == "\(recorded[0][key] ?? "absent")", "\(key)")
        }
        #expect(recorded[0]["interruptions_wall_cross"] as? Int == 1)
        #expect(recorded[0]["refused_strokes"] as? Int == 0)
        #expect(filed[0]["refused_strokes"] is NSNull)
        // Held 0.6 s across a wall; the proctor stops recording the stroke at the 0.5 s wall-cross timeout.
        let across = try #require(recorded[0]["time_across_walls_s"] as? Double)
        #expect(across > 0.45 && across <= 0.5, "\(across)")
        #expect(recorded[0]["time_across_walls_s"] as? Double == filed[0]["time_across_walls_s"] as? Double)
        // A list on standard input and a directory give the same inputs in order.
        let listed = try run(
            Paths.styluskit, ["features", "--level", "step", "-", directory.path] + maze, in: Paths.packageRoot,
            input: results + "\n")
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix(results + ","))
        #expect(lines[2].hasPrefix(wallCross + ","))
        #expect(lines[3].hasPrefix(results + ","))
    }

    /// util-linux's `script`, which runs a command on a pseudo-terminal.
    static let script: URL? = ["/usr/bin/script", "/bin/script"].map(URL.init(fileURLWithPath:)).first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }

    @Test(
        "On a terminal a progress line is drawn and cleared before the summary; --quiet draws nothing",
        .enabled(if: script != nil, "script (util-linux) is not installed"))
    func progressOnATerminal() throws {
        let files = ["clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk"].map {
            Paths.fixtures.appendingPathComponent("golden/\($0)").path
        }
        // Standard error (and output, sent to /dev/null) on the pseudo-terminal `script` gives the command.
        let command =
            ([Paths.styluskit.path, "features", "--level", "test"] + files).joined(separator: " ") + " > /dev/null"
        let shown = try run(try #require(Self.script), ["-qec", command, "/dev/null"])
        #expect(shown.status == 0)
        #expect(shown.standardOutput.contains("\r\u{1B}[K3/3 done"), "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("\r\u{1B}[Kstyluskit features: 3 inputs, 3 done, 0 failed, "))
        let quiet = try run(
            try #require(Self.script),
            ["-qec", command.replacingOccurrences(of: " --level", with: " --quiet --level"), "/dev/null"])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty, "\(quiet.standardOutput)")
    }

    @Test("--filter lowpass changes only the derivatives and says so in derivative_filter; a wrong --filter is refused")
    func derivativeFilter() throws {
        let file = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let plain = try styluskit(["features", "--quiet", file])
        let filtered = try styluskit(["features", "--quiet", "--filter", "lowpass", file])
        try #require(plain.status == 0 && filtered.status == 0, "\(filtered.standardError)")
        // The golden file's path and values hold no comma: a plain split reads the table.
        func table(_ text: String) -> [[String]] {
            text.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
        }
        let (before, after) = (table(plain.standardOutput), table(filtered.standardOutput))
        try #require(before.count == after.count && before.count > 1)
        let header = before[0]
        let derived = [
            "velocity", "acceleration", "jerk", "normalised_jerk", "ncv", "nca", "stop", "in_air_velocity",
            "in_air_acceleration", "in_air_jerk",
        ]
        for (old, new) in zip(before.dropFirst(), after.dropFirst()) {
            for (column, (a, b)) in zip(header, zip(old, new)) where column != "derivative_filter" {
                let isDerivative = derived.contains { column.hasPrefix($0) }
                if !isDerivative { #expect(a == b, "\(column): \(a) became \(b)") }
            }
            #expect(old[header.firstIndex(of: "derivative_filter")!] == "none")
            #expect(new[header.firstIndex(of: "derivative_filter")!] == "lowpass-10hz")
        }
        #expect(
            before.dropFirst().map { $0[header.firstIndex(of: "velocity_mean_mm_s")!] }
                != after.dropFirst().map { $0[header.firstIndex(of: "velocity_mean_mm_s")!] })
        let wrong = try styluskit(["features", "--filter", "gauss", file])
        #expect(wrong.status == 64)
        #expect(
            wrong.standardError.contains(
                "--filter gauss is not a filter; give none, lowpass, or lowpass-HZ with a cut-off below 100 Hz (lowpass-8)."
            ),
            "\(wrong.standardError)")
    }

    @Test("--out writes one table, refuses to overwrite it without --force, and --jobs does not change it")
    func outAndJobs() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk", "clock-small.csk", "maze-small.msk",
        ].map {
            Paths.fixtures.appendingPathComponent("golden/\($0)").path
        }
        let out = directory.appendingPathComponent("tables").path
        var result = try styluskit(["features", "--level", "step", "--out", out, "--jobs", "1"] + files)
        #expect(result.status == 0)
        let table = directory.appendingPathComponent("tables/features-step.csv")
        let one = try String(contentsOf: table, encoding: .utf8)
        result = try styluskit(["features", "--level", "step", "--out", out] + files)
        #expect(result.status != 0)
        #expect(result.standardError.contains("--force"))
        result = try styluskit(["features", "--level", "step", "--out", out, "--force", "--jobs", "4"] + files)
        #expect(result.status == 0)
        #expect(try String(contentsOf: table, encoding: .utf8) == one)
        let printed = try styluskit(["features", "--level", "step", "--jobs", "3"] + files)
        #expect(printed.standardOutput == one)
        #expect(one.split(separator: "\n").count == 1 + 10)
    }

    /// The independent computation (plain Python 3, no packages).
    static let referenceScript = #"""
        # Reads ADF files with xml.etree and computes a few measures per docs/measures.md.
        # Prints JSON lines {"level", "file", "key", measure: value...}.
        import json, math, sys
        import xml.etree.ElementTree as ET

        def measures(path):
            root = ET.parse(path).getroot()
            ppi = 132.0
            density = root.find("DisplayData/PointsPerInch")
            if density is not None:
                ppi = float(density.get("value"))
            mm = 25.4 / ppi
            steps = root.findall("TaskData/Step")
            drawings = root.findall("PenData/drawing")
            epoch = float(steps[0].find("Start").get("timestamp"))
            sec = lambda ms: (float(ms) - epoch) / 1000.0
            test = {"clock": "clock", "maze": "maze", "symboldigit": "sdt"}[root.tag.replace("SketchXMLFile", "").lower()]
            out, step_rows = [], []
            for n, (step, drawing) in enumerate(zip(steps, drawings), start=1):
                start = sec(step.find("Start").get("timestamp"))
                end = sec(step.find("End").get("timestamp"))
                strokes = []
                for stroke in drawing.iter("stroke"):
                    # A value the point's absent attribute names is no value (docs/adf-absent-axes.md).
                    def value(p, name):
                        return None if name in p.get("absent", "").split() else float(p.get(name, "0"))
                    pts = [(sec(p.get("timestamp")), float(p.get("x")) * mm, float(p.get("y")) * mm,
                            value(p, "pressure"), value(p, "azimuth")) for p in stroke.iter("point")]
                    strokes.append((int(stroke.get("index")), pts))
                prev = None
                lengths = []
                for index, pts in strokes:
                    row = {"level": "stroke", "key": index, "points": len(pts)}
                    t = [p[0] for p in pts]
                    row["duration_s"] = t[-1] - t[0]
                    row["path_length_mm"] = sum(math.dist(pts[i][1:3], pts[i + 1][1:3]) for i in range(len(pts) - 1))
                    lengths.append(row["path_length_mm"])
                    row["straight_length_mm"] = math.dist(pts[0][1:3], pts[-1][1:3])
                    pressures = [p[3] for p in pts if p[3] is not None]
                    if pressures:
                        row["pressure_mean"] = sum(pressures) / len(pressures)
                    azimuths = [p[4] for p in pts if p[4] is not None]
                    c = sum(math.cos(a) for a in azimuths) / max(len(azimuths), 1)
                    s = sum(math.sin(a) for a in azimuths) / max(len(azimuths), 1)
                    if azimuths and math.hypot(c, s) > 1e-9:
                        row["azimuth_mean_rad"] = math.atan2(s, c) % (2 * math.pi)
                    # Samples sharing a time become one at their mean position.
                    groups = []
                    for p in pts:
                        if groups and p[0] <= groups[-1][0]:
                            groups[-1][1].append(p[1:3])
                        else:
                            groups.append((p[0], [p[1:3]]))
                    times = [g[0] for g in groups]
                    xy = [(sum(q[0] for q in g[1]) / len(g[1]), sum(q[1] for q in g[1]) / len(g[1])) for g in groups]
                    def diff(values, ts):
                        return ([((values[i + 1][0] - values[i][0]) / (ts[i + 1] - ts[i]),
                                  (values[i + 1][1] - values[i][1]) / (ts[i + 1] - ts[i])) for i in range(len(values) - 1)],
                                [(ts[i] + ts[i + 1]) / 2 for i in range(len(values) - 1)])
                    v, tv = diff(xy, times)
                    a, ta = diff(v, tv)
                    j, tj = diff(a, ta)
                    speed = [math.hypot(*q) for q in v]
                    if speed:
                        row["velocity_mean_mm_s"] = sum(speed) / len(speed)
                        row["velocity_max_mm_s"] = max(speed)
                    if a:
                        row["acceleration_mean_mm_s2"] = sum(math.hypot(*q) for q in a) / len(a)
                    if j and row["path_length_mm"] > 0 and row["duration_s"] > 0:
                        cells = [times[0]] + [(tj[i] + tj[i + 1]) / 2 for i in range(len(tj) - 1)] + [times[-1]]
                        integral = sum((j[i][0] ** 2 + j[i][1] ** 2) * (cells[i + 1] - cells[i]) for i in range(len(j)))
                        row["normalised_jerk"] = integral * row["duration_s"] ** 5 / row["path_length_mm"] ** 2
                    if prev is not None:
                        row["in_air_time_s"] = t[0] - prev[-1][0]
                        row["in_air_length_mm"] = math.dist(prev[-1][1:3], pts[0][1:3])
                    prev = pts
                    out.append(row)
                gaps = [strokes[i + 1][1][0][0] - strokes[i][1][-1][0] for i in range(len(strokes) - 1)]
                kinds = [p.get("type") for p in step.iter("Pause")]
                row = {"level": "step", "key": n, "total_time_s": end - start, "strokes": len(strokes),
                       "on_surface_time_s": sum(p[-1][0] - p[0][0] for _, p in strokes), "in_air_time_s": sum(gaps),
                       "pauses_over_0_5_s": sum(g > 0.5 for g in gaps), "pauses_over_2_s": sum(g > 2 for g in gaps),
                       "interruptions": len(kinds), "interruptions_wall_cross": kinds.count("wall-cross"),
                       "path_length_mm": sum(lengths)}
                if strokes:
                    row["time_to_first_stroke_s"] = strokes[0][1][0][0] - start
                step_rows.append((step.get("identifier"), row))
                out.append(row)
            row = {"level": "test", "key": test, "total_time_s": sum(r["total_time_s"] for _, r in step_rows),
                   "strokes": sum(r["strokes"] for _, r in step_rows)}
            named = dict(step_rows)
            if test == "clock" and "clockStep-copy" in named and "clockStep-command" in named:
                command, copy = named["clockStep-command"], named["clockStep-copy"]
                if command["total_time_s"] > 0:
                    row["copy_command_total_time_ratio"] = copy["total_time_s"] / command["total_time_s"]
                if command["strokes"] > 0:
                    row["copy_command_strokes_ratio"] = copy["strokes"] / command["strokes"]
            if test == "maze":
                row["wall_crosses"] = sum(r["interruptions_wall_cross"] for _, r in step_rows)
            out.append(row)
            return out

        for path in sys.argv[1:]:
            for row in measures(path):
                row["file"] = path
                print(json.dumps(row))
        """#
}
