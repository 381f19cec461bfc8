import Foundation
import Testing

/// `styluskit features` against BDALab's `handwriting-features` (Mucha, Mekyska et al.), installed
/// from PyPI in a virtual environment: the same strokes, read from the same results files, and
/// every measure whose definition matches compared (docs/measures.md, "BDALab handwriting-features").
@Suite("features against BDALab handwriting-features")
struct FeaturesBDALabTests {
    /// The pinned versions the comparison was written against.
    static let packages = ["handwriting-features==1.0.9", "handwriting-sample==1.0.6"]

    /// The virtual environment's Python with the packages installed, or nil when they cannot be
    /// installed (no python3, no venv module, PyPI unreachable). Kept in .build between runs.
    static let bdalabPython: URL? = {
        guard let python = FeaturesTests.python else { return nil }
        let venv = Paths.packageRoot.appendingPathComponent(".build/bdalab-venv")
        let venvPython = venv.appendingPathComponent("bin/python")
        let check = ["-c", "import handwriting_features, handwriting_sample"]
        if FileManager.default.isExecutableFile(atPath: venvPython.path), (try? run(venvPython, check))?.status == 0 {
            return venvPython
        }
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        guard (try? run(timeout, ["120", python.path, "-m", "venv", venv.path]))?.status == 0,
            (try? run(
                timeout,
                [
                    "600", venvPython.path, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--timeout", "20",
                    "--retries", "1",
                ] + packages))?.status == 0,
            (try? run(venvPython, check))?.status == 0
        else { return nil }
        return venvPython
    }()

    @Test(
        "Stroke durations and lengths, in-air gaps, writing durations, their ratio (inverted) and mean pressure match BDALab's",
        .enabled(
            if: bdalabPython != nil,
            "handwriting-features could not be installed from PyPI (no network, or no python3 venv)"))
    func matchesBDALab() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try FeaturesTests.resultsFiles(in: directory)
        let script = directory.appendingPathComponent("bdalab.py")
        try Data(Self.script.utf8).write(to: script)
        let result = try run(try #require(Self.bdalabPython), [script.path] + files)
        try #require(result.status == 0, "\(result.standardError)")
        // The library logs to standard output; the rows are the JSON lines.
        let theirs = try FeaturesTests.objects(
            result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n"))

        let strokes = try styluskit(["features", "--level", "stroke", "--format", "json"] + files)
        let steps = try styluskit(["features", "--level", "step", "--format", "json"] + files)
        try #require(strokes.status == 0 && steps.status == 0)
        let ourStrokes = try FeaturesTests.objects(strokes.standardOutput)
        let ourSteps = try FeaturesTests.objects(steps.standardOutput)

        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        func numbers(_ value: Any?) -> [Double] { ((value as? [Any]) ?? []).compactMap(number) }
        func same(_ a: Double?, _ b: Double?, _ what: String) {
            guard let a, let b else {
                Issue.record("\(what): ours \(String(describing: a)), BDALab \(String(describing: b))")
                return
            }
            #expect(abs(a - b) <= 1e-5 * abs(b) + 1e-9, "\(what): ours \(a), BDALab \(b)")
        }
        var compared = 0
        for row in theirs {
            let file = try #require(row["file"] as? String)
            let step = try #require(number(row["step_number"]))
            let place = "\((file as NSString).lastPathComponent) step \(Int(step))"
            let mine = ourStrokes.filter { $0["file"] as? String == file && number($0["step_number"]) == step }
            let ourStep = try #require(
                ourSteps.first { $0["file"] as? String == file && number($0["step_number"]) == step })
            let pairs: [(String, [Double], [Double?])] = [
                ("stroke duration", numbers(row["stroke_duration"]), mine.map { number($0["duration_s"]) }),
                ("stroke length", numbers(row["stroke_length"]), mine.map { number($0["path_length_mm"]) }),
                // BDALab's in-air strokes are the two in-air samples fed between strokes: the straight line.
                (
                    "in-air duration", numbers(row["in_air_duration"]),
                    mine.dropFirst().map { number($0["in_air_time_s"]) }
                ),
                (
                    "in-air length", numbers(row["in_air_length"]),
                    mine.dropFirst().map { number($0["in_air_length_mm"]) }
                ),
            ]
            for (what, bdalab, ours) in pairs {
                #expect(bdalab.count == ours.count, "\(place): \(what) counts")
                for (index, (b, o)) in zip(bdalab, ours).enumerated() {
                    same(o, b, "\(place) stroke \(index + 1) \(what)")
                    compared += 1
                }
            }
            same(
                number(ourStep["on_surface_time_s"]), numbers(row["writing_duration"]).first,
                "\(place) writing duration")
            if mine.count > 1 {
                same(
                    number(ourStep["in_air_time_s"]), numbers(row["in_air_writing_duration"]).first,
                    "\(place) in-air writing duration")
            }
            // BDALab's ratio is on-surface over in-air (plus machine epsilon below): the inverse of ours.
            if mine.count > 1, let ratio = number(ourStep["in_air_on_surface_ratio"]), ratio > 1e-3 {
                same(1 / ratio, numbers(row["ratio_of_writing_durations"]).first, "\(place) on-surface / in-air ratio")
            }
            // BDALab's pressure is over all on-surface samples of the step: our strokes' means weighted by their
            // points.
            let points = mine.compactMap { number($0["points"]) }
            let weighted =
                zip(mine.compactMap { number($0["pressure_mean"]) }, points).map(*).reduce(0, +) / points.reduce(0, +)
            same(weighted, numbers(row["pressure_mean"]).first, "\(place) mean pressure")
            compared += 2
        }
        #expect(compared > 200)
    }

