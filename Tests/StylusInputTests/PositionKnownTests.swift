import Testing

@testable import StylusInput

/// No invented coordinates: a pen frame is yielded only once x and y are both known.
@Suite("No invented coordinates")
struct PositionKnownTests {
    @Test("a stream cut mid-stroke yields nothing until y is reported, then enters with the tip down")
    func cutMidStroke() throws {
        var a = try FrameAssembler(device: Devices.cintiq13HD)
        var events: [InputEvent] = []
        // The recording starts inside a stroke: only x and pressure change in its first frame.
        events += frame(at: 0, .abs(AbsoluteAxis.x, 20000), .abs(AbsoluteAxis.pressure, 900))
        events += frame(at: 5, .abs(AbsoluteAxis.x, 20010), .abs(AbsoluteAxis.pressure, 905))
        events += frame(at: 10, .abs(AbsoluteAxis.y, 442), .abs(AbsoluteAxis.pressure, 910))
        events += frame(at: 15, .abs(AbsoluteAxis.x, 20020))
        let out = a.feed(events)
        #expect(out.map(\.pen).prefix(2) == [nil, nil])
        #expect(out[0] == .empty(time: ms(0), gapBefore: nil))
        let first = try #require(out[2].pen)
        #expect(first.axes.x == 20010 && first.axes.y == 442)
        #expect(first.transitions == [.enteredProximity, .tipWentDown] && first.tipDown)
        #expect(out[3].pen?.transitions == [])
        #expect(a.framesWithoutPosition == 2)
    }

    @Test("after a Wacom proximity-out's zeros, a proximity that reports only x waits for y")
    func zerosOfTheLeavingFrameAreNoPosition() throws {
        var a = try FrameAssembler(device: Devices.cintiq13HD)
        var events: [InputEvent] = []
        events += frame(at: 0, .key(KeyCode.toolPen, 1), .abs(AbsoluteAxis.x, 9000), .abs(AbsoluteAxis.y, 8000))
        events += frame(at: 5, .key(KeyCode.toolPen, 0), .abs(AbsoluteAxis.x, 0), .abs(AbsoluteAxis.y, 0))
        events += frame(at: 50, .key(KeyCode.toolPen, 1), .abs(AbsoluteAxis.x, 9100))
        events += frame(at: 55, .abs(AbsoluteAxis.x, 9110))
        events += frame(at: 60, .abs(AbsoluteAxis.y, 8100))
        events += frame(at: 65, .key(KeyCode.toolPen, 0), .abs(AbsoluteAxis.x, 0), .abs(AbsoluteAxis.y, 0))
        let out = a.feed(events)
        #expect(out[0].pen?.transitions == [.enteredProximity])
        #expect(out[1].pen?.transitions == [.leftProximity])
        #expect(out[2].pen == nil && out[3].pen == nil)
        #expect(out[4].pen?.transitions == [.enteredProximity])
        #expect(out[4].pen?.axes.x == 9110 && out[4].pen?.axes.y == 8100)
        #expect(out[5].pen?.transitions == [.leftProximity])
        #expect(a.framesWithoutPosition == 2)
    }

    @Test("a tool that leaves before its position was known leaves unseen")
    func leavesUnseen() throws {
        var a = try FrameAssembler(device: Devices.cintiq13HD)
        var events: [InputEvent] = []
        events += frame(at: 0, .key(KeyCode.toolPen, 1), .abs(AbsoluteAxis.x, 9000))
        events += frame(at: 5, .key(KeyCode.toolPen, 0), .abs(AbsoluteAxis.x, 0))
        let out = a.feed(events)
        #expect(out.allSatisfy { $0.pen == nil })
        #expect(a.framesWithoutPosition == 2)
    }

    @Test("a lens cursor on the Intuos4's shared node never yields a pen frame")
    func lensFramesAreNotPenFrames() throws {
        var a = try FrameAssembler(device: Devices.intuos4)
        var events: [InputEvent] = []
        events += frame(
            at: 0, .key(KeyCode.toolLens, 1), .abs(AbsoluteAxis.x, 9000), .abs(AbsoluteAxis.y, 8000), .serial(0x1234))
        events += frame(at: 5, .abs(AbsoluteAxis.x, 9010), .key(0x110, 1), .serial(0x1234))
        events += frame(
            at: 10, .key(KeyCode.toolLens, 0), .abs(AbsoluteAxis.x, 0), .abs(AbsoluteAxis.y, 0), .serial(0x1234))
        events += frame(
            at: 50, .key(KeyCode.toolPen, 1), .abs(AbsoluteAxis.x, 9100), .abs(AbsoluteAxis.y, 8100), .serial(0x99))
        let out = a.feed(events)
        #expect(out.prefix(3).allSatisfy { $0.pen == nil })
        #expect(a.puckFrames == 3)
        #expect(out[3].pen?.tool == .pen && out[3].pen?.transitions == [.enteredProximity])
        #expect(a.framesWithoutPosition == 0)
    }

    @Test("eraser contact is marked as the eraser's, not the pen's")
    func eraserContact() throws {
        var a = try FrameAssembler(device: Devices.cintiq13HD)
        var events: [InputEvent] = []
        events += frame(at: 0, .key(KeyCode.toolRubber, 1), .abs(AbsoluteAxis.x, 9000), .abs(AbsoluteAxis.y, 8000))
        events += frame(at: 5, .abs(AbsoluteAxis.pressure, 800), .key(KeyCode.touch, 1))
        let out = a.feed(events)
        let contact = try #require(out[1].pen)
        #expect(contact.tool == .eraser && contact.isInContact && contact.isEraserContact)
        var b = try FrameAssembler(device: Devices.cintiq13HD)
        let pen = b.feed(
            frame(at: 0, .key(KeyCode.toolPen, 1), .abs(AbsoluteAxis.x, 9000), .abs(AbsoluteAxis.y, 8000))
                + frame(at: 5, .abs(AbsoluteAxis.pressure, 800), .key(KeyCode.touch, 1)))
        #expect(pen[1].pen?.isInContact == true && pen[1].pen?.isEraserContact == false)
    }
}
