import PatientWindow
import Proctoring
import StylusGeometry
import StylusInput
import Testing

@Suite("Screen layout")
struct ScreenLayoutTests {
    @Test("A Cintiq 13HD's active area fills its 1920 x 1080 panel at physical size")
    func penDisplay() {
        // 293.76 x 165.24 mm active area (Calibration/displays/wacom-cintiq-13hd.yaml), 166.0131 ppi.
        let layout = ScreenLayout(
            form: FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524), screenWidth: 1920, screenHeight: 1080,
            pixelsPerInch: 166.0131)
        #expect(layout.isPhysicalSize)
        #expect(abs(layout.originX) < 0.01 && abs(layout.originY) < 0.01)
        // One inch on the form is 166.0131 pixels.
        let p = layout.pixel(of: FormPosition(xCentimetres: 2.54, yCentimetres: 5.08))
        #expect(abs(p.x - 166.0131) < 0.02)
        #expect(abs(p.y - 332.0262) < 0.02)
        let back = layout.formPosition(x: p.x, y: p.y)
        #expect(abs(back.xCentimetres - 2.54) < 1e-9 && abs(back.yCentimetres - 5.08) < 1e-9)
    }

    @Test("A small form is centred at physical size; a large one shrinks to fit")
    func centringAndFit() {
        // 10 x 5 cm at 254 ppi (100 px/cm) on 1920 x 1080: 1000 x 500 px, centred.
        let small = ScreenLayout(
            form: FormSize(widthCentimetres: 10, heightCentimetres: 5), screenWidth: 1920, screenHeight: 1080,
            pixelsPerInch: 254)
        #expect(small.isPhysicalSize)
        #expect(abs(small.originX - 460) < 1e-9 && abs(small.originY - 290) < 1e-9)
        // 40 x 30 cm at 96 ppi would be 1512 x 1134 px: the height limits it to 1080 / 30 = 36 px/cm.
        let large = ScreenLayout(
            form: FormSize(widthCentimetres: 40, heightCentimetres: 30), screenWidth: 1920, screenHeight: 1080,
            pixelsPerInch: 96)
        #expect(!large.isPhysicalSize)
        #expect(abs(large.pixelsPerCentimetre - 36) < 1e-9)
        #expect(abs(large.originX - 240) < 1e-9 && abs(large.originY) < 1e-9)
    }
}

@Suite("What the patient sees")
struct PatientViewTests {
    /// 1 x 1 cm form on 100 x 100 pixels: 100 px per cm, origin at the top-left pixel.
    let layout = ScreenLayout(
        form: FormSize(widthCentimetres: 1, heightCentimetres: 1), screenWidth: 100, screenHeight: 100,
        pixelsPerInch: 254)

    @Test("The pause circle leaves only its inside visible")
    func pauseCircle() {
        let view = PatientView(
            cover: .pauseCircle(centre: FormPosition(xCentimetres: 0.5, yCentimetres: 0.5), radiusCentimetres: 0.2))
        #expect(!view.isObscured(FormPosition(xCentimetres: 0.69, yCentimetres: 0.5)))
        #expect(view.isObscured(FormPosition(xCentimetres: 0.71, yCentimetres: 0.5)))
        #expect(view.isObscured(FormPosition(xCentimetres: 0.65, yCentimetres: 0.65)))  // 0.212 cm from the centre
        // Row 50's centre is 0.5 px below the circle's: half-chord sqrt(20^2 - 0.5^2) = 19.99 px, so pixel
        // centres 30.5 ... 69.5 are inside: columns 30 to 69.
        #expect(view.visibleColumns(row: 50, on: layout) == 30..<70)
        // Row 29's centre (29.5) is 20.5 px above the circle's centre: outside the radius.
        #expect(view.visibleColumns(row: 29, on: layout) == nil)
    }

