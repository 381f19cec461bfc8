public import Proctoring
public import StylusGeometry
public import StylusInput

/// What covers the form, as the proctor's state asks.
public enum FormCover: Hashable, Sendable {
    /// Nothing: the whole form is visible.
    case none
    /// A maze interruption: the maze obscured except the pause circle around the resume point.
    case pauseCircle(centre: FormPosition, radiusCentimetres: Double)
    /// A symbol-digit skip: the form obscured except the box to continue in, which an arrow points at.
    case continueBox(FormRectangle)
    /// The whole form obscured (e.g. between steps).
    case everything
    /// Instructions about one region of the form: the region highlighted, the rest obscured.
    case highlight(FormRectangle)
}

/// The words shown (and spoken) to the patient for each proctor action; one place, so tests pin them.
public enum PatientWords {
    /// A visit's break, with the time left: `A short break: 0:25. The next test begins soon.`
    public static func shortBreak(secondsLeft: Double) -> String {
        let whole = max(0, Int(secondsLeft.rounded(.up)))
        return "A short break: \(whole / 60):" + (whole % 60 < 10 ? "0" : "")
            + "\(whole % 60). The next test begins soon."
    }

    /// The participant's screen between two tests when no break is counting down.
    public static let betweenTests = ["Please wait.", "The next test begins soon."]

    public static let resumeInCircle = "Please continue drawing from inside the circle."
    public static let startAtArrow = "Please start at the green arrow."
    public static let continueInBox = "Please continue in the box the arrow points to."
    /// The clock's command at the spec's default time: "... set the hands to ten past eleven."
    public static let clockCommand = clock(.command, settings: ClockSettings())
    public static let clockCopy = "Please copy the clock shown, as exactly as you can."

    /// The instructions of a clock step: the command with the time of `settings` in words ("set the
    /// hands to quarter to three"), or the copy.
    public static func clock(_ step: ClockStep, settings: ClockSettings) -> String {
        switch step {
        case .command:
            "Please draw the face of a clock, put in all the numbers, and set the hands to \(settings.timeInWords)."
        case .copy: clockCopy
        }
    }

    public static let maze = "Draw a line from the green arrow to the red arrow without crossing any walls."
    public static let symbolDigit = "Write under each symbol the digit the key at the top pairs with it, box after box."
    /// The symbol-digit script's segments (`InstructionScript.symbolDigit`), each spoken while its region shows.
    public static let symbolDigitLegend = "This is the key: each symbol has its own digit under it."
    public static let symbolDigitCopyDigits = "This time each box has a digit printed above it."
    public static let symbolDigitRecallLegend = "The key is gone now. Write the digits from memory."
    public static let symbolDigitSamples = "Start with these sample boxes: write the digit that goes with each symbol."
    public static let symbolDigitCopySamples = "Start with these sample boxes: copy each digit into the box below it."
    public static let symbolDigitFirstRow = "Then go on box after box, row after row, as quickly as you can."
    /// The delayed-recall reminder, shown and spoken when the patient has written nothing for the
    /// settings' `delayed-recall-warning` (20 s by default); it stays until the patient writes.
    public static let symbolDigitRecallReminder =
        "Please go on: write the digit that goes with each symbol, from memory."
    /// Shown with the check mark after a maze is finished.
    public static let wellDone = "Well done"
    public static let continueButton = "Continue"
    public static let repeatButton = "Repeat instructions"
    public static let finished = "Thank you. This test is finished."
    /// While an unplugged tablet is away: the pen draws nothing until it is back.
    public static let tabletUnplugged =
        "Please wait: the tablet was disconnected. The test continues when it is plugged in again."
    /// While the operator has paused the test: neutral, nothing about the patient's drawing.
    public static let paused = "The test is paused. Please wait."

    /// The message of a maze interruption: back to the arrow for the start kinds, else to the circle.
    public static func maze(_ kind: MazeInterruptionKind) -> String {
        switch kind {
        case .startFar, .notEntered: startAtArrow
        case .wallCross, .noDrawing, .resumeFar: resumeInCircle
        }
    }
}

/// What the patient's screen shows at one moment, decided from the proctor's state alone (no
/// clock, no drawing): what covers the form, the message, and the clock's buttons.
public struct PatientView: Hashable, Sendable {
    public var cover: FormCover = .none
    /// The line of text above the form, if any.
    public var message: String?
    /// Whether the clock's continue and repeat-instructions buttons are up.
    public var showsButtons = false
    /// Large words centred on the screen, one a line, the middle line largest (a break's countdown).
    public var announcement: [String] = []
    /// A trail making correction's marks over the form (the wrong circle, the circle to go back to).
    public var trailMarks: TrailsMarks?

    public init(cover: FormCover = .none, message: String? = nil, showsButtons: Bool = false) {
        self.cover = cover
        self.message = message
        self.showsButtons = showsButtons
    }

    /// The view of a maze proctor: while paused, the pause circle around its resume point.
    public static func maze(_ proctor: MazeProctor) -> PatientView {
        guard proctor.state == .paused, let last = proctor.interruptions.last else { return PatientView() }
        guard let resume = proctor.resumePoint?.position ?? last.resumePoint else {
            return PatientView(message: PatientWords.maze(last.kind))
        }
        return PatientView(
            cover: .pauseCircle(centre: resume, radiusCentimetres: proctor.pauseCircleRadiusCentimetres),
            message: PatientWords.maze(last.kind))
    }

