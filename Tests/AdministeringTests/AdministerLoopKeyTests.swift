import Administering
import Foundation
import Recordings
import Sessions
import Testing

extension OffscreenWindow {
    /// The administer loop's handling of the operator's keys (AdministerLoop.run), on the live path
    /// of `administer --feed`: what each key does to the session, what the operator is told, what
    /// the journal keeps and whether the results are written.
    @Suite("The administer loop's keys")
    struct AdministerLoopKeyTests {
        static let escapeAgain = "Press Escape again within 5 s to end the test"
        static let ctrlQAgain = "Press Ctrl+Q again within 5 s to abort the test"

        @Test(
            "N ends the clock's command step, N again its copy step: the results are written, two steps ended by the operator"
        )
        func nextPartTwice() throws {
            let scratch = try Scratch()
            let script = OperatorScript([.init(keys: [.n]), .init(after: "Next part.", keys: [.pageDown])])
            let session = try administer(.clock, script: script, into: scratch.path)
            #expect(session.stepsEndedByOperator == 2)
            #expect(session.stoppedBy == nil)
            #expect(!session.aborted)
            #expect(FileManager.default.fileExists(atPath: session.results))
            #expect(session.result?.output == session.results)
            #expect(script.notes.contains("Next part."))
            #expect(script.notes.contains("Next part: that was the last; the test is over."))
            #expect(try controlLines("continue", in: session.journal) == 2)
            #expect(try controlLines("end", in: session.journal) == 1)
        }

        @Test("One Escape only asks for a second; the second ends every step left and the results are written")
        func escapeTwice() throws {
            let scratch = try Scratch()
            let script = OperatorScript([.init(keys: [.escape]), .init(after: Self.escapeAgain, keys: [.escape])])
            let session = try administer(.clock, script: script, into: scratch.path)
            #expect(script.count(Self.escapeAgain) == 1)
            #expect(session.stepsEndedByOperator == 2)
            #expect(!session.aborted)
            #expect(FileManager.default.fileExists(atPath: session.results))
            #expect(try controlLines("continue", in: session.journal) == 2)
        }

        @Test("Another key between two Escapes cancels the first: the next Escape asks again")
        func escapeCancelledByAnotherKey() throws {
            let scratch = try Scratch()
            let script = OperatorScript([
                .init(keys: [.escape, .r, .escape]),
                .init(after: Self.escapeAgain, keys: []),
                .init(after: Self.escapeAgain, keys: [.escape]),
            ])
            let session = try administer(.clock, script: script, into: scratch.path)
            #expect(script.count(Self.escapeAgain) == 2)
            #expect(session.stepsEndedByOperator == 2)
            #expect(FileManager.default.fileExists(atPath: session.results))
        }

        @Test("Ctrl+Q twice aborts: no results file, the journal kept without an end, for recover")
        func ctrlQTwice() throws {
            let scratch = try Scratch()
            let script = OperatorScript([.init(keys: [.ctrlQ]), .init(after: Self.ctrlQAgain, keys: [.ctrlQ])])
            let session = try administer(.clock, script: script, into: scratch.path)
            #expect(session.aborted)
            #expect(!FileManager.default.fileExists(atPath: session.results))
            #expect(FileManager.default.fileExists(atPath: session.journal))
            #expect(try controlLines("end", in: session.journal) == 0)
            #expect(session.stepsEndedByOperator == 0)
        }

        @Test(
            "Q without Ctrl and Ctrl+R are no operator keys; closing the window asks for a confirmation as Ctrl+Q does")
        func keysThatAreNotCommands() throws {
            let scratch = try Scratch()
            let script = OperatorScript([.init(keys: [.q, .ctrlR, .n]), .init(after: "Next part.", keys: [.n])])
            let session = try administer(.clock, script: script, into: scratch.path)
            // Only the two N presses did anything.
            #expect(
                script.notes.filter { $0.hasPrefix("Press ") || $0 == "Resumed." || $0.hasPrefix("Paused") }.isEmpty)
            #expect(session.stepsEndedByOperator == 2)

            let closed = try Scratch()
            let closing = OperatorScript([.init(keys: [.ctrlQ])])
            OffscreenWindow.useOffscreenDriver()
            var request = AdministerRequest(
                test: .clock, pen: .feed(path: Fixture.path(Fixture.dellCanvas), speed: 1), directory: closed.path)
            request.offscreen = true
            request.opened = { _, _, _, _ in OperatorKeyboard.closeWindow() }
            let aborted = try WindowedLiveSession.run(
                request,
                note: { text in
                    closing.note(text)
                    if text.hasPrefix("Press Ctrl+Q again") { OperatorKeyboard.closeWindow() }
                })
            #expect(closing.count(Self.ctrlQAgain) == 1)
            #expect(aborted.aborted)
        }

        @Test("P pauses: N and R are refused until P resumes; the journal keeps the pause and the resume")
        func pauseRefusesNextPart() throws {
            let scratch = try Scratch()
            let script = OperatorScript([
                .init(keys: [.p]),
                .init(after: "Paused:", keys: [.n, .r]),
                .init(after: "P resumes it first", keys: []),
                .init(after: "P resumes it first", keys: [.p]),
                .init(after: "Resumed.", keys: [.n, .n]),
            ])
            let session = try administer(.clock, script: script, into: scratch.path)
            #expect(script.count("The test is paused: P resumes it first.") == 2)
            #expect(session.pauses == 1)
            #expect(session.stepsEndedByOperator == 2)
            #expect(try controlLines("pause", in: session.journal) == 1)
            #expect(try controlLines("resume", in: session.journal) == 1)
            #expect(try controlLines("continue", in: session.journal) == 2)
            // The pause is stamped before the resume, and both before the first continue.
            let lines = try String(contentsOfFile: session.journal, encoding: .utf8).split(separator: "\n")
            let order = lines.compactMap { line -> String? in
                for kind in ["pause", "resume", "continue"] where line.hasPrefix("# StylusKit control: \(kind) ") {
                    return kind
                }
                return nil
            }
            #expect(order == ["pause", "resume", "continue", "continue"])
        }

        @Test("Without a key the session runs to the feed's end: no step ended by the operator")
        func noKeys() throws {
            let scratch = try Scratch()
            let script = OperatorScript([])
            let session = try administer(.clock, speed: 50, script: script, into: scratch.path)
            #expect(session.stepsEndedByOperator == 0)
            #expect(!session.aborted)
            // The feed's end ended both steps, journaled as continues, as a recording's end does.
            #expect(try controlLines("continue", in: session.journal) == 2)
            #expect(FileManager.default.fileExists(atPath: session.results))
            #expect(script.notes.first?.hasPrefix("Administering clock on ") == true)
        }
    }
}
