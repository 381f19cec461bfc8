import Foundation
import Testing

/// `styluskit features` against BDALab's `handwriting-features` (Mucha, Mekyska et al.), installed
/// from PyPI in a virtual environment: the same strokes, read from the same results files, and
/// every measure whose definition matches compared (docs/measures.md, "BDALab handwriting-features").
@Suite("features against BDALab handwriting-features")
struct FeaturesBDALabTests {
    /// The pinned versions the comparison was written against. NumPy 1: handwriting-features 1.0.9's
    /// intersections call `numpy.mat`, which NumPy 2 removed.
    static let packages = ["handwriting-features==1.0.9", "handwriting-sample==1.0.6", "numpy==1.26.4"]

    /// The virtual environment's Python with the packages installed, or nil when they cannot be
    /// installed (no python3, no venv module, PyPI unreachable). Kept in .build between runs.
    static let bdalabPython: URL? = {
        guard let python = FeaturesTests.python else { return nil }
        let venv = Paths.packageRoot.appendingPathComponent(".build/bdalab-venv-1")
        let venvPython = venv.appendingPathComponent("bin/python")
        let check = [
            "-c", "import handwriting_features, handwriting_sample, numpy; assert numpy.__version__ == '1.26.4'",
        ]
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

    /// Whether our six-digit `ours` is BDALab's `theirs` within 1e-6 of it, beyond the table's rounding
    /// (half a unit in the sixth significant digit of `ours`; values below 5e-13 are written 0).
    static func agrees(_ ours: Double, _ theirs: Double) -> Bool {
        let rounding = ours == 0 ? 5e-13 : 0.5 * pow(10, (log10(abs(ours))).rounded(.down) - 5)
        return abs(ours - theirs) <= 1e-6 * abs(theirs) + rounding
    }

    /// The statistics BDALab computes (its `Statistics` mapping) and ours of the same name.
    static let statistics: [(theirs: String, ours: String)] = [
        ("mean", "mean"), ("std", "sd"), ("max", "max"), ("median", "median"), ("quartile_1", "q1"),
        ("quartile_3", "q3"), ("iqr", "iqr"), ("percentile_5", "p5"), ("percentile_95", "p95"),
        ("cv_parametric", "cv"),
    ]

    @Test(
        "Per-axis velocity, its statistics, pressure statistics, stroke and writing extents, inter-stroke crossings and in-air velocity match BDALab's",
        .enabled(
            if: bdalabPython != nil,
            "handwriting-features could not be installed from PyPI (no network, or no python3 venv)"))
    func matchesBDALabBreadth() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try FeaturesTests.resultsFiles(in: directory)
        let script = directory.appendingPathComponent("bdalab-breadth.py")
        try Data(Self.breadthScript.utf8).write(to: script)
        let result = try run(try #require(Self.bdalabPython), [script.path] + files)
        try #require(result.status == 0, "\(result.standardError)")
        let theirs = try FeaturesTests.objects(
            result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n"))
        let strokes = try styluskit(["features", "--level", "stroke", "--format", "json"] + files)
        let steps = try styluskit(["features", "--level", "step", "--format", "json"] + files)
        try #require(strokes.status == 0 && steps.status == 0)
        let ourStrokes = try FeaturesTests.objects(strokes.standardOutput)
        let ourSteps = try FeaturesTests.objects(steps.standardOutput)

        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        var compared = 0
        func same(_ ours: Double?, _ theirs: Double?, _ what: String) {
            guard let ours, let theirs else {
                Issue.record("\(what): ours \(String(describing: ours)), BDALab \(String(describing: theirs))")
                return
            }
            #expect(Self.agrees(ours, theirs), "\(what): ours \(ours), BDALab \(theirs)")
            compared += 1
        }
        var skippedSharedTimes = 0
        for row in theirs {
            let file = try #require(row["file"] as? String)
            let step = try #require(number(row["step_number"]))
            let place = "\((file as NSString).lastPathComponent) step \(Int(step))"
            let mine = ourStrokes.filter { $0["file"] as? String == file && number($0["step_number"]) == step }
            let ourStep = try #require(
                ourSteps.first { $0["file"] as? String == file && number($0["step_number"]) == step })
            let bdalab = try #require(row["strokes"] as? [[String: Any]])
            try #require(bdalab.count == mine.count, "\(place): stroke counts")
            for (index, (their, our)) in zip(bdalab, mine).enumerated() {
                let what = "\(place) stroke \(index + 1)"
                same(number(our["width_mm"]), number(their["width"]), "\(what) width")
                same(number(our["height_mm"]), number(their["height"]), "\(what) height")
                // Pressure over the samples that measured it; BDALab cannot tell absent values.
                if their["absent"] as? Bool == false, let pressure = their["pressure"] as? [String: Any] {
                    for (theirName, ourName) in Self.statistics where theirName != "max" && theirName != "std" {
                        let column = ourName == "mean" ? "pressure_mean" : "pressure_\(ourName)"
                        same(number(our[column]), number(pressure[theirName]), "\(what) pressure \(theirName)")
                    }
                }
                // Where samples share a time BDALab divides by zero (an infinite velocity it then drops); we merge
                // them first (docs/measures.md, step 1): those strokes' velocities are not the same by definition.
                if their["shared_times"] as? Bool == true {
                    skippedSharedTimes += 1
                    continue
                }
                for (axis, column) in [("xy", "velocity"), ("x", "velocity_x"), ("y", "velocity_y")] {
                    guard let values = their["velocity_\(axis)"] as? [String: Any] else { continue }
                    for (theirName, ourName) in Self.statistics {
                        // A CV over a mean of 0 is undefined: ours is empty, BDALab's 0 / (0 + epsilon) = 0.
                        if ourName == "cv", number(values["mean"]) == 0 { continue }
                        let key = ourName == "cv" ? "\(column)_cv" : "\(column)_\(ourName)_mm_s"
                        same(number(our[key]), number(values[theirName]), "\(what) velocity \(axis) \(theirName)")
                    }
                }
            }
            // BDALab's in-air strokes are the gaps' two ends: one velocity each, chord over time.
            let inAir = (row["in_air_velocity"] as? [Any] ?? []).compactMap(number)
            #expect(inAir.count == max(0, mine.count - 1), "\(place): in-air velocity counts")
            for (index, (theirs, our)) in zip(inAir, mine.dropFirst()).enumerated() {
                same(number(our["in_air_velocity_mean_mm_s"]), theirs, "\(place) gap \(index + 1) in-air velocity")
            }
            same(number(ourStep["writing_width_mm"]), number(row["writing_width"]), "\(place) writing width")
            same(number(ourStep["writing_height_mm"]), number(row["writing_height"]), "\(place) writing height")
            same(
                number(ourStep["inter_stroke_intersections"]), number(row["inter_stroke_intersections"]),
                "\(place) inter-stroke intersections")
            // The definitions that differ, pinned: if BDALab's change, docs/measures.md must be revisited.
            #expect(row["acceleration_is_speed_difference"] as? Bool == true, "\(place): BDALab's acceleration")
            #expect(row["azimuth_mean_is_arithmetic"] as? Bool == true, "\(place): BDALab's azimuth mean")
            #expect(
                number(row["straight_stroke_intra_stroke_intersections"]) == 2,
                "BDALab's intra-stroke intersections of a straight two-sample stroke")
        }
        #expect(compared > 2000, "compared \(compared), skipped \(skippedSharedTimes) strokes with shared times")
    }

