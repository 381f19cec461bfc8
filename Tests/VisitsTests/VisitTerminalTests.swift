import Administering
import Foundation
import Sessions
import TestMaterials
import Testing

@testable import Visiting
@testable import Visits

/// The operator's terminal between tests, driven by a scripted terminal: keys typed at given
/// times, a clock that moves only when the visit waits, and a screen that does what a terminal does
/// with the visit's output (and, while the terminal edits lines itself, with the typed keys' echo).
@Suite struct VisitTerminalTests {
    /// A terminal with a screen of lines, keys scripted in time, and the kernel's line discipline:
    /// while the visit does not show typing itself, keys are echoed at once and handed over by line.
    final class ScriptedTerminal: OperatorConsole {
        var isTTY = true
        /// False for a pipe: lines sent ahead are kept from one prompt to the next.
        var dropsTypedAhead = true
        var columns = 79
        var time = 0.0
        /// The keys still to come, in time order.
        var keys: [(at: Double, text: String)]
        var typingShown = false
        /// The line the terminal is editing (its own echo on screen), not yet handed over.
        private var edited: [UInt8] = []
        var screen: [String] = [""]
        var row = 0
        var column = 0
        /// What the operator saw on the cursor's line each time the visit waited, and when.
        var seen: [(at: Double, line: String)] = []

        init(keys: [(at: Double, text: String)]) { self.keys = keys }

        func write(_ text: String) {
            var rest = Substring(text)
            while let character = rest.first {
                if rest.hasPrefix("\u{1B}[2K") {
                    screen[row] = ""
                    rest = rest.dropFirst(4)
                    continue
                }
                rest = rest.dropFirst()
                switch character {
                case "\r": column = 0
                case "\n":
                    row += 1
                    column = 0
                    if row == screen.count { screen.append("") }
                default:
                    var line = Array(screen[row])
                    while line.count < column { line.append(" ") }
                    if column < line.count { line[column] = character } else { line.append(character) }
                    screen[row] = String(line)
                    column += 1
                }
            }
        }

        func now() -> Double { time }

        func beginWaiting() -> Bool { dropsTypedAhead }

        func showTyping(_ on: Bool) { typingShown = on }

        func wait(seconds: Double?) -> ConsoleInput {
            seen.append((time, screen[row]))
            let deadline = seconds.map { time + $0 }
            while let next = keys.first, deadline.map({ next.at <= $0 }) ?? true {
                keys.removeFirst()
                time = max(time, next.at)
                let bytes = Array(next.text.utf8)
                if typingShown { return .typed(bytes) }
                // The terminal echoes the keys where the cursor is and hands the line over at Enter.
                write(next.text)
                edited += bytes
                if let end = edited.lastIndex(of: UInt8(ascii: "\n")) {
                    defer { edited.removeSubrange(...end) }
                    return .typed(Array(edited[...end]))
                }
            }
            guard let deadline else { return .closed }
            time = deadline
            return .nothing
        }
    }

    static let sdt = ProtocolTest(test: .sdt)

    @Test func theBreakCountdownNeverErasesWhatTheOperatorTypes() {
        let terminal = ScriptedTerminal(keys: [(1.2, "s "), (1.5, "feels"), (2.6, " unwell"), (3.4, "\n")])
        let desk = VisitTerminal(console: terminal)
        let choice = desk.choose(before: Self.sdt, position: 1, count: 3, breakSeconds: 5)
        #expect(choice == .skip(reason: "feels unwell"))
        // Every look at the terminal while the reason was being typed shows what was typed so far.
        let typed: [(from: Double, text: String)] = [(1.2, "s "), (1.5, "s feels"), (2.6, "s feels unwell")]
        for look in terminal.seen where look.at >= 1.2 && look.at < 3.4 {
            let text = typed.last { $0.from <= look.at }!.text
            #expect(look.line.hasSuffix("> " + text), "at \(look.at) s the operator saw '\(look.line)'")
        }
        #expect(terminal.seen.contains { $0.at >= 2 && $0.at < 3.4 && $0.line.hasPrefix("  break: 0:03 left") })
        // The answer stays on the terminal as it was typed.
        #expect(terminal.screen.contains("> s feels unwell"))
        #expect(!terminal.typingShown)
    }

