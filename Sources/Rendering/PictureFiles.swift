import ADF
public import FormPrinting
import Foundation
import SystemErrors

/// Why a picture could not be made.
public enum RenderError: Error, CustomStringConvertible {
    case unknownOutputFormat(String)
    case nothingToWrite
    case stepOutOfRange(step: Int, steps: Int)
    case needsTest(file: String)
    case noSteps(file: String)
    case outputExists(path: String)
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownOutputFormat("-"):
            "A picture's kind is its name's extension, so --out - (standard output) cannot say it; give --out a file "
                + "name ending in .png, .pdf or .svg."
        case .unknownOutputFormat(let path):
            "\(path) does not end in .png, .pdf or .svg; give --out a file name with one of those extensions."
        case .nothingToWrite:
            "Nothing to write: give --out FILE (.png, .pdf, .svg), --animate DIR, or both."
        case .stepOutOfRange(let step, let steps):
            "--step \(step) is not a step of the results file, which has \(steps) step\(steps == 1 ? "" : "s"); give a number from 1 to \(steps)."
        case .needsTest(let file):
            "\(file) is not a results file (.csk, .msk, .ssk, .tsk), so it is taken as a recording: give --test clock, --test maze or --test sdt to replay it."
        case .noSteps(let file):
            "\(file) has no steps to draw."
        case .outputExists(let path):
            "\(path) already exists; pass --force to replace it, or give another name."
        case .cannotCreate(let path, let reason):
            "Cannot write \(path): \(reason). Check that its directory exists and that you may write there."
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

    /// Writes `pages` to `path` in this format: a PDF page each, or side by side in one picture;
    /// an existing file is replaced only when `force`.
    public func write(_ pages: [PageDrawing], to path: String, dotsPerInch: Double, force: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            // --force replaces a picture, never a folder that happens to have a picture's name.
            if isDirectory.boolValue {
                throw RenderError.cannotCreate(path: path, reason: "it is a directory, which --force does not replace")
            }
            if !force { throw RenderError.outputExists(path: path) }
        }
        let picture = pages.count == 1 ? pages[0] : PageDrawing.sideBySide(pages)
        switch self {
        case .pdf: try PrintedDocument(pages: pages).write(to: path)
        case .svg: try picture.writeSVG(to: path)
        case .png: try picture.writePNG(to: path, dotsPerInch: dotsPerInch)
        }
    }
}

extension ResultsPicture {
    /// The steps (indices) `render --step` draws: `step` (from 1) alone, or every step.
    public func steps(choosing step: Int?) throws(RenderError) -> [Int] {
        guard let step else { return Array(document.steps.indices) }
        guard (1...document.steps.count).contains(step) else {
            throw .stepOutOfRange(step: step, steps: document.steps.count)
        }
        return [step - 1]
    }

    /// Writes the animation of `steps` (indices) into `directory` as numbered PNG frames
    /// (`frame-00001.png`, ...), `framesPerSecond` of the drawing at `speed` times real speed;
    /// returns how many.
    public func writeAnimation(
        steps: [Int], to directory: String, framesPerSecond: Double, speed: Double, dotsPerInch: Double, force: Bool
    ) throws -> Int {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RenderError.cannotCreate(path: directory, reason: SystemErrorText.reason(error))
        }
        let first = (directory as NSString).appendingPathComponent("frame-00001.png")
        if !force && FileManager.default.fileExists(atPath: first) { throw RenderError.outputExists(path: first) }
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