    @Test("The row spans agree with the per-point rule on every pixel")
    func spansMatchPoints() {
        let views = [
            PatientView(
                cover: .pauseCircle(centre: FormPosition(xCentimetres: 0.3, yCentimetres: 0.6), radiusCentimetres: 0.25)
            ),
            PatientView(cover: .continueBox(FormRectangle(x: 0.2, y: 0.1, width: 0.35, height: 0.5))),
            PatientView(cover: .everything),
            PatientView(),
        ]
        for view in views {
            for y in 0..<100 {
                let span = view.visibleColumns(row: y, on: layout)
                for x in 0..<100 {
                    let hidden = view.isObscured(layout.formPosition(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    #expect(hidden == !(span?.contains(x) ?? false), "\(view.cover) at pixel \(x), \(y)")
                }
            }
        }
    }

    @Test("A skip leaves only the box to continue in visible")
    func continueBox() {
        let view = PatientView(cover: .continueBox(FormRectangle(x: 2, y: 3, width: 1.27, height: 2.3)))
        #expect(!view.isObscured(FormPosition(xCentimetres: 2.5, yCentimetres: 4)))
        #expect(view.isObscured(FormPosition(xCentimetres: 3.3, yCentimetres: 4)))
        #expect(view.isObscured(FormPosition(xCentimetres: 2.5, yCentimetres: 5.4)))
    }

    @Test("A fresh maze proctor covers nothing")
    func freshMaze() {
        let maze = Maze(
            name: "corridor", rows: 1, columns: 3, cellSizeCentimetres: 1,
            start: MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left),
            end: MazeOpening(cell: MazeCell(row: 0, column: 2), side: .right), wallRightOf: { _ in false },
            wallBelow: { _ in false })
        let proctor = MazeProctor(maze: maze, origin: FormPosition(xCentimetres: 1, yCentimetres: 1))
        #expect(PatientView.maze(proctor) == PatientView())
    }

    @Test("Start interruptions send the patient to the arrow, the others to the circle")
    func mazeWords() {
        #expect(PatientWords.maze(.startFar) == PatientWords.startAtArrow)
        #expect(PatientWords.maze(.notEntered) == PatientWords.startAtArrow)
        #expect(PatientWords.maze(.wallCross) == PatientWords.resumeInCircle)
        #expect(PatientWords.maze(.noDrawing) == PatientWords.resumeInCircle)
        #expect(PatientWords.maze(.resumeFar) == PatientWords.resumeInCircle)
    }

    @Test("The clock's command says the settings' time in words; the default's words are as they were")
    func clockWords() {
        #expect(
            PatientWords.clockCommand
                == "Please draw the face of a clock, put in all the numbers, and set the hands to ten past eleven.")
        #expect(PatientWords.clock(.command, settings: ClockSettings()) == PatientWords.clockCommand)
        #expect(
            PatientWords.clock(.command, settings: ClockSettings(hours: 2, minutes: 45))
                == "Please draw the face of a clock, put in all the numbers, and set the hands to quarter to three.")
        #expect(PatientWords.clock(.copy, settings: ClockSettings(hours: 2, minutes: 45)) == PatientWords.clockCopy)
        #expect(PatientWords.clockCopy == "Please copy the clock shown, as exactly as you can.")
    }

    @Test("The delayed-recall reminder is shown when the proctor gives it, until the patient writes or the part ends")
    func delayedRecallReminder() {
        func at(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }
        let origin = FormPosition(xCentimetres: 1, yCentimetres: 1)
        var proctor = SymbolDigitProctor(
            settings: SymbolDigitSettings(enableRepeat: false, delayedRecallWarning: .milliseconds(5_000)),
            origin: origin)
        _ = proctor.begin(at: at(0))
        _ = proctor.continuePressed(at: at(10))
        _ = proctor.continuePressed(at: at(20))  // delayed recall: the reminder is due at 5.02 s
        #expect(PatientView.symbolDigit(proctor) == PatientView())
        #expect(proctor.timerFired(at: at(5_020)) == [.remindDelayedRecall(at: at(5_020))])
        let reminder = "Please go on: write the digit that goes with each symbol, from memory."
        #expect(PatientView.symbolDigit(proctor) == PatientView(message: reminder))
        #expect(PatientWords.symbolDigitRecallReminder == reminder)
        // Writing takes it away; the next 5 s without writing bring it back.
        _ = proctor.penDown(origin, at: at(6_000))
        #expect(PatientView.symbolDigit(proctor) == PatientView())
        _ = proctor.penUp(origin, at: at(6_100))
        #expect(PatientView.symbolDigit(proctor) == PatientView())
        #expect(proctor.timerFired(at: at(11_100)) == [.remindDelayedRecall(at: at(11_100))])
        #expect(PatientView.symbolDigit(proctor).message == reminder)
        #expect(proctor.reminders == 2)
        // The part's end takes it away.
        _ = proctor.continuePressed(at: at(12_000))
        #expect(PatientView.symbolDigit(proctor) == PatientView())
    }
}

