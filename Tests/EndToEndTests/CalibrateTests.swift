import FormPrinting
import Foundation
import StylusGeometry
import Testing

/// `styluskit calibrate ...` end to end, on a synthetic tap recording and the bundled fixtures.
@Suite("Calibrate")
struct CalibrateTests {
    /// Where the sheet lies on a Cintiq 13HD: rotated 1.5°, at physical size (0.1 cm per mm), the
    /// sheet's 3 x 3 targets (10.85...18.85 x 6.5...14.5 cm) centred on the active area's centre
    /// (146.88, 82.62) mm.
    static let angle = 1.5 * Double.pi / 180
    static let scale = 0.1

    static func truth(_ x: Double, _ y: Double) -> (Double, Double) {
        let c = cos(angle) * scale
        let s = sin(angle) * scale
        let offset = (14.85 - (c * 146.88 - s * 82.62), 10.5 - (s * 146.88 + c * 82.62))
        return (c * x - s * y + offset.0, s * x + c * y + offset.1)
    }

    /// The inverse of `truth`: the tablet mm that lands on form (u, v) cm.
    static func tablet(_ u: Double, _ v: Double) -> (Double, Double) {
        let c = cos(angle) * scale
        let s = sin(angle) * scale
        let (ox, oy) = truth(0, 0)
        let (du, dv) = (u - ox, v - oy)
        let determinant = c * c + s * s
        return ((c * du + s * dv) / determinant, (-s * du + c * dv) / determinant)
    }