    @Test(
        "--filter lowpass is scipy's butter(2, 10 Hz) and filtfilt on the stroke resampled at 200 Hz",
        .enabled(
            if: bdalabPython != nil,
            "handwriting-features (and its scipy) could not be installed from PyPI (no network, or no python3 venv)"))
    func lowPassIsScipys() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try FeaturesTests.resultsFiles(in: directory)
        let script = directory.appendingPathComponent("filter.py")
        try Data(Self.filterScript.utf8).write(to: script)
        let result = try run(try #require(Self.bdalabPython), [script.path] + files)
        try #require(result.status == 0, "\(result.standardError)")
        let theirs = try FeaturesTests.objects(result.standardOutput)
        let filtered = try styluskit(["features", "--quiet", "--filter", "lowpass", "--format", "json"] + files)
        try #require(filtered.status == 0, "\(filtered.standardError)")
        let ours = try FeaturesTests.objects(filtered.standardOutput)
        // One line per stroke with samples, in the same order as our rows.
        try #require(theirs.count == ours.count, "\(theirs.count) strokes from scipy, \(ours.count) rows")
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        var compared = 0
        for (index, (scipy, row)) in zip(theirs, ours).enumerated() {
            guard let mean = number(scipy["velocity_mean"]), let median = number(scipy["velocity_median"]) else {
                continue
            }
            let (ourMean, ourMedian) = (number(row["velocity_mean_mm_s"]), number(row["velocity_median_mm_s"]))
            #expect(
                ourMean.map { Self.agrees($0, mean) } == true,
                "stroke \(index + 1): ours \(ourMean as Any), scipy \(mean)")
            #expect(
                ourMedian.map { Self.agrees($0, median) } == true,
                "stroke \(index + 1): ours \(ourMedian as Any), scipy \(median)")
            compared += 1
        }
        #expect(compared > 20)
    }

    /// Our low-pass filter's steps in numpy and scipy: merge samples sharing a time, resample at 200 Hz,
    /// `filtfilt` with a second-order Butterworth at 10 Hz, velocity by differences (docs/measures.md).
    static let filterScript = #"""
        import json, sys
        import xml.etree.ElementTree as ET
        import numpy
        from scipy import signal

        def merged(stroke):
            out = []
            for t, x, y in stroke:
                if out and t <= out[-1][0]:
                    group = out[-1]
                    group[3] += 1
                    group[4] += x
                    group[5] += y
                    group[1], group[2] = group[4] / group[3], group[5] / group[3]
                else:
                    out.append([t, x, y, 1, x, y])
            return [(g[0], g[1], g[2]) for g in out]

        b, a = signal.butter(2, 10 / (200 / 2))
        for path in sys.argv[1:]:
            root = ET.parse(path).getroot()
            density = root.find("DisplayData/PointsPerInch")
            mm = 25.4 / (float(density.get("value")) if density is not None else 132.0)
            epoch = float(root.findall("TaskData/Step")[0].find("Start").get("timestamp"))
            for n, drawing in enumerate(root.findall("PenData/drawing"), start=1):
                for k, s in enumerate(drawing.iter("stroke")):
                    points = [((float(p.get("timestamp")) - epoch) / 1000, float(p.get("x")) * mm, float(p.get("y")) * mm)
                              for p in s.iter("point")]
                    if not points:
                        continue
                    samples = merged(points)
                    t = numpy.array([p[0] for p in samples])
                    span = t[-1] - t[0]
                    count = int(numpy.floor(span * 200)) + 1
                    grid = t[0] + numpy.arange(count) / 200
                    # filtfilt needs more samples than its padding (9): shorter strokes are not compared.
                    if count <= 9:
                        print(json.dumps({"file": path, "step_number": n, "index": k, "velocity_mean": None}))
                        continue
                    x = signal.filtfilt(b, a, numpy.interp(grid, t, [p[1] for p in samples]))
                    y = signal.filtfilt(b, a, numpy.interp(grid, t, [p[2] for p in samples]))
                    speed = numpy.hypot(numpy.diff(x), numpy.diff(y)) / numpy.diff(grid)
                    print(json.dumps({"file": path, "step_number": n, "index": k, "velocity_mean": float(numpy.mean(speed)),
                                      "velocity_median": float(numpy.median(speed))}))
        """#

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

    /// Feeds each step's strokes to handwriting-features and prints, per stroke and step, what issue 32's
    /// measures are compared with (docs/measures.md, "BDALab handwriting-features").
    static let breadthScript = #"""
        import json, math, sys, warnings
        import xml.etree.ElementTree as ET
        import numpy
        from handwriting_features.features import HandwritingFeatures
        from handwriting_features.data.descriptors.statistics import Statistics
        warnings.filterwarnings("ignore")

        def finite(v):
            v = numpy.ravel(numpy.asarray(v, dtype=float)) if v is not None else []
            return float(v[0]) if len(v) == 1 and math.isfinite(float(v[0])) else None

        def stats(values):
            values = numpy.asarray(values, dtype=float)
            if values.size == 0:
                return None
            out = {name: finite(Statistics.compute(values, name)) for name in
                   ("mean", "std", "median", "quartile_1", "quartile_3", "iqr", "percentile_5", "percentile_95",
                    "cv_parametric")}
            out["max"] = float(numpy.max(values))
            return out

        def split(array, counts):
            array = numpy.ravel(array) if isinstance(array, numpy.ndarray) else numpy.array([])
            parts, at = [], 0
            for n in counts:
                parts.append(array[at:at + n])
                at += n
            return parts

        def rows(path):
            root = ET.parse(path).getroot()
            density = root.find("DisplayData/PointsPerInch")
            mm = 25.4 / (float(density.get("value")) if density is not None else 132.0)
            steps = root.findall("TaskData/Step")
            epoch = float(steps[0].find("Start").get("timestamp"))
            for n, drawing in enumerate(root.findall("PenData/drawing"), start=1):
                raw = [list(s.iter("point")) for s in drawing.iter("stroke")]
                raw = [s for s in raw if s]
                if not raw:
                    continue
                strokes = [[((float(p.get("timestamp")) - epoch) / 1000, float(p.get("x")) * mm, float(p.get("y")) * mm,
                             float(p.get("azimuth", "0")), float(p.get("altitude", "0")), float(p.get("pressure", "0")))
                            for p in s] for s in raw]
                signal = []
                for k, stroke in enumerate(strokes):
                    if k > 0:
                        for t, x, y, az, alt, pr in (strokes[k - 1][-1], stroke[0]):
                            signal.append([x, y, t, 0, az, alt, 0])
                    signal += [[x, y, t, 1, az, alt, pr] for t, x, y, az, alt, pr in stroke]
                t, x, y, az, alt, pr = strokes[-1][-1]
                signal.append([x, y, t, 0, az, alt, 0])
                f = HandwritingFeatures.from_numpy_array(numpy.array(signal, dtype=float), validate=False)
                counts = [len(s) - 1 for s in strokes]
                velocities = {axis: split(f.velocity(axis=axis, in_air=False), counts) for axis in ("xy", "x", "y")}
                pressures = split(f.pressure(), [len(s) for s in strokes])
                widths = numpy.ravel(f.stroke_width(in_air=False))
                heights = numpy.ravel(f.stroke_height(in_air=False))
                rows_out = []
                for k, stroke in enumerate(strokes):
                    times = [p[0] for p in stroke]
                    rows_out.append({
                        "width": float(widths[k]), "height": float(heights[k]),
                        "shared_times": any(b <= a for a, b in zip(times, times[1:])),
                        "absent": any(p.get("absent") for p in raw[k]),
                        "pressure": stats(pressures[k]),
                        **{"velocity_" + axis: stats(velocities[axis][k]) for axis in velocities},
                    })
                # BDALab's acceleration: the difference of consecutive speeds over the later sample interval.
                accelerations = split(f.acceleration(in_air=False), [max(0, c - 1) for c in counts])
                speed_difference = all(
                    len(a) == 0 or numpy.allclose(
                        a, numpy.diff(v) / numpy.diff([p[0] for p in s])[1:], rtol=1e-12, equal_nan=True)
                    for a, v, s in zip(accelerations, velocities["xy"], strokes) if len(s) > 2)
                azimuths = numpy.array([p[3] for s in strokes for p in s])
                their_azimuth = Statistics.compute(numpy.ravel(f.azimuth(in_air=False)), "mean")
                in_air = f.velocity(in_air=True) if len(strokes) > 1 else None
                yield {
                    "file": path, "step_number": n, "strokes": rows_out,
                    "in_air_velocity": [float(v) for v in numpy.ravel(in_air)] if isinstance(in_air, numpy.ndarray) else [],
                    "writing_width": finite(f.writing_width(in_air=False)),
                    "writing_height": finite(f.writing_height(in_air=False)),
                    "inter_stroke_intersections": int(f.number_of_inter_stroke_intersections()),
                    "acceleration_is_speed_difference": bool(speed_difference),
                    "azimuth_mean_is_arithmetic": bool(abs(their_azimuth - numpy.mean(azimuths)) <= 1e-12),
                    "straight_stroke_intra_stroke_intersections": straight_stroke_intersections,
                }

        def straight_stroke():
            # One straight stroke of two samples, which crosses nothing: BDALab 1.0.9 counts 2 (docs/measures.md).
            signal = numpy.array([[0, 5, 0, 1, 0, 1, 500], [10, 5, 0.01, 1, 0, 1, 500], [10, 5, 0.02, 0, 0, 1, 0]],
                                 dtype=float)
            f = HandwritingFeatures.from_numpy_array(signal, validate=False)
            return int(numpy.ravel(f.number_of_intra_stroke_intersections())[0])

        straight_stroke_intersections = straight_stroke()

        for path in sys.argv[1:]:
            for row in rows(path):
                print(json.dumps(row))
        """#
}
