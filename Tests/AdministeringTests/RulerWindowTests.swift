import PatientWindow
import Testing

extension OffscreenWindow {
    /// `calibrate display --ruler`'s window on SDL's offscreen driver: the keyboard's keys through SDL's queue.
    @Suite("calibrate display's ruler window")
    struct RulerWindowTests {
        @Test("Arrows size the line, Enter and the typed length measure it; Escape leaves without a measurement")
        func measure() throws {
            OffscreenWindow.useOffscreenDriver()
            do {
                let window = try RulerWindow(monitorIndex: nil)
                #expect(window.videoDriver == "offscreen")
                let start = DisplayRuler(width: window.size.width, height: window.size.height).pixels
                RulerKeyboard.press(
                    [
                        .up, .up, .right, .left, .left, .enter, .character("1"), .character("5"), .character(","),
                        .character("3"), .enter,
                    ])
                let ruler = window.measure()
                #expect(ruler.phase == .measured(pixels: start + 19, centimetres: 15.3))
            }
            do {
                let window = try RulerWindow(monitorIndex: nil)
                RulerKeyboard.press([.enter, .character("2"), .escape, .escape])
                #expect(window.measure().phase == .cancelled)
            }
        }
    }
}