    @Test func aSkipWithoutReasonAsksForOneWithTheTerminalEditingTheLine() {
        let terminal = ScriptedTerminal(keys: [(0.5, "s\n"), (1.5, "tired\n")])
        let desk = VisitTerminal(console: terminal)
        #expect(desk.choose(before: Self.sdt, position: 1, count: 3, breakSeconds: 30) == .skip(reason: "tired"))
        #expect(terminal.screen.contains("Why is symbol-digit (sdt) skipped? Type the reason and Enter."))
        // The reason is echoed by the terminal, which edits that line.
        #expect(terminal.screen.contains("tired"))
    }

    @Test func aBreakRunsOutAndTheTestWaitsForEnter() {
        let terminal = ScriptedTerminal(keys: [(7, "\n")])
        let desk = VisitTerminal(console: terminal)
        #expect(desk.choose(before: Self.sdt, position: 0, count: 1, breakSeconds: 3) == .administer)
        #expect(terminal.screen.contains("The break is over."))
        #expect(terminal.screen.contains("Ready for symbol-digit (sdt): \(OperatorCommand.choices)."))
    }

    @Test func linesSentAheadOnAPipeAnswerTheNextPrompts() {
        let terminal = ScriptedTerminal(keys: [(0, "s tremor in the right hand\n\nq\n")])
        (terminal.isTTY, terminal.dropsTypedAhead) = (false, false)
        let desk = VisitTerminal(console: terminal)
        #expect(
            desk.choose(before: Self.sdt, position: 0, count: 3, breakSeconds: nil)
                == .skip(reason: "tremor in the right hand"))
        #expect(desk.choose(before: Self.sdt, position: 1, count: 3, breakSeconds: nil) == .administer)
        #expect(desk.choose(before: Self.sdt, position: 2, count: 3, breakSeconds: 30) == .abort)
    }

    @Test func theBreakLineKeepsTheEndOfALongAnswer() {
        #expect(
            VisitTerminal.breakLine(secondsLeft: 24.2, typed: "s tired", columns: 79) == "  break: 0:25 left > s tired")
        let long = String(repeating: "x", count: 100) + "END"
        let line = VisitTerminal.breakLine(secondsLeft: 5, typed: long, columns: 40)
        #expect(line.count == 40)
        #expect(line.hasPrefix("  break: 0:05 left > <") && line.hasSuffix("END"))
    }

    @Test func typedLinesAreEditedAsATerminalEditsThem() {
        func typed(_ keys: [UInt8]) -> (text: String, lines: [String]) {
            var line = TypedLine()
            var lines: [String] = []
            for key in keys { if let done = line.take(key) { lines.append(done) } }
            return (line.text, lines)
        }
        // Backspace takes a whole character (é is two bytes), Ctrl-U the line, Ctrl-W a word; arrows are not text.
        #expect(typed(Array("s cafés".utf8) + [0x7F, 0x7F]).text == "s caf")
        #expect(typed(Array("wrong".utf8) + [0x15] + Array("s ok".utf8)).text == "s ok")
        #expect(typed(Array("s very tired ".utf8) + [0x17]).text == "s very ")
        #expect(
            typed(Array("s a".utf8) + [0x1B, UInt8(ascii: "["), UInt8(ascii: "D")] + Array("b".utf8)).text == "s ab")
        #expect(typed(Array("s tired\r\nq\n".utf8)).lines == ["s tired", "q"])
    }

    /// During a test the terminal takes no commands, but the operator's line, redrawn every second
    /// and at each note, never erases what is typed there: it shows it after itself, and a line ended
    /// with Enter (or left unfinished at the test's end) stays with a note that it was not read.
    @Test func theOperatorLineDuringATestNeverErasesWhatTheOperatorTypes() {
        let terminal = ScriptedTerminal(keys: [(1, "s feels"), (2, " unwell"), (3, "\n"), (4, "tired")])
        let operatorTerminal = OperatorTerminal(console: terminal, isTTY: true, note: { terminal.write($0 + "\n") })
        #expect(terminal.typingShown)
        func line(_ seconds: Int) -> String {
            "sdt, part symbolDigitStep-test, 0:0\(seconds) | N next part, R repeat instructions, P pause, Escape twice ends, "
                + "Ctrl+Q twice aborts"
        }
        operatorTerminal.status(line(0))
        #expect(terminal.screen[terminal.row] == String(line(0).prefix(79)))
        terminal.time = 1
        operatorTerminal.takeKeys()
        #expect(terminal.screen[terminal.row].hasSuffix(" > s feels"), "\(terminal.screen[terminal.row])")
        // The line's redraw a second later keeps what is being typed.
        operatorTerminal.status(line(1))
        #expect(terminal.screen[terminal.row].hasPrefix("sdt, part symbolDigitStep-test, 0:01 |"))
        #expect(terminal.screen[terminal.row].hasSuffix(" > s feels"), "\(terminal.screen[terminal.row])")
        #expect(terminal.screen[terminal.row].count <= 79)
        terminal.time = 2
        operatorTerminal.takeKeys()
        // A message on a line of its own, and the typed text back under it at once.
        operatorTerminal.note("Next part.")
        #expect(terminal.screen.contains("Next part."))
        #expect(terminal.screen[terminal.row].hasSuffix(" > s feels unwell"), "\(terminal.screen[terminal.row])")
        terminal.time = 3
        operatorTerminal.takeKeys()
        #expect(terminal.screen.contains(OperatorTerminal.notRead("s feels unwell")))
        #expect(
            OperatorTerminal.notRead("s feels unwell")
                == "> s feels unwell  (not read: the terminal takes no commands during a test; the window's keys are N, R, P, "
                + "Escape, Ctrl+Q. A skip reason is typed at the next test's prompt.)")
        terminal.time = 4
        operatorTerminal.takeKeys()
        operatorTerminal.status(line(4))
        #expect(terminal.screen[terminal.row].hasSuffix(" > tired"))
        operatorTerminal.finish()
        #expect(terminal.screen.contains(OperatorTerminal.notRead("tired")))
        #expect(terminal.screen[terminal.row] == "")
        #expect(!terminal.typingShown)
    }

    @Test func theOperatorLineKeepsTheEndOfLongTypedText() {
        let status =
            "maze, part maze-1, 0:05 | N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q twice aborts"
        #expect(OperatorTerminal.line(status, typed: "", columns: 79) == String(status.prefix(79)))
        #expect(
            OperatorTerminal.line(status, typed: "s tired", columns: 79) == String(status.prefix(69)) + " > s tired")
        let long = String(repeating: "a", count: 60) + "END"
        let shown = OperatorTerminal.line(status, typed: long, columns: 79)
        #expect(shown.count <= 79 && shown.hasSuffix("END") && shown.contains(" > <"), "\(shown)")
    }
}

