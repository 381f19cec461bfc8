import FormPrinting
import Foundation
import TestSupport
import Testing
import Visits

/// `styluskit report`: a visit folder made from replayed recordings (a real clock recording, a
/// synthesized maze with a wall cross, a synthesized symbol-digit session recovered as incomplete,
/// a skipped test), its PDF rasterised by poppler and read back by pdftotext.
@Suite("styluskit report")
struct ReportTests {
    static let password = "correct horse battery\n"
    static let patientName = "Quintero"

    /// A visit folder written as `styluskit visit` writes it (docs/visit.md), its tests replayed.
    struct Visit {
        let directory: URL
        let folder: VisitFolder
        let keyFile: String
        /// The results file of each test done, by position.
        var results: [Int: String] = [:]

        init() throws {
            directory = try Paths.temporaryDirectory()
            let scratch = directory.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            keyFile = scratch.appendingPathComponent("clinician.key").path
            let made = try run(
                Paths.styluskit, ["keys", "init", "--key-file", keyFile], in: Paths.packageRoot,
                input: password + password)
            try #require(made.status == 0, "\(made.standardError)")
            let details = scratch.appendingPathComponent("details.txt")
            try Data(#""\#(patientName)","Evangelina","MR-55821","1941-07-30","Site North","T-9"\#n"#.utf8).write(
                to: details)

            // The protocol: clock, a one-maze maze test, symbol-digit, and a second clock skipped.
            let detour = Paths.fixtures.appendingPathComponent("synth/detour.maze").path
            let protocolFile = scratch.appendingPathComponent("report-test.yaml")
            let yaml = """
                schema: 1
                name: report-test
                title: Report test visit
                tests:
                  - test: clock
                  - test: maze
                    maze: \(detour)
                  - test: sdt
                  - test: clock
                """
            try yaml.write(to: protocolFile, atomically: true, encoding: .utf8)
            let visitProtocol = try VisitProtocol(yaml: yaml, source: protocolFile.path)
            let started = Date(timeIntervalSince1970: 1_795_000_000)
            folder = try VisitFolder.create(
                root: directory.appendingPathComponent("visits").path, participant: "P-0042", started: started)
            let sha = try folder.copyProtocol(bytes: Data(yaml.utf8))
            var manifest = VisitManifest.begin(
                participant: "P-0042", protocol: visitProtocol,
                facts: .init(
                    name: "report-test", title: "Report test visit", schema: 1, file: "protocol.yaml",
                    source: protocolFile.path,
                    sha256: sha),
                software: .init(version: "0.0-test"), calibration: .init(), at: started)
            manifest.device = .init(
                node: "feed:dell_canvas_pen.evemu", name: "Dell Canvas Pen", vendor: "0x2575", product: "0x0204",
                model: "Dell Canvas 27",
                penDisplay: true)

            // 1: the clock, a real recording, with the patient's details sealed in.
            let clock = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path
            try replay(
                clock, test: ["--test", "clock", "--patient", details.path, "--key-file", keyFile], name: "clock",
                position: 0,
                manifest: &manifest, at: started)
            // 2: the maze, synthesized with a wall cross.
            let mazeRecording = scratch.appendingPathComponent("maze.evemu").path
            try synth("wall-cross-0.6s", to: mazeRecording)
            // Replay knows no instructions; a session in the window writes their reading time on the
            // step's Start, as here: shown at the start, touched 4.2 s later.
            try replay(
                mazeRecording, test: ["--test", "maze", "--maze", detour], name: "maze", position: 1,
                manifest: &manifest,
                at: started.addingTimeInterval(300),
                edit: { xml in
                    let start = try #require(xml.firstRange(of: /<Start timestamp="(\d+)"\/>/))
                    let time = try #require(
                        Int(xml[start].dropFirst(#"<Start timestamp=""#.count).prefix { $0.isNumber }))
                    xml.replaceSubrange(
                        start,
                        with:
                            #"<Start timestamp="\#(time)" instructionsShown="\#(time)" instructionsSpoken="\#(time + 1500)" firstTouch="\#(time + 4200)"/>"#
                    )
                })
            // 3: symbol-digit, recovered from a killed session: incomplete.
            let sdtRecording = scratch.appendingPathComponent("sdt.evemu").path
            try synth("sdt-in-order", to: sdtRecording)
            try replay(
                sdtRecording, test: ["--test", "sdt"], name: "sdt", position: 2, manifest: &manifest,
                at: started.addingTimeInterval(600),
                incomplete: true)
            // 4: skipped by the operator.
            manifest.skip(3, at: started.addingTimeInterval(900), reason: "participant tired")
            try folder.write(manifest)
        }

        func synth(_ scenario: String, to path: String) throws {
            let made = try styluskit([
                "synth", Paths.fixtures.appendingPathComponent("synth/\(scenario).scenario").path, "--output", path,
            ])
            try #require(made.status == 0, "\(made.standardError)")
        }

        /// Replays `recording` into the folder as the test at `position`, and records it in `manifest`.
        mutating func replay(
            _ recording: String, test: [String], name: String, position: Int, manifest: inout VisitManifest, at: Date,
            incomplete: Bool = false, edit: ((inout String) throws -> Void)? = nil
        ) throws {
            let output = directory.appendingPathComponent("replay-\(position)")
            let replayed = try run(
                Paths.styluskit, ["replay", recording, "--out", output.path] + test, in: Paths.packageRoot,
                input: password)
            try #require(replayed.status == 0, "\(replayed.standardError)")
            // The file keeps the name replay gave it: sealed patient details are bound to it.
            let results = try #require(try FileManager.default.contentsOfDirectory(atPath: output.path).first)
            try FileManager.default.moveItem(
                atPath: output.appendingPathComponent(results).path, toPath: folder.file(results))
            if let edit {
                var xml = try String(contentsOfFile: folder.file(results), encoding: .utf8)
                try edit(&xml)
                try xml.write(toFile: folder.file(results), atomically: true, encoding: .utf8)
            }
            manifest.start(position, at: at, journal: "\(name)-\(position + 1).evemu", results: results)
            manifest.finish(
                position, at: at.addingTimeInterval(120), outcome: "finished",
                checksums: .init(journal: nil, results: try VisitFolder.sha256(file: folder.file(results))),
                incomplete: incomplete)
            self.results[position] = folder.file(results)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// A visit folder under `directory` of two tests: a clock done (a copy of `results`) and a maze skipped; returns
    /// its path.
    static func smallVisit(results: String, in directory: URL) throws -> String {
        let yaml = "schema: 1\nname: small\ntests:\n  - test: clock\n  - test: maze\n    maze: no-choice.maze\n"
        let source = Paths.fixtures.appendingPathComponent("mazes/small.yaml").path
        let visitProtocol = try VisitProtocol(yaml: yaml, source: source)
        let started = Date(timeIntervalSince1970: 1_795_000_000)
        let folder = try VisitFolder.create(
            root: directory.appendingPathComponent("visits").path, participant: "P-7", started: started)
        let sha = try folder.copyProtocol(bytes: Data(yaml.utf8))
        var manifest = VisitManifest.begin(
            participant: "P-7", protocol: visitProtocol,
            facts: .init(name: "small", title: "small", schema: 1, file: "protocol.yaml", source: source, sha256: sha),
            software: .init(version: "0.0-test"), calibration: .init(), at: started)
        try FileManager.default.copyItem(atPath: results, toPath: folder.file("clock-1.csk"))
        manifest.start(0, at: started, journal: "clock-1.evemu", results: "clock-1.csk")
        manifest.finish(
            0, at: started, outcome: "finished",
            checksums: .init(journal: nil, results: try VisitFolder.sha256(file: folder.file("clock-1.csk"))))
        manifest.skip(1, at: started, reason: "no time")
        try folder.write(manifest)
        return folder.path
    }

    /// A page of the PDF rasterised by poppler (pdftoppm), independent of cairo, at `dpi`.
    static func raster(_ pdf: String, page: Int, dpi: Int) throws -> RasterImage {
        let stem = pdf + "-page\(page)"
        let made = try run(
            URL(fileURLWithPath: "/usr/bin/pdftoppm"),
            ["-png", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf, stem])
        try #require(made.status == 0, "pdftoppm: \(made.standardError)")
        return try RasterImage(readingPNG: stem + ".png")
    }

    /// The text of the PDF by poppler's pdftotext, pages in order.
    static func text(_ pdf: String) throws -> String {
        let read = try run(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", pdf, "-"])
        try #require(read.status == 0, "pdftotext: \(read.standardError)")
        return read.standardOutput
    }

    /// Pixels of `box` (cm on the page) in `image` at `dpi` that pass `test`.
    static func count(
        in image: RasterImage, box: [String: Double], dpi: Double, where test: (RasterImage.Pixel) -> Bool
    ) -> Int {
        let perCentimetre = dpi / 2.54
        let x0 = Int((box["x"]! * perCentimetre).rounded(.down))
        let y0 = Int((box["y"]! * perCentimetre).rounded(.down))
        let x1 = min(image.width - 1, Int(((box["x"]! + box["width"]!) * perCentimetre).rounded(.up)))
        let y1 = min(image.height - 1, Int(((box["y"]! + box["height"]!) * perCentimetre).rounded(.up)))
        var found = 0
        for y in y0...y1 {
            for x in x0...x1 where test(image.pixel(x: x, y: y)) { found += 1 }
        }
        return found
    }

    /// Ink: a saturated colour (the time colouring runs blue to red); the forms and text are black or grey.
    static func isInk(_ p: RasterImage.Pixel) -> Bool {
        max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 90
    }

    static func isDark(_ p: RasterImage.Pixel) -> Bool { p.brightness < 160 }

    /// The report's --json object.
    static func json(_ output: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test("Each test's picture box has ink, its measures box text, the skipped test's block none; A4 at print size")
    func layout() throws {
        let visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let made = try styluskit(["report", visit.folder.path, "--out", pdf, "--json"])
        try #require(made.status == 0, "\(made.standardError)")
        let report = try Self.json(made.standardOutput)
        #expect(report["paper"] as? String == "a4" && report["patientShown"] as? Bool == false)
        let tests = try #require(report["tests"] as? [[String: Any]])
        try #require(tests.count == 4)
        // Page 1 holds the visit; the pages after it the symbol-digit steps at a scale where their digits can be read.
        #expect(tests.allSatisfy { $0["page"] as? Int == 1 })
        let legiblePages = try #require(tests[2]["steps"] as? [[String: Any]]).compactMap { $0["page"] as? Int }.filter
        { $0 > 1 }
        #expect(!legiblePages.isEmpty && report["pages"] as? Int == legiblePages.max())
        #expect(tests.map { $0["status"] as? String } == ["done", "done", "incomplete", "skipped"])

        // The page is A4 portrait: 595.28 x 841.89 points.
        let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
        #expect(info.standardOutput.contains("595.276 x 841.89 pts"), "\(info.standardOutput)")

        let dpi = 100.0
        let page = try Self.raster(pdf, page: 1, dpi: Int(dpi))
        #expect(abs(Double(page.width) - 21 / 2.54 * dpi) <= 1 && abs(Double(page.height) - 29.7 / 2.54 * dpi) <= 1)
        for test in tests.prefix(3) {
            let picture = try #require(test["picture"] as? [String: Double], "\(test)")
            let measures = try #require(test["measures"] as? [String: Double], "\(test)")
            #expect(
                Self.count(in: page, box: picture, dpi: dpi, where: Self.isInk) > 20,
                "test \(test["index"]!) has no ink in its picture box"
            )
            #expect(
                Self.count(in: page, box: measures, dpi: dpi, where: Self.isDark) > 200,
                "test \(test["index"]!)'s measures are empty")
            // Nothing of the picture spills into the measures: no ink there.
            #expect(Self.count(in: page, box: measures, dpi: dpi, where: Self.isInk) == 0)
        }
        let skipped = tests[3]
        #expect(skipped["picture"] is NSNull && skipped["measures"] is NSNull)
        let block = try #require(skipped["block"] as? [String: Double])
        #expect(Self.count(in: page, box: block, dpi: dpi, where: Self.isInk) == 0, "the skipped test's block has ink")
        #expect(
            Self.count(in: page, box: block, dpi: dpi, where: Self.isDark) > 50,
            "the skipped test's status line is missing")
        // Below the last block the page is blank but for the footer line.
        let below = [
            "x": 1.5, "y": block["y"]! + block["height"]!, "width": 18.0,
            "height": 29.7 - 1.5 - 0.3 - block["y"]! - block["height"]!,
        ]
        #expect(Self.count(in: page, box: below, dpi: dpi, where: Self.isDark) == 0)
    }

    @Test("A visit longer than a page goes on: the blocks that do not fit on page 1 are on page 2, with their ink")
    func pages() throws {
        let visit = try Visit()
        defer { visit.remove() }
        // Three more tests, the same three results files again (a protocol that repeats the battery).
        var manifest = try visit.folder.readManifest()
        for position in 0..<3 {
            var again = manifest.tests[position]
            again.index = manifest.tests.count + 1
            manifest.tests.append(again)
        }
        // And one the operator aborted before its results file was written.
        var aborted = VisitManifest.Test(index: manifest.tests.count + 1, test: "sdt")
        aborted.status = .aborted
        aborted.journal = "sdt-8.evemu"
        manifest.tests.append(aborted)
        try visit.folder.write(manifest)
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let made = try styluskit(["report", visit.folder.path, "--out", pdf, "--json"])
        try #require(made.status == 0, "\(made.standardError)")
        let report = try Self.json(made.standardOutput)
        let tests = try #require(report["tests"] as? [[String: Any]])
        // Two pages of blocks, then the pages of legible steps of each of the two symbol-digit tests.
        let stepPages = tests.flatMap { ($0["steps"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int } }
        let total = try #require(report["pages"] as? Int)
        #expect(total > 2 && total == stepPages.max())
        let pages = tests.map { $0["page"] as? Int ?? 0 }
        #expect(pages.first == 1 && pages.last == 2 && pages == pages.sorted(), "\(pages)")
        let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
        #expect(info.standardOutput.contains("Pages:           \(total)"), "\(info.standardOutput)")
        let dpi = 100.0
        let second = try Self.raster(pdf, page: 2, dpi: Int(dpi))
        for test in tests where test["page"] as? Int == 2 && test["status"] as? String != "aborted" {
            let picture = try #require(test["picture"] as? [String: Double])
            #expect(
                Self.count(in: second, box: picture, dpi: dpi, where: Self.isInk) > 20,
                "test \(test["index"]!) on page 2 has no ink")
        }
        let text = try Self.text(pdf)
        #expect(text.contains("Visit report, participant P-0042 (continued)") && text.contains("Page 2 of \(total)"))
        #expect(text.contains("8. Symbol digit: ABORTED: the operator aborted the visit during this test"))
        #expect(tests.last?["picture"] is NSNull)
    }

    @Test("The maze's picture is at its stated scale: the detour maze, 3 cells of 1.5 cm, spans 4.5 cm / n on paper")
    func scale() throws {
        let visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let made = try styluskit(["report", visit.folder.path, "--out", pdf, "--json"])
        try #require(made.status == 0, "\(made.standardError)")
        let tests = try #require(try Self.json(made.standardOutput)["tests"] as? [[String: Any]])
        let maze = tests[1]
        let scale = try #require(maze["scale"] as? Double)
        let picture = try #require(maze["picture"] as? [String: Double])
        // The maze's width from its file, read here: columns of the wall diagram and the cell size.
        let text = try String(
            contentsOfFile: Paths.fixtures.appendingPathComponent("synth/detour.maze").path, encoding: .utf8)
        let wallLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("+") })
        let columns = wallLine.filter { $0 == "+" }.count - 1
        let cellLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("cell-size:") })
        let cell = try #require(Double(cellLine.split(separator: " ")[1]))
        // Outer edge to outer edge: the cells, and half a 0.8 mm wall at each side, all at 1:n.
        let expected = (Double(columns) * cell + 0.08) / scale
        let dpi = 200.0
        let page = try Self.raster(pdf, page: 1, dpi: Int(dpi))
        let perCentimetre = dpi / 2.54
        // The walls are the only black (ink, arrows, rings and the window's outline are coloured or grey);
        // the span from the first to the last black pixel most rows share is the maze's width.
        var spans: [Int: Int] = [:]
        let (x0, x1) = (Int(picture["x"]! * perCentimetre), Int((picture["x"]! + picture["width"]!) * perCentimetre))
        for y in Int(picture["y"]! * perCentimetre)..<Int((picture["y"]! + picture["height"]!) * perCentimetre) {
            let black = (x0...x1).filter { x in
                let p = page.pixel(x: x, y: y)
                return max(p.red, p.green, p.blue) < 110
            }
            guard let first = black.first, let last = black.last, last - first > 20 else { continue }
            spans[last - first + 1, default: 0] += 1
        }
        let common = try #require(spans.max { $0.value < $1.value }?.key)
        let measured = Double(common) / perCentimetre
        #expect(
            abs(measured - expected) < 0.05, "maze spans \(measured) cm on paper, expected \(expected) cm at 1:\(scale)"
        )
    }

    @Test(
        "The text: participant id, no patient name without the key, the measures equal to features', statuses and interruptions"
    )
    func text() throws {
        let visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let ranges = visit.directory.appendingPathComponent("ranges.csv").path
        try
            "# test norms\ntest,measure,low,high,label\nclock,total_time_s,,0.5,tiny\n*,strokes,0,100000\nmaze,maze_centre_line_distance_mean_mm,0,3\n"
            .write(
                toFile: ranges, atomically: true, encoding: .utf8)
        let made = try styluskit(["report", visit.folder.path, "--out", pdf, "--ranges", ranges, "--json"])
        try #require(made.status == 0, "\(made.standardError)")
        let report = try Self.json(made.standardOutput)
        let tests = try #require(report["tests"] as? [[String: Any]])
        #expect(tests[0]["outOfRange"] as? [String] == ["total_time_s"])
        let text = try Self.text(pdf)
        #expect(text.contains("Participant: P-0042"))
        #expect(!text.contains(Self.patientName) && !text.contains("1941-07-30"))
        #expect(text.contains("Patient details are not shown"))
        #expect(text.contains("SKIPPED: participant tired") && text.contains("INCOMPLETE"))
        #expect(text.contains("ABOVE RANGE") && text.contains("within range"))
        // A measure not shown by default joins the maze's under its column name, with its range.
        #expect(text.contains("maze centre line distance mean") && text.contains("(0–3)"))
        #expect(text.contains("wall-cross (the pen crossed a wall)"))
        #expect(text.contains("Instructions read in: step 1 4.2 s"))
        #expect(text.contains("Dell Canvas 27") && text.contains("0.0-test"))

        // Each shown duration and stroke count is the value `features` prints for the results file.
        for position in 0..<3 {
            let file = try #require(visit.results[position])
            let features = try styluskit(["features", file, "--level", "test", "--format", "json"])
            try #require(features.status == 0, "\(features.standardError)")
            let row = try Self.json(String(features.standardOutput.split(separator: "\n")[0]))
            let duration = try #require(row["total_time_s"] as? Double)
            let strokes = try #require(row["strokes"] as? Int)
            let line = try #require(
                text.split(separator: "\n").filter { $0.contains("Time drawing") }.dropFirst(position).first,
                "no Time drawing line \(position + 1)")
            #expect(line.contains(String(format: "%.2f s", duration)), "\(line) against features' \(duration)")
            let strokeLine = try #require(
                text.split(separator: "\n").filter { $0.contains("Strokes") }.dropFirst(position).first)
            #expect(strokeLine.contains(" \(strokes) "), "\(strokeLine) against features' \(strokes)")
        }
    }

    /// The report's text, whitespace runs (a wrapped line's break, pdftotext's layout) made one space.
    static func flatText(_ pdf: String) throws -> String {
        try text(pdf).split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test(
        "Each picture is labelled with its step; symbol-digit steps are drawn again at 1:2 or larger, with their ink, after page 1"
    )
    func stepLabelsAndLegibleSymbolDigit() throws {
        let visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let made = try styluskit(["report", visit.folder.path, "--out", pdf, "--json"])
        try #require(made.status == 0, "\(made.standardError)")
        let tests = try #require(try Self.json(made.standardOutput)["tests"] as? [[String: Any]])
        let text = try Self.flatText(pdf)
        for label in ["Step 1: command", "Step 2: copy", "Step 1: detour"] {
            #expect(text.contains(label), "no label '\(label)' in the report")
        }
        let sdt = try #require(tests[2]["steps"] as? [[String: Any]], "no step pictures in \(tests[2])")
        let blockScale = try #require(tests[2]["scale"] as? Double)
        let onPage1 = sdt.filter { $0["page"] as? Int == 1 }
        let legible = sdt.filter { ($0["page"] as? Int ?? 0) > 1 }
        #expect(
            !onPage1.isEmpty && onPage1.count == legible.count, "each symbol-digit step on page 1 and again after it")
        #expect(blockScale > 2, "the block's pictures are small (1:\(blockScale)): the legible ones are the point")
        let dpi = 100.0
        for picture in legible {
            let scale = try #require(picture["scale"] as? Double)
            #expect([1, 1.25, 1.5, 2].contains(scale), "a symbol-digit step at 1:\(scale)")
            let page = try #require(picture["page"] as? Int)
            let raster = try Self.raster(pdf, page: page, dpi: Int(dpi))
            let label = try #require(picture["label"] as? String)
            #expect(text.contains(label) && label.hasPrefix("Step \(picture["number"] as? Int ?? 0): "))
            let box = try #require(picture["box"] as? [String: Double])
            // The window onto the form, drawn at its scale: its width on paper is the form's window over n.
            let window = try #require(tests[2]["window"] as? [String: Double])
            #expect(
                abs(box["width"]! - window["width"]! / scale) < 0.02,
                "\(box) against the window \(window) at 1:\(scale)")
            // The form's black lines and digits are there at that scale (and the ink where the step has some).
            #expect(
                Self.count(in: raster, box: box, dpi: dpi, where: Self.isDark) > 500,
                "\(label) has no form on page \(page)")
        }
        #expect(text.contains("each step at 1:"))
        // The first part's answers are ink, legible at that scale.
        let first = try #require(legible.first)
        let firstBox = try #require(first["box"] as? [String: Double])
        let firstPage = try Self.raster(pdf, page: try #require(first["page"] as? Int), dpi: Int(dpi))
        #expect(
            Self.count(in: firstPage, box: firstBox, dpi: dpi, where: Self.isInk) > 20,
            "the test part's answers have no ink")
        // Every step's label is printed once for the block and once for the legible page.
        let steps = try #require(tests[2]["steps"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        #expect(steps.count == 2 * onPage1.count)
    }

    @Test("Times are the site's local time with the zone: TZ=America/New_York gives UTC-05:00, TZ=UTC gives UTC")
    func localTimes() throws {
        let visit = try Visit()
        defer { visit.remove() }
        // The visit began at 1 795 000 000 s: 2026-11-18 11:06:40 UTC, 06:06:40 in New York (EST).
        for (zone, began) in [
            ("America/New_York", "began 2026-11-18 06:06:40 UTC-05:00 (America/New_York)"),
            ("Asia/Kolkata", "began 2026-11-18 16:36:40 UTC+05:30 (Asia/Kolkata)"),
            ("UTC", "began 2026-11-18 11:06:40 UTC"),
        ] {
            let pdf = visit.directory.appendingPathComponent(
                "report-\(zone.replacingOccurrences(of: "/", with: "-")).pdf"
            ).path
            let made = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["TZ=\(zone)", Paths.styluskit.path, "report", visit.folder.path, "--out", pdf],
                in: Paths.packageRoot)
            try #require(made.status == 0, "\(made.standardError)")
            let text = try Self.flatText(pdf)
            #expect(text.contains(began), "TZ=\(zone): no '\(began)' in \(text.prefix(600))")
            #expect(!text.contains("2026-11-18T11:06:40Z"), "the manifest's UTC time printed as it is stored")
        }
    }

    @Test(
        "Durations named for what they are: wall time, paused time and time drawing, equal to features' and adf show's")
    func namedDurations() throws {
        let visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let made = try styluskit(["report", visit.folder.path, "--out", pdf])
        try #require(made.status == 0, "\(made.standardError)")
        let lines = try Self.text(pdf).split(separator: "\n")
        #expect(!lines.contains { $0.contains("Duration") }, "the report still says Duration")
        for position in 0..<3 {
            let file = try #require(visit.results[position])
            let features = try styluskit(["features", file, "--level", "test", "--format", "json"])
            try #require(features.status == 0, "\(features.standardError)")
            let row = try Self.json(String(features.standardOutput.split(separator: "\n")[0]))
            let wall = try #require(row["wall_time_s"] as? Double, "features has no wall_time_s")
            let paused = try #require(row["paused_time_s"] as? Double, "features has no paused_time_s")
            let drawing = try #require(row["total_time_s"] as? Double)
            #expect(abs(wall - paused - drawing) < 0.002)
            for (label, value) in [("Wall time", wall), ("Paused time", paused), ("Time drawing", drawing)] {
                let line = try #require(
                    lines.filter { $0.contains(label) }.dropFirst(position).first, "no \(label) line \(position + 1)")
                #expect(line.contains(String(format: "%.2f s", value)), "\(line) against features' \(value)")
            }
            // adf show names the same wall time.
            let shown = try styluskit(["adf", "show", file])
            try #require(shown.status == 0, "\(shown.standardError)")
            #expect(
                shown.standardOutput.contains(
                    String(
                        format: "wall time: %.3f s, paused time: %.3f s, time drawing: %.3f s", wall, paused, drawing)),
                "\(shown.standardOutput.prefix(300)) against features' \(wall), \(paused), \(drawing)")
        }
    }

    @Test("With the clinician key unlocked the patient's name shows; Letter paper; the errors")
    func keyPaperAndErrors() throws {
        var visit = try Visit()
        defer { visit.remove() }
        let pdf = visit.directory.appendingPathComponent("report.pdf").path
        let unlocked = try run(
            Paths.styluskit,
            [
                "report", visit.folder.path, "--out", pdf, "--clinician-key", visit.keyFile, "--paper", "letter",
                "--json",
            ],
            in: Paths.packageRoot, input: Self.password)
        try #require(unlocked.status == 0, "\(unlocked.standardError)")
        let report = try Self.json(unlocked.standardOutput)
        #expect(
            report["patientShown"] as? Bool == true && report["paper"] as? String == "letter"
                && (report["pages"] as? Int ?? 0) > 1)
        let text = try Self.text(pdf)
        #expect(text.contains("Patient: \(Self.patientName), Evangelina") && text.contains("born 1941-07-30"))
        let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
        #expect(info.standardOutput.contains("612 x 792 pts"), "\(info.standardOutput)")

        // An existing --out is kept without --force.
        let again = try styluskit(["report", visit.folder.path, "--out", pdf])
        #expect(again.status == 73)
        #expect(again.standardError.contains("\(pdf) already exists; pass --force to replace it"))
        #expect(try styluskit(["report", visit.folder.path, "--out", pdf, "--force"]).status == 0)

        // A folder that is not a visit.
        let other = visit.directory.appendingPathComponent("other.pdf").path
        let notVisit = try styluskit(["report", visit.directory.path, "--out", other])
        #expect(notVisit.status == 66)
        #expect(notVisit.standardError.contains("is not a visit folder (it has no visit.json)"))

        // A ranges file that cannot be read, and one with a bad line.
        let missingRanges = try styluskit([
            "report", visit.folder.path, "--out", other, "--ranges", "/nowhere/ranges.csv",
        ])
        #expect(missingRanges.status == 66)
        #expect(missingRanges.standardError.contains("Cannot read the ranges file /nowhere/ranges.csv"))
        let bad = visit.directory.appendingPathComponent("bad.csv").path
        try "clock,total_time_s,ten,20\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let badRanges = try styluskit(["report", visit.folder.path, "--out", other, "--ranges", bad])
        #expect(badRanges.status == 65)
        #expect(badRanges.standardError.contains("\(bad) line 1: its low end is not a number"))

        // A results file that is not one: the message names the test and the file.
        let sdt = try #require(visit.results[2])
        try "not a results file\n".write(toFile: sdt, atomically: true, encoding: .utf8)
        let unreadable = try styluskit(["report", visit.folder.path, "--out", other])
        #expect(unreadable.status == 65)
        #expect(
            unreadable.standardError.contains("The results file of test 3 (sdt), \(sdt), cannot be read: "),
            "\(unreadable.standardError)")

        // A missing results file: the message names the test and the file.
        let maze = try #require(visit.results[1])
        try FileManager.default.removeItem(atPath: maze)
        visit.results[1] = nil
        let missing = try styluskit(["report", visit.folder.path, "--out", other])
        #expect(missing.status == 66)
        #expect(
            missing.standardError.contains(
                "Test 2 (maze) of the visit in \(visit.folder.path) has no results file: \((maze as NSString).lastPathComponent) is missing"
            ),
            "\(missing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test("The clock's time: replayed with --settings at 2:45 the report says so, and with no settings ten past eleven")
    func clockTime() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = directory.appendingPathComponent("clock-2-45.yaml")
        try "schema: 2\nclock:\n  hours: 2\n  minutes: 45\n".write(to: settings, atomically: true, encoding: .utf8)
        let recording = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path
        let runs = [
            ([String](), "Clock time given: ten past eleven (11:10)"),
            (["--settings", settings.path], "Clock time given: quarter to three (2:45)"),
        ]
        for (index, (options, words)) in runs.enumerated() {
            let out = directory.appendingPathComponent("replay-\(index)")
            let replayed = try styluskit(["replay", recording, "--test", "clock", "--out", out.path] + options)
            try #require(replayed.status == 0, "\(replayed.standardError)")
            let results = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
            let xml = try String(contentsOf: out.appendingPathComponent(results), encoding: .utf8)
            #expect(xml.contains(#"clockTime="2:45""#) == (index == 1))
            let visit = try Self.smallVisit(
                results: out.appendingPathComponent(results).path,
                in: directory.appendingPathComponent("visit-\(index)"))
            let pdf = directory.appendingPathComponent("report-\(index).pdf").path
            let made = try styluskit(["report", visit, "--out", pdf])
            try #require(made.status == 0, "\(made.standardError)")
            let text = try Self.text(pdf)
            #expect(text.contains(words), "\(text)")
        }
    }
}
