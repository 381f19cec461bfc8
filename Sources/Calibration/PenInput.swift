import Foundation
public import LinuxInput
import LiveRuntime
public import Recordings
public import StylusInput

/// The pen's events for a calibrate command: a recording read to its end, or a live tablet (a
/// `PenEventSource` with a descriptor to wait on, waited on as `record`'s loop waits) until the
/// command has enough or the user presses Ctrl-C.
public enum PenInput {
    case recording(RecordingReader, path: String)
    /// A live source and its node, for messages.
    case live(any PenEventSource, node: String)

    public var device: DeviceDescription {
        switch self {
        case .recording(let reader, _): reader.header.device
        case .live(let source, _): source.description
        }
    }

    /// The recording's path or the tablet's node, for messages.
    public var name: String {
        switch self {
        case .recording(_, let path): path
        case .live(_, let node): node
        }
    }

    /// The pen of a recording (`--recording` with its `--desc`) or of the live tablet at `device`.
    public static func open(recording: String?, descriptionFile: String?, device: String?) throws -> PenInput {
        if let device { return .live(try LiveTablet(node: device), node: device) }
        let path = recording ?? ""
        return .recording(try RecordingReader(path: path, descriptionPath: descriptionFile), path: path)
    }

    public var isLive: Bool {
        if case .live = self { return true }
        return false
    }

    /// Hands each event to `body` in order, until the recording ends; live, until `body` returns
    /// false, Ctrl-C (or SIGTERM) arrives, or the tablet is unplugged (which `note` tells).
    public func forEachEvent(note: (String) -> Void = { _ in }, _ body: (InputEvent) throws -> Bool) throws {
        switch self {
        case .recording(let reader, _):
            while let event = try reader.next() {
                guard try body(event) else { return }
            }
        case .live(let source, let node):
            let signals = SignalPipe.install()
            defer { signals.close() }
            var batch: [InputEvent] = []
            while true {
                if try signals.wait(for: source, node: node, timeout: -1) { return }
                batch.removeAll(keepingCapacity: true)
                let status = try source.read(into: &batch, limit: 4096)
                for event in batch {
                    guard try body(event) else { return }
                }
                if status == .removed {
                    note("The tablet \(node) was unplugged; using what was read before.")
                    return
                }
            }
        }
    }
}
