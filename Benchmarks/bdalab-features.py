# BDALab's handwriting-features 1.0.9 over ADF results files: the baseline of bench.sh's
# "features against BDALab" row (issue 32, item 4). A benchmark, not a test: it prints its
# CPU time and asserts nothing.
#
#   python bdalab-features.py FILE...   (the venv bench.sh makes: handwriting-features 1.0.9,
#                                        handwriting-sample 1.0.6, numpy 1.26.4)
#
# Each step's strokes become one handwriting-sample signal as in Tests/EndToEndTests/
# FeaturesBDALabTests.swift (on-surface samples, the pen's way between strokes as two in-air
# samples), and the measures both BDALab and `styluskit features` compute are asked for with
# the statistics both give (docs/measures.md, "BDALab handwriting-features"): velocity,
# acceleration and jerk (along the path and per axis), in-air velocity, pressure, tilt, azimuth,
# stroke and in-air durations and lengths, stroke and writing width and height, writing
# durations and their ratio. Left out: the intersection counts (BDALab's are quadratic in Python
# and would make the baseline slow for a reason of its own) and the stops (BDALab 1.0.9's
# writing_stops raises IndexError on a step without one).
#
# Timed: process CPU time, twice. "cpu" from before the first file is read to after the last
# measure (reading the XML into arrays included); "measures" only handwriting-features' own work
# (from_numpy_array and the measures), which bench.sh compares with: reading is left out of the
# baseline but not of `features`, so the ratio is, if anything, unfair to StylusKit. Python's
# start-up and the imports count in neither. Printed:
# "bdalab files N steps S strokes K points P measures M cpu C" as the last line (handwriting-sample
# prints a line of its own for every array it loads).
import sys
import time
import warnings
import xml.etree.ElementTree as ET

import numpy
from handwriting_features.features import HandwritingFeatures

warnings.filterwarnings("ignore")
STATISTICS = ["mean", "std", "median", "iqr", "percentile_5", "percentile_95", "cv_parametric"]


def signal_of(drawing, epoch, mm):
    strokes = [
        [((float(p.get("timestamp")) - epoch) / 1000, float(p.get("x")) * mm, float(p.get("y")) * mm,
          float(p.get("azimuth", "0")), float(p.get("altitude", "0")), float(p.get("pressure", "0")))
         for p in s.iter("point")]
        for s in drawing.iter("stroke")]
    strokes = [s for s in strokes if s]
    if not strokes:
        return None, 0, 0
    signal = []
    for k, stroke in enumerate(strokes):
        if k > 0:
            for t, x, y, az, alt, pr in (strokes[k - 1][-1], stroke[0]):
                signal.append([x, y, t, 0, az, alt, 0])
        signal += [[x, y, t, 1, az, alt, pr] for t, x, y, az, alt, pr in stroke]
    t, x, y, az, alt, pr = strokes[-1][-1]
    signal.append([x, y, t, 0, az, alt, 0])
    return numpy.array(signal, dtype=float), len(strokes), sum(len(s) for s in strokes)


def measures(f, strokes):
    out = []
    for axis in ("xy", "x", "y"):
        out.append(f.velocity(axis=axis, in_air=False, statistics=STATISTICS))
        out.append(f.acceleration(axis=axis, in_air=False, statistics=STATISTICS))
        out.append(f.jerk(axis=axis, in_air=False, statistics=STATISTICS))
    out.append(f.pressure(statistics=STATISTICS))
    out.append(f.tilt(in_air=False, statistics=STATISTICS))
    out.append(f.azimuth(in_air=False, statistics=STATISTICS))
    out.append(f.stroke_duration(in_air=False, statistics=STATISTICS))
    out.append(f.stroke_length(in_air=False, statistics=STATISTICS))
    out.append(f.stroke_width(in_air=False, statistics=STATISTICS))
    out.append(f.stroke_height(in_air=False, statistics=STATISTICS))
    out.append(f.writing_width(in_air=False))
    out.append(f.writing_height(in_air=False))
    out.append(f.writing_duration(in_air=False))
    if strokes > 1:
        out.append(f.velocity(axis="xy", in_air=True, statistics=STATISTICS))
        out.append(f.stroke_duration(in_air=True, statistics=STATISTICS))
        out.append(f.stroke_length(in_air=True, statistics=STATISTICS))
        out.append(f.writing_duration(in_air=True))
        out.append(f.ratio_of_writing_durations())
    return out


def main(paths):
    files = steps = strokes = points = 0
    measuring = 0.0
    start = time.process_time()
    for path in paths:
        root = ET.parse(path).getroot()
        density = root.find("DisplayData/PointsPerInch")
        mm = 25.4 / (float(density.get("value")) if density is not None else 132.0)
        first = root.find("TaskData/Step/Start")
        if first is None:
            continue
        epoch = float(first.get("timestamp"))
        files += 1
        for drawing in root.findall("PenData/drawing"):
            signal, count, samples = signal_of(drawing, epoch, mm)
            if signal is None:
                continue
            before = time.process_time()
            f = HandwritingFeatures.from_numpy_array(signal, validate=False)
            measures(f, count)
            measuring += time.process_time() - before
            steps += 1
            strokes += count
            points += samples
    cpu = time.process_time() - start
    print(f"bdalab files {files} steps {steps} strokes {strokes} points {points} measures {measuring:.3f} cpu {cpu:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
