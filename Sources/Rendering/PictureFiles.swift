public import FormPrinting
import Foundation

/// Why a picture could not be made.
public enum RenderError: Error, CustomStringConvertible {
    case unknownOutputFormat(String)
    case nothingToWrite
    case stepOutOfRange(step: Int, steps: Int)
    case needsTest(file: String)
    case noSteps(file: String)

    public var description: String {
        switch self {
        case .unknownOutputFormat(let path):
            "\(path) does not end in .png, .pdf or .svg; give --out a file name with one of those extensions."
        case .nothingToWrite:
            "Nothing to write: give --out FILE (.png, .pdf, .svg), --animate DIR, or both."
        case let .stepOutOfRange(step, steps):
            "--step \(step) is not a step of the results file, which has \(steps) step\(steps == 1 ? "" : "s"); give a number from 1 to \(steps)."
        case .needsTest(let file):
            "\(file) is not a results file (.csk, .msk, .ssk), so it is taken as a recording: give --test clock, --test maze or --test sdt to replay it."
        case .noSteps(let file):
            "\(file) has no steps to draw."
        }
    }
}

/// The picture formats `render` and `plot` write, by the output's extension.
public enum PictureFormat: String, Sendable {
    case png, pdf, svg

    /// The format `path`'s extension names.
    public init(path: String) throws {
        guard let format = PictureFormat(rawValue: (path as NSString).pathExtension.lowercased()) else {
            throw RenderError.unknownOutputFormat(path)
        }
        self = format
    }

    /// Writes `pages` to `path` in this format: a PDF page each, or side by side in one picture.
    public func write(_ pages: [PageDrawing], to path: String, dotsPerInch: Double) throws {
        let picture = pages.count == 1 ? pages[0] : PageDrawing.sideBySide(pages)
        switch self {
        case .pdf: try PrintedDocument(pages: pages).write(to: path)
        case .svg: try picture.writeSVG(to: path)
        case .png: try picture.writePNG(to: path, dotsPerInch: dotsPerInch)
        }
    }
}

extension ResultsPicture {
    /// Writes the animation of `steps` (indices) into `directory` as numbered PNG frames
    /// (`frame-00001.png`, ...), `framesPerSecond` of the drawing at `speed` times real speed;
    /// returns how many.
    public func writeAnimation(steps: [Int], to directory: String, framesPerSecond: Double, speed: Double, dotsPerInch: Double) throws
        -> Int
    {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var count = 0
        for index in steps {
            for time in frameTimes(step: index, framesPerSecond: framesPerSecond, speed: speed) {
                count += 1
                let name = String(format: "frame-%05d.png", count)
                try page(step: index, upTo: time).writePNG(
                    to: (directory as NSString).appendingPathComponent(name), dotsPerInch: dotsPerInch)
            }
        }
        return count
    }
}
