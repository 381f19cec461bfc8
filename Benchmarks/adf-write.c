/*
 * The baseline of the ADF write benchmark: writes the benchmark's maze results document
 * (see Benchmarks/adf-bench/main.swift, which writes the same bytes through ADFRecorder)
 * with libxml2's xmlTextWriter directly, the way a C programmer would: numbers formatted
 * with snprintf, RawData built in a buffer and written in chunks, the file fsynced at the end.
 *
 *   cc -O2 -ffp-contract=off adf-write.c $(pkg-config --cflags --libs libxml-2.0) -lm -o adf-write
 *   ./adf-write N OUT.msk
 *
 * The point values are simple arithmetic on the point's index, evaluated in the same order
 * in both programs, so the two documents are byte-identical (the benchmark script checks).
 */
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/xmlwriter.h>

/* Keep in step with Benchmarks/adf-bench/main.swift. */
#define POINTS_PER_STROKE 100
#define POINTS_PER_STEP 100000
static const double firstTime = 1673535657692.25;

struct point { double x, y, altitude, azimuth, force, time; };

static struct point point_at(long i) {
    struct point p;
    p.x = 100.0 + (double)(i % 1000) * 0.377;
    p.y = 200.0 + (double)(i % 777) * 0.291;
    p.altitude = 0.9 + (double)(i % 61) * 0.01;
    p.azimuth = (double)(i % 628) * 0.01;
    p.force = 0.25 + (double)(i % 97) * 0.013;
    p.time = firstTime + (double)i * 3.75;
    return p;
}

static xmlTextWriterPtr writer;
static char scratch[64];

static void check(int result, const char *what) {
    if (result < 0) {
        fprintf(stderr, "adf-write: libxml2 failed to %s\n", what);
        exit(1);
    }
}

static void start(const char *name) { check(xmlTextWriterStartElement(writer, BAD_CAST name), name); }
static void end(void) { check(xmlTextWriterEndElement(writer), "end an element"); }

static void attribute(const char *name, const char *value) {
    check(xmlTextWriterWriteAttribute(writer, BAD_CAST name, BAD_CAST value), name);
}

static void decimal(const char *name, double value) {
    snprintf(scratch, sizeof scratch, "%.4f", value);
    attribute(name, scratch);
}

static void integer(const char *name, long long value) {
    snprintf(scratch, sizeof scratch, "%lld", value);
    attribute(name, scratch);
}

static void fact(const char *name, const char *value) {
    start(name);
    attribute("value", value);
    end();
}

static void setting(const char *name, double value) {
    start(name);
    decimal("value", value);
    end();
}

static long long timestamp(double time) { return (long long)floor(time); }

static char text[1 << 16];
static size_t textLength;

static void flush_text(void) {
    if (textLength == 0) return;
    text[textLength] = 0;
    check(xmlTextWriterWriteString(writer, BAD_CAST text), "write RawData");
    textLength = 0;
}