    /// An evemu recording of the Cintiq 13HD (its real header) tapping each target once: five
    /// frames per tap, jittering ±2 device units around the tap's point (mean: the point).
    static func tapRecording(slip: (target: Int, millimetres: (Double, Double))? = nil, printedAt size: Double = 1)
        throws -> String
    {
        let real = try String(
            contentsOf: Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events"),
            encoding: .utf8)
        var lines = real.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }.map(
            String.init)
        var time = 0.0
        func event(_ type: Int, _ code: Int, _ value: Int) {
            lines.append(String(format: "E: %.6f %04x %04x %d", time, type, code, value))
        }
        func sync() {
            event(0, 0, 0)
            time += 0.005
        }
        var noiseState: UInt64 = 7
        func noise() -> Double {
            noiseState = noiseState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(noiseState >> 11) / Double(1 << 53) * 2 - 1) * 0.1
        }
        var number = 0
        for y in [6.5, 10.5, 14.5] {
            for x in [10.85, 14.85, 18.85] {
                number += 1
                // A sheet printed scaled has its targets `size` times as far from the page's centre.
                var (tx, ty) = tablet(14.85 + size * (x - 14.85), 10.5 + size * (y - 10.5))
                tx += noise()
                ty += noise()
                if let slip, slip.target == number {
                    tx += slip.millimetres.0
                    ty += slip.millimetres.1
                }
                // Device units: 400 + mm * 200 (A: 00 400 59152 ... 200).
                let ux = Int((400 + tx * 200).rounded())
                let uy = Int((400 + ty * 200).rounded())
                let jitter = [0, 2, -2, 1, -1]
                for (index, j) in jitter.enumerated() {
                    event(3, 0, ux + j)
                    event(3, 1, uy - j)
                    if index == 0 {
                        event(3, 0x18, 600)
                        event(1, 0x140, 1)
                        event(1, 0x14a, 1)
                    }
                    sync()
                }
                event(3, 0x18, 0)
                event(1, 0x14a, 0)
                sync()
                event(1, 0x140, 0)
                sync()
                time += 0.5
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("Taps made with a known transform are fitted back within 0.1 mm and written into a tablet profile")
    func fitsTaps() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("taps.events")
        try Self.tapRecording().write(to: recording, atomically: true, encoding: .utf8)
        let profilePath = directory.appendingPathComponent("fitted.yaml").path
        let result = try styluskit(["calibrate", "tablet", "--recording", recording.path, "--out", profilePath])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("profile    \(profilePath)"))
        // The residuals' picture beside the profile (issue 33, item 3): a PNG of the A4 sheet at 100 dpi.
        let picture = directory.appendingPathComponent("fitted-residuals.png").path
        #expect(result.standardOutput.contains("picture    \(picture) (each target's residual, magnified)"))
        let image = try RasterImage(readingPNG: picture)
        #expect(image.width == 1170 && image.height == 827)
        let profile = try TabletProfile(
            yaml: try String(contentsOfFile: profilePath, encoding: .utf8), source: profilePath)
        // The shipped profile's settings are kept, the match is the device's.
        #expect(profile.match == DeviceMatch(bus: 3, vendor: 0x056a, product: 0x0333))
        #expect(profile.pressure.maximum == 2047)
        let transform = try #require(profile.tabletToForm)
        for y in stride(from: 6.0, through: 15.0, by: 1.5) {
            for x in stride(from: 10.5, through: 19.5, by: 1.5) {
                let (tx, ty) = Self.tablet(x, y)
                let fitted = transform.formPosition(of: TabletPosition(xMillimetres: tx, yMillimetres: ty))
                let error =
                    ((fitted.xCentimetres - x) * (fitted.xCentimetres - x) + (fitted.yCentimetres - y)
                        * (fitted.yCentimetres - y))
                    .squareRoot() * 10
                #expect(error < 0.1, "at (\(x), \(y)) cm: \(error) mm")
            }
        }
        // Never replaced without --force.
        let again = try styluskit(["calibrate", "tablet", "--recording", recording.path, "--out", profilePath])
        #expect(again.status != 0)
        #expect(again.standardError.contains("\(profilePath) already exists. Pass --force to replace it"))
    }

    @Test("A sheet printed at 80 % is refused, naming the scale found, and nothing is written")
    func sheetPrintedSmall() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("taps.events")
        try Self.tapRecording(printedAt: 0.8).write(to: recording, atomically: true, encoding: .utf8)
        let profilePath = directory.appendingPathComponent("fitted.yaml").path
        let result = try styluskit(["calibrate", "tablet", "--recording", recording.path, "--out", profilePath])
        #expect(result.status != 0)
        #expect(result.standardError.contains("the fitted scale is 0.125 cm on the form per mm on the tablet"))
        #expect(result.standardError.contains("The sheet was probably printed at 80.0 % of its size"))
        #expect(
            result.standardOutput.contains(
                "scale      1.250 form mm per tablet mm (the sheet as printed: 80.0 % of its size)"))
        #expect(result.standardOutput.contains("refused    nothing written"))
        #expect(!FileManager.default.fileExists(atPath: profilePath))
    }

    @Test("A slipped tap is flagged and nothing is written")
    func badTap() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("taps.events")
        try Self.tapRecording(slip: (5, (1.6, -1.1))).write(to: recording, atomically: true, encoding: .utf8)
        let profilePath = directory.appendingPathComponent("fitted.yaml").path
        let result = try styluskit(["calibrate", "tablet", "--recording", recording.path, "--out", profilePath])
        #expect(result.status != 0)
        #expect(result.standardError.contains("Tap 5 is probably bad"))
        #expect(result.standardOutput.contains("<- bad tap?"))
        #expect(result.standardOutput.contains("refused    nothing written"))
        #expect(!FileManager.default.fileExists(atPath: profilePath))
    }

    @Test("The EDID fixture gives the Cintiq 13HD's density; a 264 ppi 2x ruler gives the reference table")
    func display() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let edid = Paths.fixtures.appendingPathComponent("edid/wacom-cintiq-13hd.edid").path
        let out = directory.appendingPathComponent("d.yaml").path
        let result = try styluskit(["calibrate", "display", "--edid", edid, "--out", out, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let profile = try DisplayProfile(yaml: try String(contentsOfFile: out, encoding: .utf8), source: out)
        // sqrt(1920² + 1080²) / (sqrt(293² + 165²) / 25.4) = 166.398 (EDID DTD: 293 x 165 mm).
        #expect(abs(profile.pixelsPerInch - 166.398) < 0.001)
        #expect(profile.match == DisplayMatch(edidVendor: "WAC", edidProduct: 0x1040))

        // 1000 px measured 9.62 cm: 264.03 ppi; at scale 2, assessments.md's 11" tablet column.
        let ruler = directory.appendingPathComponent("r.yaml").path
        let measured = try styluskit([
            "calibrate", "display", "--ruler-pixels", "1000", "--measured-cm", "9.62", "--scale", "2", "--out", ruler,
            "--json",
        ])
        #expect(measured.status == 0, "\(measured.standardError)")
        struct Report: Decodable {
            struct Element: Decodable {
                var name: String
                var points: Double
            }
            var symbolDigit: [Element]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(measured.standardOutput.utf8))
        let reference: [String: Double] = [
            "BorderWidth": 1.5, "InnerCellHeight": 58, "InnerCellWidth": 66, "RowVerticalMargin": 18,
            "SampleBorderWidth": 3,
            "SampleLabelRightMargin": 7, "StopSignHeight": 108,
        ]
        #expect(report.symbolDigit.count == 7)
        for element in report.symbolDigit {
            #expect(abs(element.points - reference[element.name]!) <= 0.5, "\(element.name)")
        }
    }

    @Test("The pressure report's maximum is the recording's largest ABS_PRESSURE")
    func pressure() throws {
        let file = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events")
        // Independently of our reader: the largest value of an "E: t 0003 0018 v" line.
        let text = try String(contentsOf: file, encoding: .utf8)
        let maximum = text.split(separator: "\n").filter { $0.hasPrefix("E:") }.compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[2] == "0003", fields[3] == "0018" else { return nil }
            return Int(fields[4].split(separator: "\t")[0])
        }.max()
        let result = try styluskit(["calibrate", "pressure", "--recording", file.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        struct Report: Decodable {
            struct Tool: Decodable {
                var maximum: Int?
                var minimumTouching: Int?
            }
            var tools: [Tool]
            var axisMaximum: Int
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8))
        #expect(report.axisMaximum == 2047)
        #expect(report.tools.compactMap(\.maximum).max() == maximum)
        #expect(report.tools.allSatisfy { ($0.minimumTouching ?? 0) <= ($0.maximum ?? 0) })
    }

    @Test("The pressure histogram and its proposal: written into the profile with --yes or a yes, never without")
    func pressureProposalWritten() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
        let out = directory.appendingPathComponent("tablet.yaml").path
        // No answer (standard input ends): nothing written, and how to write without asking said.
        let unanswered = try styluskit(["calibrate", "pressure", "--recording", recording, "--out", out])
        #expect(unanswered.status == 0, "\(unanswered.standardError)")
        #expect(unanswered.standardOutput.contains("histogram  frames by raw pressure (# touching, ~ hovering"))
        #expect(unanswered.standardOutput.contains("<- minimum "))
        #expect(unanswered.standardOutput.contains("<- tip down at "))
        #expect(unanswered.standardError.contains(" into \(out)? [y/N] "))
        #expect(unanswered.standardError.contains("Nothing written. Give --yes to write pressure.minimum "))
        #expect(!FileManager.default.fileExists(atPath: out))
        // --yes writes, on top of the profile that applies.
        let json = try styluskit(["calibrate", "pressure", "--recording", recording, "--out", out, "--yes", "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        struct Report: Decodable {
            struct Proposal: Decodable {
                var minimum: Int32
                var tipThreshold: Int32
            }
            var proposal: Proposal
            var profile: String?
            var replacedProfile: String?
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(json.standardOutput.utf8))
        #expect(report.profile == out && report.replacedProfile == nil)
        let written = try TabletProfile(yaml: try String(contentsOfFile: out, encoding: .utf8), source: out)
        #expect(written.pressure.minimum == report.proposal.minimum)
        #expect(written.pressure.tipThreshold == report.proposal.tipThreshold)
        // A typed yes replaces it, the old one kept in history/.
        let old = try String(contentsOfFile: out, encoding: .utf8)
        let typed = try run(
            Paths.styluskit, ["calibrate", "pressure", "--recording", recording, "--out", out],
            in: Paths.packageRoot, input: "y\n")
        #expect(typed.status == 0, "\(typed.standardError)")
        #expect(
            typed.standardOutput.contains("profile    \(out)\nreplaced   kept as \(directory.path)/history/tablet-"))
        let history = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("history").path)
        #expect(history.count == 1)
        #expect(
            try String(contentsOfFile: directory.appendingPathComponent("history/\(history[0])").path, encoding: .utf8)
                == old)
        // Any other answer writes nothing.
        let declined = try run(
            Paths.styluskit, ["calibrate", "pressure", "--recording", recording, "--out", out], in: Paths.packageRoot,
            input: "n\n")
        #expect(declined.standardError.contains("Nothing written."))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("history").path).count
                == 1)
    }

    @Test("A pen's serial is shown as ADF's PencilID writes it (0x and hexadecimal), never as a negative decimal")
    func serialInHexadecimal() throws {
        let file = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.events")
        // The recording's MSC_SERIAL, read from its first "E: t 0004 0000 v" line: -494927427.
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first {
                $0.hasPrefix("E:") && $0.split(separator: " ").dropFirst(2).starts(with: ["0004", "0000"])
            })
        let serial = try #require(Int32(line.split(separator: " ")[4].split(separator: "\t")[0]))
        #expect(serial < 0)
        let expected = "0x" + String(UInt32(bitPattern: serial), radix: 16)
        let text2 = try styluskit(["calibrate", "pressure", "--recording", file.path])
        #expect(text2.status == 0, "\(text2.standardError)")
        #expect(text2.standardOutput.contains("pen (serial \(expected)):"), "\(text2.standardOutput)")
        #expect(!text2.standardOutput.contains("serial -"))
        let json = try styluskit(["calibrate", "pressure", "--recording", file.path, "--json"])
        #expect(json.standardOutput.contains("\"serial\":\"\(expected)\""))
    }

    @Test("print-sheet and print-mazes write PDFs with one page per maze")
    func printing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("sheet.pdf").path
        let result = try styluskit(["calibrate", "print-sheet", "--out", sheet])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("  target 1 at (10.85, 6.50) cm"))
        let mazes = directory.appendingPathComponent("mazes.pdf").path
        let printed = try styluskit([
            "calibrate", "print-mazes", "--battery", "Fixtures/mazes/standard.battery", "--out", mazes,
        ])
        #expect(printed.status == 0, "\(printed.standardError)")
        // pdfinfo (poppler) counts the pages: five mazes in standard.battery.
        let info = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [mazes])
        let fields = info.standardOutput.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(fields.contains("Pages: 5"))
        // A4 landscape: 29.7 x 21 cm = 841.89 x 595.276 points of 1/72 in.
        #expect(fields.contains("Page size: 841.89 x 595.276 pts (A4)"))
    }
}