/// The visit's summary and manifest say which instructions were shown, not spoken, and why.
@Suite struct UnspokenInstructionsInTheVisitTests {
    @Test func theSummaryNamesTheStepsByReason() {
        #expect(
            VisitSummary.unspokenLines([
                "clockStep-copy": "no audio output device", "clockStep-command": "no audio output device",
            ]) == [
                "     instructions shown, not spoken (no audio output device): clockStep-command, clockStep-copy"
            ])
    }

    @Test func theManifestSaysWhichStepsWentUnspokenAndWhy() throws {
        var test = VisitManifest.Test(index: 0, test: "clock")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(test), as: UTF8.self).contains(#""instructionsNotSpoken":null"#))
        test.instructionsNotSpoken = ["clockStep-command": "no audio output device"]
        #expect(
            String(decoding: try encoder.encode(test), as: UTF8.self).contains(
                #""instructionsNotSpoken":{"clockStep-command":"no audio output device"}"#))
    }
}

/// A protocol's words reach the operator's terminal with their control characters shown, not obeyed (issue 34).
@Suite struct VisitTerminalEscapesTests {
    @Test("A note quoting a protocol's title with an OSC and a CSI sequence writes them in caret notation")
    func escapesShown() {
        let console = VisitTerminalTests.ScriptedTerminal(keys: [])
        VisitTerminal(console: console).note("Protocol: Baseline\u{1B}]0;owned\u{07}\u{1B}[2J")
        #expect(console.screen[0] == "Protocol: Baseline^[]0;owned^G^[[2J")
    }
}