@Suite("Clock buttons")
struct ClockButtonsTests {
    let layout = ScreenLayout(
        form: FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524), screenWidth: 1920, screenHeight: 1080,
        pixelsPerInch: 166.0131)

    @Test("Buttons are 4 x 1.5 cm at the bottom right, continue rightmost")
    func placement() {
        let buttons = ClockButtons(layout: layout)
        let perCm = 166.0131 / 2.54
        #expect(abs(buttons.continueRect.width - 4 * perCm) < 1e-6)
        #expect(abs(buttons.continueRect.height - 1.5 * perCm) < 1e-6)
        #expect(abs(buttons.continueRect.x + buttons.continueRect.width - (1920 - 0.5 * perCm)) < 1e-6)
        #expect(abs(buttons.continueRect.y + buttons.continueRect.height - (1080 - 0.5 * perCm)) < 1e-6)
        #expect(buttons.repeatRect.x + buttons.repeatRect.width < buttons.continueRect.x)
    }

    @Test("A tap counts only while the buttons are offered, and only on a button")
    func taps() {
        var buttons = ClockButtons(layout: layout)
        let onContinue = (x: buttons.continueRect.x + 10, y: buttons.continueRect.y + 10)
        let onRepeat = (x: buttons.repeatRect.x + 10, y: buttons.repeatRect.y + 10)
        #expect(buttons.tap(x: onContinue.x, y: onContinue.y) == nil)
        buttons.offer(at: EventTime(microseconds: 2_500_000))
        #expect(buttons.tap(x: onContinue.x, y: onContinue.y) == .continueTest)
        #expect(buttons.tap(x: onRepeat.x, y: onRepeat.y) == .repeatInstructions)
        #expect(buttons.tap(x: 100, y: 100) == nil)
        buttons.withdraw()
        #expect(buttons.tap(x: onContinue.x, y: onContinue.y) == nil)
    }
}

@Suite("Latency")
struct LatencyMeterTests {
    @Test("Percentiles by nearest rank over frames that showed pen data")
    func percentiles() {
        var meter = LatencyMeter()
        #expect(meter.percentile(0.5) == nil)
        // Delays of 1, 2, ... 100 ms, presented in a shuffled order.
        for ms in [Int64](1...100).reversed() {
            meter.drawn(eventTime: EventTime(microseconds: 1_000_000))
            meter.presented(at: EventTime(microseconds: 1_000_000 + ms * 1_000))
            // A frame with nothing new adds nothing.
            meter.presented(at: EventTime(microseconds: 9_000_000))
        }
        #expect(meter.delaysMicroseconds.count == 100)
        #expect(meter.percentile(0.5) == 50_000)
        #expect(meter.percentile(0.99) == 99_000)
        #expect(meter.summary == "p50 50.0 ms, p99 99.0 ms over 100 frames")
    }