    /// Feeds each step's strokes to handwriting-features (plain Python 3 with the PyPI packages).
    static let script = #"""
        # Feeds the strokes of ADF results files to BDALab's handwriting-features and prints, per step,
        # the values whose definitions match StylusKit's (docs/measures.md, "BDALab handwriting-features").
        import json, math, sys, warnings
        import xml.etree.ElementTree as ET
        import numpy
        from handwriting_features.features import HandwritingFeatures
        warnings.filterwarnings("ignore")

        def values(v):
            if not isinstance(v, numpy.ndarray):
                return []
            return [float(e) for e in numpy.ravel(v) if math.isfinite(float(e))]

        def rows(path):
            root = ET.parse(path).getroot()
            density = root.find("DisplayData/PointsPerInch")
            mm = 25.4 / (float(density.get("value")) if density is not None else 132.0)
            steps = root.findall("TaskData/Step")
            epoch = float(steps[0].find("Start").get("timestamp"))
            for n, drawing in enumerate(root.findall("PenData/drawing"), start=1):
                strokes = [[((float(p.get("timestamp")) - epoch) / 1000, float(p.get("x")) * mm, float(p.get("y")) * mm,
                             float(p.get("azimuth", "0")), float(p.get("altitude", "0")), float(p.get("pressure", "0")))
                            for p in s.iter("point")] for s in drawing.iter("stroke")]
                strokes = [s for s in strokes if s]
                if not strokes:
                    continue
                signal = []
                for k, stroke in enumerate(strokes):
                    if k > 0:
                        # The pen's way between strokes as two in-air samples: where it lifted and where it landed.
                        for t, x, y, az, alt, pr in (strokes[k - 1][-1], stroke[0]):
                            signal.append([x, y, t, 0, az, alt, 0])
                    signal += [[x, y, t, 1, az, alt, pr] for t, x, y, az, alt, pr in stroke]
                # handwriting-sample's stroke split leaves out the signal's last sample: end on an in-air one.
                t, x, y, az, alt, pr = strokes[-1][-1]
                signal.append([x, y, t, 0, az, alt, 0])
                features = HandwritingFeatures.from_numpy_array(numpy.array(signal, dtype=float), validate=False)
                yield {
                    "file": path, "step_number": n,
                    "stroke_duration": values(features.stroke_duration(in_air=False)),
                    "stroke_length": values(features.stroke_length(in_air=False)),
                    "in_air_duration": values(features.stroke_duration(in_air=True)),
                    "in_air_length": values(features.stroke_length(in_air=True)),
                    "writing_duration": values(features.writing_duration(in_air=False)),
                    "in_air_writing_duration": values(features.writing_duration(in_air=True)),
                    "pressure_mean": values(features.pressure(statistics=["mean"])),
                    "ratio_of_writing_durations": values(features.ratio_of_writing_durations()),
                }

        for path in sys.argv[1:]:
            for row in rows(path):
                print(json.dumps(row))
        """#
}
