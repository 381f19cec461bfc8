import StylusGeometry
public import StylusInput

/// A display density in pixels per inch, which turns the original app's pixel options into centimetres.
public struct PixelDensity: Hashable, Sendable {
    /// The density of the original device the pixel options were chosen on (an 11" tablet, 264 ppi).
    public static let referenceTablet = PixelDensity(pixelsPerInch: ReferenceCanvas.pixelsPerInch)

    public var pixelsPerInch: Double

    /// The physical length of `pixels` screen pixels at this density: `pixels / ppi × 2.54` cm.
    public func centimetres(fromPixels pixels: Double) -> Double {
        pixels / pixelsPerInch * 2.54
    }
}

/// The settings of the maze test (assessments.md, "Digital Maze Test"), with the spec's defaults.
///
/// Pixel options are screen pixels of the original device; `MazeProctor` converts them to
/// centimetres through a `PixelDensity`.
public struct MazeSettings: Hashable, Sendable {
    /// Interactive instructions before the first maze.
    public var enableInstructions: Bool
    /// Detect and interrupt wall crosses.
    public var enableWallCrossDetection: Bool
    /// Cells that may be skipped at a time without interruption.
    public var maximumSkipLength: Int
    /// How long a wall cross may last before interrupting.
    public var wallCrossTimeout: EventDuration
    /// Cells that may be skipped when resuming after a pause.
    public var maximumPauseSkipLength: Int
    /// Distance back along the drawn path to choose the resume point, in pixels.
    public var pauseBacktrackDistancePixels: Double
    /// Time without drawing (pen up) before interrupting.
    public var noDrawingTimeout: EventDuration
    /// Delay after reaching the end before the finish animation.
    public var finishTimeout: EventDuration
    /// Radius of the visible circle around the resume point while paused, in pixels.
    public var pauseCircleRadiusPixels: Double
    /// How near the start opening (the point the green arrow touches) a first stroke must begin,
    /// in cell sizes. Not in the spec's table: the original app's tolerance is not documented.
    public var startRadiusCells: Double

    public init(
        enableInstructions: Bool = true,
        enableWallCrossDetection: Bool = true,
        maximumSkipLength: Int = 2,
        wallCrossTimeout: EventDuration = .milliseconds(500),
        maximumPauseSkipLength: Int = 0,
        pauseBacktrackDistancePixels: Double = 20,
        noDrawingTimeout: EventDuration = .milliseconds(2_000),
        finishTimeout: EventDuration = .milliseconds(2_000),
        pauseCircleRadiusPixels: Double = 32,
        startRadiusCells: Double = 1.5
    ) {
        self.enableInstructions = enableInstructions
        self.enableWallCrossDetection = enableWallCrossDetection
        self.maximumSkipLength = maximumSkipLength
        self.wallCrossTimeout = wallCrossTimeout
        self.maximumPauseSkipLength = maximumPauseSkipLength
        self.pauseBacktrackDistancePixels = pauseBacktrackDistancePixels
        self.noDrawingTimeout = noDrawingTimeout
        self.finishTimeout = finishTimeout
        self.pauseCircleRadiusPixels = pauseCircleRadiusPixels
        self.startRadiusCells = startRadiusCells
    }
}

extension MazeSettings {
    /// The keys battery files use, in the order of the spec's table.
    public static let keys: [String] = [
        "enable-instructions", "enable-wall-cross-detection", "maximum-skip-length", "wall-cross-timeout",
        "maximum-pause-skip-length", "pause-backtrack-distance", "no-drawing-timeout", "finish-timeout",
        "pause-circle-radius", "start-radius",
    ]

    /// What a value of the setting `key` looks like, for error messages; nil for an unknown key.
    static func expectedValue(forKey key: String) -> String? {
        switch key {
        case "enable-instructions", "enable-wall-cross-detection": return "'true' or 'false'"
        case "maximum-skip-length", "maximum-pause-skip-length": return "a whole number of cells, such as '2 cells'"
        case "wall-cross-timeout", "no-drawing-timeout", "finish-timeout":
            return "a duration in seconds or milliseconds, such as '0.5 s' or '500 ms'"
        case "pause-backtrack-distance", "pause-circle-radius": return "a length in pixels, such as '20 px'"
        case "start-radius": return "a length in cells, such as '1.5 cells'"
        default: return nil
        }
    }

    /// Sets the option named `key` from its written value; returns false when the value does not parse.
    ///
    /// - Precondition: `key` is one of `MazeSettings.keys`.
    mutating func set(key: String, value: String) -> Bool {
        let written = SettingValue(value)
        func wholeCells() -> Int? {
            guard let cells = written.number(units: ["cell", "cells"], unitRequired: false), cells == cells.rounded(),
                cells <= 10_000
            else { return nil }
            return Int(cells)
        }
        return switch key {
        case "enable-instructions": set(\.enableInstructions, to: written.flag)
        case "enable-wall-cross-detection": set(\.enableWallCrossDetection, to: written.flag)
        case "maximum-skip-length": set(\.maximumSkipLength, to: wholeCells())
        case "maximum-pause-skip-length": set(\.maximumPauseSkipLength, to: wholeCells())
        case "wall-cross-timeout": set(\.wallCrossTimeout, to: written.duration)
        case "no-drawing-timeout": set(\.noDrawingTimeout, to: written.duration)
        case "finish-timeout": set(\.finishTimeout, to: written.duration)
        case "pause-backtrack-distance":
            set(\.pauseBacktrackDistancePixels, to: written.number(units: ["px"], unitRequired: true))
        case "pause-circle-radius":
            set(\.pauseCircleRadiusPixels, to: written.number(units: ["px"], unitRequired: true))
        case "start-radius": set(\.startRadiusCells, to: written.number(units: ["cell", "cells"], unitRequired: true))
        default: preconditionFailure("unknown maze setting \(key)")
        }
    }
}