    @Test("The summary judged against one refresh, with the frames' own cost")
    func judgedAgainstRefresh() {
        var meter = LatencyMeter()
        #expect(meter.summary(refreshRate: 60) == "no pen data shown")
        // Delays of 10, 12, 14 and 40 ms; frames drawn in 2 ms each (the frame cost is counted for every frame).
        for (index, ms) in [Int64(10), 12, 14, 40].enumerated() {
            let event = EventTime(microseconds: Int64(index) * 1_000_000)
            meter.drawn(eventTime: event)
            let presented = event.advanced(by: .milliseconds(ms))
            meter.presented(at: presented, drawingSince: presented.advanced(by: .milliseconds(-2)))
        }
        // Nearest rank: p50 is the 2nd of 4 (12 ms), p99 the 4th (40 ms); 60 Hz is 16.7 ms, 40 / 16.667 = 2.4.
        #expect(
            meter.summary(refreshRate: 60)
                == "p50 12.0 ms, p99 40.0 ms over 4 frames; one refresh at 60 Hz is 16.7 ms: p50 met, p99 missed (2.4 refreshes); "
                + "drawing and presenting a frame p50 2.0 ms")
        #expect(
            meter.summary(refreshRate: nil)
                == "p50 12.0 ms, p99 40.0 ms over 4 frames; the monitor's refresh rate is unknown, so the one-refresh target "
                + "cannot be judged; drawing and presenting a frame p50 2.0 ms")
    }

    @Test("A frame's delay is its oldest event's")
    func oldestEvent() {
        var meter = LatencyMeter()
        meter.drawn(eventTime: EventTime(microseconds: 10_000))
        meter.drawn(eventTime: EventTime(microseconds: 14_000))
        meter.presented(at: EventTime(microseconds: 26_000))
        #expect(meter.delaysMicroseconds == [16_000])
    }
}

@Suite("Instruction reading time")
struct InstructionReadingTests {
    @Test("From the instructions to the first touch, once per showing")
    func readingTime() {
        var reading = InstructionReading()
        // A touch before any instructions measures nothing.
        reading.touched(at: EventTime(microseconds: 500_000))
        reading.shown(step: "clockStep-command", at: EventTime(microseconds: 1_000_000), spoken: .milliseconds(3_400))
        reading.touched(at: EventTime(microseconds: 5_250_000))
        // Later touches of the same step do not count again.
        reading.touched(at: EventTime(microseconds: 6_000_000))
        reading.shown(step: "clockStep-copy", at: EventTime(microseconds: 10_000_000), spoken: .milliseconds(2_000))
        reading.touched(at: EventTime(microseconds: 12_500_000))
        #expect(
            reading.readings == [
                .init(step: "clockStep-command", seconds: 4.25, spokenSeconds: 3.4),
                .init(step: "clockStep-copy", seconds: 2.5, spokenSeconds: 2.0),
            ])
    }
}

@Suite("Spoken instructions")
struct SpeechTests {
    @Test("A longer text takes longer to speak, and an unknown voice is refused by name")
    func espeak() throws {
        // espeak-ng offline, synchronous: no sound card needed.
        let short = try PatientScreenSpeech.duration(of: "Continue.", voice: "en")
        let long = try PatientScreenSpeech.duration(of: PatientWords.clockCommand, voice: "en")
        #expect(short.microseconds > 100_000)
        #expect(long.microseconds > 2 * short.microseconds)
        #expect(throws: SpeechError.noSuchVoice("no-such-voice")) {
            try PatientScreenSpeech.duration(of: "Hello.", voice: "no-such-voice")
        }
    }
}

@Suite("A visit's break")
struct BreakWordsTests {
    @Test("The break's words count down in minutes and seconds, rounded up, never below zero")
    func words() {
        #expect(PatientWords.shortBreak(secondsLeft: 30) == "A short break: 0:30. The next test begins soon.")
        #expect(PatientWords.shortBreak(secondsLeft: 24.1) == "A short break: 0:25. The next test begins soon.")
        #expect(PatientWords.shortBreak(secondsLeft: 65) == "A short break: 1:05. The next test begins soon.")
        #expect(PatientWords.shortBreak(secondsLeft: -1) == "A short break: 0:00. The next test begins soon.")
    }
}
