import Administering
import FileLocations
import Foundation
import Recordings
import Sessions
import Testing

/// The repository's fixtures.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A real Dell Canvas recording: a feed for `administer`'s live path.
    static let dellCanvas = "Fixtures/recordings/real/dell_canvas_pen.evemu"
    /// A real Wacom Cintiq 13HD's description: the device of the presenter's sessions.
    static let cintiq = "Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events"

    /// The shipped profiles only: no /etc or user folder can change what a test sees.
    static let lookup = CalibrationLookup(projectDirectory: root.path, environment: ["HOME": "/nonexistent"])
}

/// A temporary directory, removed with its contents when the test is done with it.
final class Scratch {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "styluskit-administering-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Every suite that opens the patient window: one at a time, since SDL's video and its event
/// queue belong to the process; on SDL's offscreen driver, with software rendering and silent audio,
/// whatever display the machine has.
@Suite("Administering on SDL's offscreen driver", .serialized)
enum OffscreenWindow {
    /// Before any window opens (see `OffscreenSDL`).
    static func useOffscreenDriver() { OffscreenSDL.use() }
}

/// The operator's keys for one session, pressed in turns: the first as soon as the window is up,
/// each next one once the operator is told something that contains its cue (the loop has then
/// handled the keys before it).
final class OperatorScript {
    struct Turn {
        /// Pressed once a note contains this; nil: as soon as the window is up.
        var after: String?
        var keys: [OperatorKeyboard.Key]
    }

    private var turns: [Turn]
    /// Everything the operator was told, in order.
    private(set) var notes: [String] = []

    init(_ turns: [Turn]) { self.turns = turns }

    /// The window is up: the keys of the turns without a cue.
    func windowOpened() { pressDue(note: nil) }

    func note(_ text: String) {
        notes.append(text)
        pressDue(note: text)
    }

    private func pressDue(note: String?) {
        guard let turn = turns.first else { return }
        if let cue = turn.after {
            guard let note, note.contains(cue) else { return }
        }
        turns.removeFirst()
        OperatorKeyboard.press(turn.keys)
    }

    /// How many notes contain `text`.
    func count(_ text: String) -> Int { notes.filter { $0.contains(text) }.count }
}

/// `administer --feed RECORDING --offscreen` in-process: the live path (journal first, then the
/// driver, the presenter, the loop) on a real recording fed `speed` times faster than recorded,
/// with `script`'s keys.
func administer(
    _ test: JournaledTest, feed: String = Fixture.dellCanvas, speed: Double = 1, script: OperatorScript,
    into directory: String
) throws -> WindowedLiveSessionOutcome {
    OffscreenWindow.useOffscreenDriver()
    var request = AdministerRequest(
        test: test, pen: .feed(path: Fixture.path(feed), speed: speed), directory: directory)
    request.offscreen = true
    request.opened = { _, _, _, _ in script.windowOpened() }
    return try WindowedLiveSession.run(request, note: { script.note($0) })
}

/// The journal's control lines of `kind` (`continue`, `pause`, ...).
func controlLines(_ kind: String, in journal: String) throws -> Int {
    try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
        .filter { $0.hasPrefix("# StylusKit control: \(kind) ") }.count
}