    /// A visit's break: the screen covered, the break and its countdown large and centred.
    public static func shortBreak(secondsLeft: Double) -> PatientView {
        let whole = max(0, Int(secondsLeft.rounded(.up)))
        var view = PatientView(cover: .everything)
        view.announcement = [
            "A short break", "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)",
            "The next test begins soon.",
        ]
        return view
    }

    /// Between two tests of a visit: the screen covered, nothing of the desktop or the operator's prompts.
    public static var betweenTests: PatientView {
        var view = PatientView(cover: .everything)
        view.announcement = PatientWords.betweenTests
        return view
    }

    /// The view while the tablet is unplugged: the form hidden, since nothing drawn now is recorded.
    public static let tabletAway = PatientView(cover: .everything, message: PatientWords.tabletUnplugged)

    /// The view while the operator has paused the test: the form hidden, since nothing drawn now is recorded.
    public static let paused = PatientView(cover: .everything, message: PatientWords.paused)

    /// The view of a symbol-digit proctor: after a skip, the box to continue in; after a
    /// delayed-recall reminder, the reminder's words until the patient writes.
    public static func symbolDigit(_ proctor: SymbolDigitProctor) -> PatientView {
        guard let next = proctor.continueIn, let form = proctor.form, next < form.boxes.count else {
            return proctor.isReminding ? PatientView(message: PatientWords.symbolDigitRecallReminder) : PatientView()
        }
        return PatientView(cover: .continueBox(form.boxes[next].box), message: PatientWords.continueInBox)
    }

    /// Whether the form position is hidden from the patient.
    public func isObscured(_ position: FormPosition) -> Bool {
        switch cover {
        case .none:
            return false
        case .everything:
            return true
        case .pauseCircle(let centre, let radius):
            let dx = position.xCentimetres - centre.xCentimetres
            let dy = position.yCentimetres - centre.yCentimetres
            return dx * dx + dy * dy > radius * radius
        case .continueBox(let box), .highlight(let box):
            return !box.contains(position)
        }
    }
}

extension SymbolDigitBox {
    /// The whole box: the printed prompt above and the cell the digit goes in.
    public var box: FormRectangle {
        let minX = min(promptCell.minX, answerCell.minX)
        let minY = min(promptCell.minY, answerCell.minY)
        return FormRectangle(
            x: minX, y: minY, width: max(promptCell.maxX, answerCell.maxX) - minX,
            height: max(promptCell.maxY, answerCell.maxY) - minY)
    }
}

/// The clock's continue and repeat-instructions buttons: offered by the session's button timer,
/// withdrawn when a stroke begins away from them or the step changes; tapped with the pen.
public struct ClockButtons: Hashable, Sendable {
    public let continueRect: PixelRect
    public let repeatRect: PixelRect
    public private(set) var isOffered = false
    public private(set) var offeredAt: EventTime?

    /// The buttons of a screen: bottom right, 4 cm x 1.5 cm each at the display's density, side by side.
    public init(layout: ScreenLayout) {
        let perCm = layout.pixelsPerInch / 2.54
        let width = 4 * perCm
        let height = 1.5 * perCm
        let margin = 0.5 * perCm
        let y = Double(layout.screenHeight) - margin - height
        continueRect = PixelRect(x: Double(layout.screenWidth) - margin - width, y: y, width: width, height: height)
        repeatRect = PixelRect(x: continueRect.x - margin - width, y: y, width: width, height: height)
    }

    /// The session's button timer fired.
    public mutating func offer(at time: EventTime) {
        isOffered = true
        offeredAt = time
    }

    /// A step started or a stroke began elsewhere: the buttons go.
    public mutating func withdraw() {
        isOffered = false
        offeredAt = nil
    }

    /// The button a touch-down at screen pixel (x, y) taps: nil off the buttons, or when they are not up.
    public func tap(x: Double, y: Double) -> ClockButton? {
        guard isOffered else { return nil }
        if continueRect.contains(x: x, y: y) { return .continueTest }
        if repeatRect.contains(x: x, y: y) { return .repeatInstructions }
        return nil
    }
}

extension PatientView {
    /// On row `y` of `layout`'s screen, the pixel columns the cover leaves visible: nil when the
    /// cover hides the whole row, every column when there is no cover. A pixel's centre decides.
    public func visibleColumns(row y: Int, on layout: ScreenLayout) -> Range<Int>? {
        let all = 0..<layout.screenWidth
        let cy = Double(y) + 0.5
        func columns(from x0: Double, to x1: Double) -> Range<Int>? {
            // Pixel x is visible when x0 <= x + 0.5 <= x1.
            let first = max(0, Int((x0 - 0.5).rounded(.up)))
            let last = min(layout.screenWidth - 1, Int((x1 - 0.5).rounded(.down)))
            return first <= last ? first..<(last + 1) : nil
        }
        switch cover {
        case .none:
            return all
        case .everything:
            return nil
        case .pauseCircle(let centre, let radius):
            let (px, py) = layout.pixel(of: centre)
            let r = radius * layout.pixelsPerCentimetre
            let dy = cy - py
            guard abs(dy) <= r else { return nil }
            let half = (r * r - dy * dy).squareRoot()
            return columns(from: px - half, to: px + half)
        case .continueBox(let box), .highlight(let box):
            let (x0, y0) = layout.pixel(of: box.origin)
            let (x1, y1) = layout.pixel(of: FormPosition(xCentimetres: box.maxX, yCentimetres: box.maxY))
            guard cy >= y0, cy <= y1 else { return nil }
            return columns(from: x0, to: x1)
        }
    }
}