static void append(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void append(const char *format, ...) {
    if (textLength + 512 >= sizeof text) flush_text();
    va_list arguments;
    va_start(arguments, format);
    textLength += vsnprintf(text + textLength, sizeof text - textLength, format, arguments);
    va_end(arguments);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: adf-write N OUT.msk\n");
        return 2;
    }
    long n = atol(argv[1]);
    int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        perror(argv[2]);
        return 1;
    }
    xmlOutputBufferPtr output = xmlOutputBufferCreateFd(fd, NULL);
    writer = xmlNewTextWriter(output);
    if (!writer) {
        fprintf(stderr, "adf-write: cannot create a writer\n");
        return 1;
    }
    check(xmlTextWriterSetIndent(writer, 1), "indent");
    check(xmlTextWriterSetIndentString(writer, BAD_CAST "  "), "indent");
    check(xmlTextWriterWriteRaw(writer, BAD_CAST "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n"), "declare");
    long steps = n == 0 ? 1 : (n + POINTS_PER_STEP - 1) / POINTS_PER_STEP;

    start("MazeSketchXMLFile");
    start("ClockSketchData");
    fact("DeviceSystemName", "Linux");
    fact("DeviceSystemVersion", "6.1.0-18-amd64");
    fact("DeviceModel", "Wacom Intuos S Pen");
    fact("DeviceModelIdentifier", "0003:056a:0374");
    fact("PencilID", "0x0802:12345678");
    setting("CanvasWidth", 768);
    setting("CanvasHeight", 1024);
    start("OriginalOrigin");
    decimal("x", 0);
    decimal("y", 0);
    end();
    end();

    start("TaskData");
    for (long s = 0; s < steps; s++) {
        long first = s * POINTS_PER_STEP;
        long last = first + POINTS_PER_STEP < n ? first + POINTS_PER_STEP : n;
        start("Step");
        snprintf(scratch, sizeof scratch, "mazeStep-%ld", s + 1);
        attribute("identifier", scratch);
        start("Start");
        integer("timestamp", timestamp(firstTime + (double)first * 3.75 - 500));
        end();
        start("End");
        integer("timestamp", timestamp(firstTime + (double)(last > first ? last - 1 : first) * 3.75 + 500));
        end();
        start("Interruptions");
        end();
        end();
    }
    end();

    start("DisplayData");
    setting("PixelsPerInch", 264);
    setting("ScreenScalingFactor", 2);
    setting("PointsPerInch", 132);
    start("SymbolDigit");
    setting("BorderWidth", 1.5);
    setting("InnerCellHeight", 58);
    setting("InnerCellWidth", 66);
    setting("RowVerticalMargin", 18);
    setting("SampleBorderWidth", 3);
    setting("SampleLabelRightMargin", 7);
    setting("StopSignHeight", 108);
    end();
    end();

    start("PenData");
    long strokeNumber = 0;
    for (long s = 0; s < steps; s++) {
        long first = s * POINTS_PER_STEP;
        long last = first + POINTS_PER_STEP < n ? first + POINTS_PER_STEP : n;
        start("drawing");
        start("strokes");
        for (long i = first; i < last; i++) {
            if ((i - first) % POINTS_PER_STROKE == 0) {
                if (i > first) end();
                strokeNumber++;
                start("stroke");
                integer("index", strokeNumber);
                integer("label", strokeNumber);
            }
            struct point p = point_at(i);
            start("point");
            decimal("altitude", p.altitude);
            decimal("azimuth", p.azimuth);
            integer("pressure", llround(p.force * 1000));
            integer("timestamp", timestamp(p.time));
            decimal("x", p.x);
            decimal("y", p.y);
            end();
        }
        if (last > first) end();
        end();

        start("RawData");
        long strokes = (last - first + POINTS_PER_STROKE - 1) / POINTS_PER_STROKE;
        append("Number of strokes: %ld\n", strokes);
        for (long k = 0; k < strokes; k++) {
            long a = first + k * POINTS_PER_STROKE;
            long b = a + POINTS_PER_STROKE < last ? a + POINTS_PER_STROKE : last;
            struct point previous = point_at(a);
            append("StrokeID: %ld\nNumber of samples: %ld\nColor: 0 0 255\nStartTime: %.1f\n", k, b - a,
                   previous.time);
            for (long i = a; i < b; i++) {
                struct point p = point_at(i);
                long long dt = i == a ? 0 : (long long)nearbyint(p.time - previous.time);
                append("%.4f %.4f %lld %.4f\n", p.x, p.y, dt, p.force * 1000);
                previous = p;
            }
        }
        flush_text();
        end();
        start("MazeFeatures");
        end();
        end();
    }
    end();
    start("MotionData");
    end();
    end();
    check(xmlTextWriterEndDocument(writer), "end the document");
    check(xmlTextWriterFlush(writer), "flush");
    xmlFreeTextWriter(writer);
    if (fsync(fd) != 0 || close(fd) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
