import StylusGeometry
import StylusInput
import Testing

@testable import Proctoring

/// A snake of 3 × 6 one-centimetre cells, its top-left corner at the form's origin: row 1 left to
/// right, down at column 6, row 2 right to left, down at column 1, row 3 left to right.
///
/// Distances by hand: from row 1 column c to row 2 column c' (1-based) the path runs to column 6,
/// down, and back: (6 − c) + 1 + (6 − c'). So straight down from column 5 is 3 steps (2 cells
/// skipped), from column 4 to row 2 column 5 is 4 steps (3 skipped), straight down from column 4
/// is 5 steps (4 skipped).
let snakeText = """
    name: snake
    cell-size: 1 cm
    start: row 1 column 1 left
    end: row 3 column 6 right
    placement: left 0 cm top 0 cm

    +---+---+---+---+---+---+
                            |
    +---+---+---+---+---+   +
    |                       |
    +   +---+---+---+---+---+
    |
    +---+---+---+---+---+---+
    """

func snakeProctor(_ settings: MazeSettings = MazeSettings()) throws -> MazeProctor {
    let maze = try Maze(parsing: snakeText, source: "snake.maze")
    return MazeProctor(maze: maze, settings: settings, origin: form(0, 0))
}

/// Row-major index of a 1-based (row, column) of the snake.
func snakeCell(_ row: Int, _ column: Int) -> Int { (row - 1) * 6 + (column - 1) }

/// Starts at the start arrow's mouth at t = 0 and draws along the middle of row 1 (y = `y`) to
/// x = 3.5 cm, 0.1 cm every 10 ms: the last sample is at 410 ms.
func drawToColumn4(_ script: inout MazeScript, y: Double = 0.5) {
    script.down(form(-0.5, y), at: instant(0))
    script.line(from: form(-0.5, y), to: form(3.5, y), steps: 40, start: instant(10))
}

