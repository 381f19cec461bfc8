/// `render`'s choices of what to write and how to draw it, checked before any input is read, so
/// a mistyped option is refused in words before a long batch starts.
public enum PictureChoices {
    /// Checks where the pictures go: with several inputs (`several`), an `--out` directory, no
    /// `--animate` and a known `format`; with one, `--out` or `--animate`, and an `--out` whose
    /// extension names a format (refused as `RenderError.unknownOutputFormat`).
    public static func checkOutputs(several: Bool, out: String?, animate: String?, format: String) throws {
        if several {
            guard out != nil, animate == nil else { throw PictureChoiceError.severalNeedDirectory }
            guard PictureFormat(rawValue: format) != nil else { throw PictureChoiceError.unknownFormat(format) }
        } else {
            if out == nil && animate == nil { throw PictureChoiceError.nothingToWrite }
            if let out { _ = try PictureFormat(path: out) }
        }
    }

    /// Checks how the pictures and frames are drawn: the resolution, the frame rate, the speed,
    /// and not both a maze and a battery.
    public static func checkDrawing(
        dotsPerInch: Double, framesPerSecond: Double, speed: Double, maze: String?, battery: String?
    ) throws(PictureChoiceError) {
        guard dotsPerInch > 0, dotsPerInch <= 2400 else { throw .dotsPerInchOutOfRange(dotsPerInch) }
        guard framesPerSecond > 0, framesPerSecond <= 120 else { throw .framesPerSecondOutOfRange(framesPerSecond) }
        guard speed > 0 else { throw .speedNotPositive(speed) }
        if maze != nil && battery != nil { throw .mazeAndBattery }
    }
}

/// A choice of `render`'s that cannot be drawn; the command shows it as a usage error.
public enum PictureChoiceError: Error, CustomStringConvertible, Equatable {
    case severalNeedDirectory
    case unknownFormat(String)
    case nothingToWrite
    case dotsPerInchOutOfRange(Double)
    case framesPerSecondOutOfRange(Double)
    case speedNotPositive(Double)
    case mazeAndBattery

    public var description: String {
        switch self {
        case .severalNeedDirectory:
            "With several inputs give --out DIR, the directory the pictures go into (and no --animate)."
        case .unknownFormat(let format): "--format takes png, pdf or svg; got '\(format)'."
        case .nothingToWrite: RenderError.nothingToWrite.description
        case .dotsPerInchOutOfRange(let dpi): "--dpi \(dpi) is out of range; give 1 to 2400 dots per inch."
        case .framesPerSecondOutOfRange(let fps): "--fps \(fps) is out of range; give 1 to 120 frames per second."
        case .speedNotPositive(let speed): "--speed \(speed) must be greater than 0 (1 is real speed)."
        case .mazeAndBattery: "Give one of --maze FILE or --battery FILE, not both."
        }
    }
}