func expectClose(_ a: FormPosition?, _ b: FormPosition, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let a else {
        Issue.record("no position", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(a.xCentimetres - b.xCentimetres) < 1e-9, sourceLocation: sourceLocation)
    #expect(abs(a.yCentimetres - b.yCentimetres) < 1e-9, sourceLocation: sourceLocation)
}

@Suite("Maze proctoring algorithm")
struct MazeProctorTests {
    @Test("Pixel options convert through the density: 20 px and 32 px at 264 ppi")
    func pixelConversion() throws {
        let proctor = try snakeProctor()
        // 20 / 264 × 2.54 and 32 / 264 × 2.54, worked by hand.
        #expect(abs(proctor.pauseBacktrackDistanceCentimetres - 0.192_424_242) < 1e-8)
        #expect(abs(proctor.pauseCircleRadiusCentimetres - 0.307_878_788) < 1e-8)
        let settings = MazeSettings()
        #expect(settings.maximumSkipLength == 2 && settings.maximumPauseSkipLength == 0)
        #expect(settings.wallCrossTimeout == .milliseconds(500) && settings.noDrawingTimeout == .milliseconds(2_000))
        #expect(settings.finishTimeout == .milliseconds(2_000))
        #expect(settings.enableInstructions && settings.enableWallCrossDetection)
        #expect(PixelDensity(pixelsPerInch: 100).centimetres(fromPixels: 50) == 1.27)
    }

    @Test("Positions map to cells, the start opening's mouth, or outside")
    func locations() throws {
        let placed = try snakeProctor().mazeOnForm
        #expect(placed.location(of: form(0.5, 0.5)) == .cell(0))
        #expect(placed.location(of: form(5.99, 2.99)) == .cell(snakeCell(3, 6)))
        // On a boundary: the cell right of it and below it.
        #expect(placed.location(of: form(1.0, 1.0)) == .cell(snakeCell(2, 2)))
        #expect(placed.location(of: form(-0.5, 0.5)) == .opening(0))
        #expect(placed.location(of: form(6.5, 2.5)) == .opening(snakeCell(3, 6)))
        #expect(placed.location(of: form(-0.5, 1.5)) == .outside)
        #expect(placed.location(of: form(6.5, 0.5)) == .outside)
        #expect(placed.location(of: form(-1.5, 0.5)) == .outside)
        #expect(placed.location(of: form(1e300, -1e300)) == .outside)
    }

    @Test("A cut corner does not interrupt")
    func cutCorner() throws {
        var script = MazeScript(try snakeProctor())
        script.down(form(-0.5, 0.5), at: instant(0))
        var time = script.line(from: form(-0.5, 0.5), to: form(4.5, 0.5), steps: 50, start: instant(10))
        // Row 1 column 5 straight to row 2 column 6: diagonal neighbours, one cell (row 1 column 6) cut.
        script.move(form(4.8, 0.8), at: time.advanced(by: .milliseconds(10)))
        script.move(form(5.1, 1.1), at: time.advanced(by: .milliseconds(20)))
        time = script.line(
            from: form(5.2, 1.5), to: form(3.5, 1.5), steps: 17, start: time.advanced(by: .milliseconds(30)))
        script.advance(to: time.advanced(by: .milliseconds(600)))
        #expect(script.armCount(.wallCross) == 0)
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.activePath.contains { $0.cellIndex == snakeCell(2, 6) })
        #expect(script.proctor.activePath.last?.cellIndex == snakeCell(2, 4))
    }

    @Test("A clipped wall skipping exactly two cells does not interrupt; with a limit of one it does")
    func clippedWallSkippingTwo() throws {
        for limit in [2, 1] {
            var script = MazeScript(try snakeProctor(MazeSettings(maximumSkipLength: limit)))
            script.down(form(-0.5, 0.5), at: instant(0))
            let time = script.line(from: form(-0.5, 0.5), to: form(4.5, 0.5), steps: 50, start: instant(10))
            // Straight down from row 1 column 5 to row 2 column 5: 3 steps round the wall, 2 cells skipped.
            script.line(from: form(4.5, 0.6), to: form(4.5, 1.5), steps: 9, start: time.advanced(by: .milliseconds(10)))
            if limit == 2 {
                #expect(script.armCount(.wallCross) == 0)
                #expect(script.proctor.state == .inProgress)
                #expect(script.proctor.activePath.last?.cellIndex == snakeCell(2, 5))
            } else {
                #expect(script.armCount(.wallCross) == 1)
                #expect(script.proctor.state == .crossedWall)
                #expect(script.proctor.activePath.last?.cellIndex == snakeCell(1, 5))
            }
        }
    }

    @Test("A skip of three cells held 0.4 s does not interrupt")
    func skipOfThreeHeldBriefly() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        // Row 1 column 4 to row 2 column 5: 4 steps, 3 cells skipped, from 420 ms to 820 ms.
        let across = script.move(form(4.5, 1.5), at: instant(420))
        #expect(across == [.armTimer(.wallCross, deadline: instant(920))])
        #expect(script.proctor.state == .crossedWall)
        script.hold(form(4.5, 1.5), from: instant(430), for: 390)
        let back = script.move(form(3.5, 0.5), at: instant(830))
        #expect(back == [.cancelTimer(.wallCross)])
        #expect(script.proctor.state == .inProgress)
        script.hold(form(3.5, 0.5), from: instant(840), for: 700)
        #expect(script.interruptions.isEmpty)
        // The points drawn across are not part of the path.
        #expect(!script.proctor.activePath.contains { $0.cellIndex == snakeCell(2, 5) })
    }

    @Test("A skip of three cells held 0.6 s interrupts once, resuming before the cross")
    func skipOfThreeHeldTooLong() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.move(form(4.5, 1.5), at: instant(420))
        script.hold(form(4.5, 1.5), from: instant(430), for: 590)
        let lift = script.up(form(4.5, 1.5), at: instant(1_030))
        #expect(lift.isEmpty)
        #expect(script.interruptions.count == 1)
        let interruption = try #require(script.interruptions.first)
        #expect(interruption.kind == .wallCross)
        #expect(interruption.time == instant(920))
        // 0.1 cm per sample: two samples back (0.2 cm) is the first at least 0.1924 cm back from 3.5 cm.
        expectClose(interruption.resumePoint, form(3.3, 0.5))
        expectClose(script.proctor.resumePoint?.position, form(3.3, 0.5))
        expectClose(script.proctor.activePath.last?.position, form(3.3, 0.5))
        #expect(script.proctor.state == .paused)
        // The stroke ended at the interruption: nothing after it was answered.
        let endIndex = try #require(script.log.firstIndex { $0.action == .endStroke(at: instant(920)) })
        #expect(script.log[endIndex + 1].action == .interrupt(interruption))
        #expect(script.log.allSatisfy { $0.time <= instant(920) })
    }

    @Test("A cross lasting exactly the timeout interrupts, even without a timer")
    func crossOfExactlyTheTimeout() throws {
        var proctor = try snakeProctor()
        _ = proctor.penDown(form(0.5, 0.5), at: instant(0))
        _ = proctor.penMoved(form(3.5, 0.5), at: instant(100))
        #expect(proctor.penMoved(form(4.5, 1.5), at: instant(200)) == [.armTimer(.wallCross, deadline: instant(700))])
        #expect(proctor.penMoved(form(4.5, 1.5), at: instant(699)).isEmpty)
        // This driver never fires the timer: the sample at the deadline must still interrupt.
        let actions = proctor.penMoved(form(3.5, 0.5), at: instant(700))
        #expect(actions.first == .endStroke(at: instant(700)))
        #expect(actions.contains { if case .interrupt(let i) = $0 { i.kind == .wallCross } else { false } })
        #expect(proctor.state == .paused)
    }

    @Test("Many brief tremor-like crossings do not interrupt")
    func tremor() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        var time = instant(410)
        for _ in 0..<30 {
            // Just across the wall below row 1 column 4 (4 cells skipped) for 50 ms, then back for 50 ms.
            time = script.hold(form(3.5, 1.05), from: time.advanced(by: .milliseconds(10)), for: 50)
            time = script.hold(form(3.5, 0.95), from: time.advanced(by: .milliseconds(10)), for: 50)
        }
        script.advance(to: time.advanced(by: .milliseconds(1_000)))
        #expect(script.armCount(.wallCross) == 30)
        #expect(script.cancelCount(.wallCross) == 30)
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.state == .inProgress)
    }

    @Test("A wall cross is not excused by lifting the pen")
    func liftWhileAcross() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.move(form(4.5, 1.5), at: instant(420))
        #expect(script.up(form(4.5, 1.5), at: instant(430)) == [.armTimer(.noDrawing, deadline: instant(2_430))])
        #expect(script.proctor.state == .crossedWall)
        script.advance(to: instant(3_000))
        #expect(script.interruptions.map(\.kind) == [.wallCross])
        #expect(script.interruptions.first?.time == instant(920))
        #expect(!script.log.contains { if case .endStroke = $0.action { true } else { false } })
    }

    @Test("An operator's pause postpones every armed timer by its length: the no-drawing timer fires that much later")
    func postponedTimers() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        #expect(script.up(form(3.3, 0.5), at: instant(430)) == [.armTimer(.noDrawing, deadline: instant(2_430))])
        // Paused at 1,000 ms (the driver stops firing timers), resumed at 6,000: 5 s later.
        var proctor = script.proctor
        proctor.postponeTimers(by: .milliseconds(5_000))
        #expect(proctor.nextDeadline == instant(7_430))
        #expect(proctor.timerFired(at: instant(7_429)).isEmpty)
        _ = proctor.timerFired(at: instant(7_430))
        #expect(proctor.interruptions.map(\.kind) == [.noDrawing])
        #expect(proctor.interruptions.first?.time == instant(7_430))
    }

    @Test("Lifted across a wall with a wall-cross timeout longer than the no-drawing timeout: no-drawing")
    func noDrawingWhileAcross() throws {
        var script = MazeScript(try snakeProctor(MazeSettings(wallCrossTimeout: .milliseconds(5_000))))
        drawToColumn4(&script)
        script.move(form(4.5, 1.5), at: instant(420))
        script.up(form(4.5, 1.5), at: instant(430))
        script.advance(to: instant(10_000))
        #expect(script.interruptions.map(\.kind) == [.noDrawing])
        #expect(script.interruptions.first?.time == instant(2_430))
        expectClose(script.interruptions.first?.resumePoint, form(3.3, 0.5))
        #expect(script.cancelCount(.wallCross) == 1)
    }

    @Test("After lifting across a wall, a new stroke back on the path in time resumes")
    func liftAcrossThenComeBack() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.move(form(4.5, 1.5), at: instant(420))
        script.up(form(4.5, 1.5), at: instant(430))
        // Outside the maze: refused, still across.
        #expect(script.down(form(3.5, -0.5), at: instant(500)) == [.refuseStroke(.outsideMaze)])
        script.up(form(3.5, -0.5), at: instant(510))
        #expect(
            script.down(form(3.45, 0.5), at: instant(600))
                == [.cancelTimer(.noDrawing), .acceptStroke, .cancelTimer(.wallCross)])
        #expect(script.proctor.state == .inProgress)
        script.advance(to: instant(2_000))
        #expect(script.interruptions.isEmpty)
    }

    @Test("With wall-cross detection off, a long cross does not interrupt")
    func wallCrossDetectionOff() throws {
        var script = MazeScript(try snakeProctor(MazeSettings(enableWallCrossDetection: false)))
        drawToColumn4(&script)
        script.hold(form(3.5, 1.5), from: instant(420), for: 1_000)
        #expect(script.armCount(.wallCross) == 0)
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.activePath.last?.cellIndex == snakeCell(2, 4))
    }

    @Test("Pen up for 2.1 s interrupts once with no-drawing; 1.9 s does not")
    func noDrawing() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        #expect(script.up(form(3.5, 0.5), at: instant(410)) == [.armTimer(.noDrawing, deadline: instant(2_410))])
        script.advance(to: instant(2_510))
        #expect(script.interruptions.count == 1)
        #expect(script.interruptions.first?.kind == .noDrawing)
        #expect(script.interruptions.first?.time == instant(2_410))
        expectClose(script.interruptions.first?.resumePoint, form(3.3, 0.5))
        #expect(script.proctor.state == .paused)

        var resumed = MazeScript(try snakeProctor())
        drawToColumn4(&resumed)
        resumed.up(form(3.5, 0.5), at: instant(410))
        #expect(resumed.down(form(3.5, 0.5), at: instant(2_310)) == [.cancelTimer(.noDrawing), .acceptStroke])
        resumed.hold(form(3.6, 0.5), from: instant(2_320), for: 500)
        #expect(resumed.interruptions.isEmpty)
        #expect(resumed.proctor.state == .inProgress)
    }

    @Test("While paused, a stroke outside the pause circle is refused; inside it resumes")
    func pauseCircle() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.up(form(3.5, 0.5), at: instant(410))
        script.advance(to: instant(2_500))
        #expect(script.proctor.state == .paused)
        // 0.5 cm from the resume point (3.3, 0.5): outside the 0.3079 cm circle.
        #expect(script.down(form(3.8, 0.5), at: instant(3_000)) == [.refuseStroke(.outsidePauseCircle)])
        #expect(script.move(form(3.7, 0.5), at: instant(3_010)).isEmpty)
        #expect(script.up(form(3.7, 0.5), at: instant(3_020)).isEmpty)
        #expect(script.proctor.state == .paused)
        // 0.25 cm away, same cell.
        #expect(script.down(form(3.55, 0.5), at: instant(3_500)) == [.acceptStroke])
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.resumePoint == nil)
        #expect(script.interruptions.count == 1)
    }

    @Test("While paused, a stroke inside the circle but across a wall is refused")
    func pauseAcrossWall() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script, y: 0.9)
        script.up(form(3.5, 0.9), at: instant(410))
        script.advance(to: instant(2_500))
        expectClose(script.proctor.resumePoint?.position, form(3.3, 0.9))
        // 0.2 cm below the resume point, inside the circle, but in row 2 across the wall (4 cells skipped).
        #expect(script.down(form(3.3, 1.1), at: instant(3_000)) == [.refuseStroke(.acrossWallFromPausePoint)])
        script.up(form(3.3, 1.1), at: instant(3_010))
        #expect(script.down(form(3.3, 0.8), at: instant(3_100)) == [.acceptStroke])
    }

    @Test("A larger pause skip limit lets a stroke resume across a wall")
    func pauseSkipLimit() throws {
        var script = MazeScript(
            try snakeProctor(MazeSettings(maximumPauseSkipLength: 4, pauseCircleRadiusPixels: 100)))
        drawToColumn4(&script, y: 0.9)
        script.up(form(3.5, 0.9), at: instant(410))
        script.advance(to: instant(2_500))
        // Row 2 column 4 is 5 steps from row 1 column 4: 4 skipped, within this limit.
        #expect(script.down(form(3.3, 1.1), at: instant(3_000)) == [.acceptStroke])
    }

    @Test("After lifting, a new stroke far from the path's end is refused and interrupts")
    func resumeFar() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.up(form(3.5, 0.5), at: instant(410))
        let actions = script.down(form(2.0, 0.5), at: instant(1_000))
        let interruption = MazeInterruption(kind: .resumeFar, time: instant(1_000), resumePoint: form(3.3, 0.5))
        #expect(actions.count == 3)
        #expect(actions.prefix(2) == [.cancelTimer(.noDrawing), .refuseStroke(.outsidePauseCircle)])
        expectClose(script.interruptions.first?.resumePoint, form(3.3, 0.5))
        #expect(script.interruptions.map(\.kind) == [interruption.kind])
        #expect(script.proctor.state == .paused)
        script.advance(to: instant(5_000))
        #expect(script.interruptions.count == 1)
    }

    @Test("A first stroke far from the start arrow is refused with start-far")
    func startFar() throws {
        var script = MazeScript(try snakeProctor())
        let far = script.down(form(4.5, 0.5), at: instant(0))
        #expect(
            far == [
                .refuseStroke(.farFromStart),
                .interrupt(MazeInterruption(kind: .startFar, time: instant(0), resumePoint: nil)),
            ])
        #expect(script.move(form(4.6, 0.5), at: instant(10)).isEmpty)
        script.up(form(4.6, 0.5), at: instant(20))
        #expect(script.proctor.state == .notStarted)
        // Near the arrow (1.1 cm) but in row 2, across the wall from the start cell.
        #expect(script.down(form(0.5, 1.5), at: instant(100)).first == .refuseStroke(.farFromStart))
        script.up(form(0.5, 1.5), at: instant(110))
        // In the start cell: entered at once.
        #expect(script.down(form(0.5, 0.5), at: instant(200)) == [.acceptStroke])
        #expect(script.proctor.state == .inProgress)
        #expect(script.interruptions.map(\.kind) == [.startFar, .startFar])
    }

    @Test("A stroke begun at the arrow enters the maze; one that never enters interrupts with not-entered")
    func notEntered() throws {
        var script = MazeScript(try snakeProctor())
        #expect(script.down(form(-0.6, 0.5), at: instant(0)) == [.acceptStroke])
        #expect(script.proctor.state == .notEntered)
        script.line(from: form(-0.6, 0.5), to: form(-0.2, 0.6), steps: 4, start: instant(10))
        #expect(script.proctor.state == .notEntered)
        let lift = script.up(form(-0.2, 0.6), at: instant(60))
        #expect(lift == [.interrupt(MazeInterruption(kind: .notEntered, time: instant(60), resumePoint: nil))])
        #expect(script.proctor.state == .notStarted)
        #expect(script.proctor.activePath.isEmpty)

        script.down(form(-0.6, 0.5), at: instant(1_000))
        script.line(from: form(-0.6, 0.5), to: form(0.4, 0.5), steps: 10, start: instant(1_010))
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.activePath.first?.cellIndex == 0)
    }

    @Test("Reaching the end finishes; the finish comes after the finish timeout")
    func finish() throws {
        var script = MazeScript(try snakeProctor())
        script.down(form(-0.5, 0.5), at: instant(0))
        var time = script.line(from: form(-0.5, 0.5), to: form(5.5, 0.5), steps: 60, start: instant(10))
        time = script.line(from: form(5.5, 0.6), to: form(5.5, 1.5), steps: 9, start: time + 10)
        time = script.line(from: form(5.4, 1.5), to: form(0.5, 1.5), steps: 49, start: time + 10)
        time = script.line(from: form(0.5, 1.6), to: form(0.5, 2.5), steps: 9, start: time + 10)
        let rowThree = time + 10
        // x = 0.55 + 0.1 i: the first sample in column 6 (x ≥ 5) is i = 45.
        time = script.line(from: form(0.55, 2.5), to: form(6.55, 2.5), steps: 60, start: rowThree)
        #expect(script.interruptions.isEmpty)
        #expect(script.log.contains { $0.action == .reachedEnd(at: rowThree.advanced(by: .milliseconds(450))) })
        #expect(script.proctor.state == .finished)
        let finishDeadline = time.advanced(by: .milliseconds(2_000))
        #expect(script.up(form(6.55, 2.5), at: time) == [.armTimer(.finish, deadline: finishDeadline)])
        script.advance(to: time.advanced(by: .milliseconds(1_999)))
        #expect(!script.proctor.isComplete)
        script.advance(to: time.advanced(by: .milliseconds(2_000)))
        #expect(script.proctor.isComplete)
        #expect(script.log.last?.action == .finish(at: time.advanced(by: .milliseconds(2_000))))
        let late = time.advanced(by: .milliseconds(3_000))
        #expect(script.down(form(3, 2.5), at: late) == [.refuseStroke(.mazeFinished)])
    }

    @Test("Resuming after a wall-cross interruption continues the path from the resume point")
    func resumeAfterWallCross() throws {
        var script = MazeScript(try snakeProctor())
        drawToColumn4(&script)
        script.hold(form(4.5, 1.5), from: instant(420), for: 600)
        script.up(form(4.5, 1.5), at: instant(1_030))
        #expect(script.down(form(3.35, 0.5), at: instant(2_000)) == [.acceptStroke])
        let count = script.proctor.activePath.count
        // The path kept x = 0.0, 0.1, …, 3.3 (34 points; those in the start arrow's mouth never
        // entered it), plus this one.
        #expect(count == 35)
        script.line(from: form(3.4, 0.5), to: form(5.5, 0.5), steps: 21, start: instant(2_010))
        #expect(script.proctor.state == .inProgress)
        #expect(script.interruptions.count == 1)
    }

    @Test("Stale timer calls do nothing")
    func staleTimers() throws {
        var proctor = try snakeProctor()
        #expect(proctor.timerFired(at: instant(10_000)).isEmpty)
        _ = proctor.penDown(form(0.5, 0.5), at: instant(0))
        _ = proctor.penUp(form(0.6, 0.5), at: instant(10))
        #expect(proctor.nextDeadline == instant(2_010))
        _ = proctor.penDown(form(0.6, 0.5), at: instant(500))
        #expect(proctor.nextDeadline == nil)
        // The driver fires the cancelled no-drawing timer anyway.
        #expect(proctor.timerFired(at: instant(2_010)).isEmpty)
        #expect(proctor.state == .inProgress)
    }

    @Test(
        "200 000 samples back and forth along a corridor never interrupt (the speed is proctor-bench's, not a test's)")
    func longCorridorRun() throws {
        var proctor = try snakeProctor(MazeSettings(enableWallCrossDetection: true))
        _ = proctor.penDown(form(0.5, 0.5), at: instant(0))
        for index in 0..<200_000 {
            // Back and forth along row 1, crossing cells but never a wall.
            let phase = index % 1_000
            let x = 0.5 + Double(phase < 500 ? phase : 1_000 - phase) / 100
            _ = proctor.penMoved(form(x, 0.5), at: EventTime(microseconds: Int64(index) * 100))
            if proctor.state != .inProgress { break }
        }
        #expect(proctor.state == .inProgress)
    }
}

extension EventTime {
    /// Convenience for scripts: `time + 10` is 10 ms later.
    static func + (lhs: EventTime, rhs: Int64) -> EventTime { lhs.advanced(by: .milliseconds(rhs)) }
}
