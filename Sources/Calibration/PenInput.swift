import Foundation
public import LinuxInput
public import Recordings
import Sessions
public import StylusInput

/// The pen's events for a calibrate command: a recording read to its end, or a live tablet read
/// until the command has enough or the user presses Ctrl-C.
public enum PenInput {
    case recording(RecordingReader, path: String)
    case live(LiveTablet)

    public var device: DeviceDescription {
        switch self {
        case .recording(let reader, _): reader.header.device
        case .live(let tablet): tablet.description
        }
    }

    /// The recording's path or the tablet's node, for messages.
    public var name: String {
        switch self {
        case .recording(_, let path): path
        case .live(let tablet): tablet.node
        }
    }

    /// The pen of a recording (`--recording` with its `--desc`) or of the live tablet at `device`.
    public static func open(recording: String?, descriptionFile: String?, device: String?) throws -> PenInput {
        if let device { return .live(try LiveTablet(node: device)) }
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
        case .live(let tablet):
            let signals = SignalPipe.install()
            var batch: [InputEvent] = []
            while true {
                var fds = [
                    pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: tablet.fileDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                if poll(&fds, nfds_t(fds.count), -1) < 0 {
                    if errno == EINTR { continue }
                    throw LiveInputError.readFailed(node: tablet.node, reason: String(cString: strerror(errno)))
                }
                if fds[0].revents & Int16(POLLIN) != 0 { return }
                batch.removeAll(keepingCapacity: true)
                let status = try tablet.read(into: &batch)
                for event in batch {
                    guard try body(event) else { return }
                }
                if status == .removed {
                    note("The tablet \(tablet.node) was unplugged; using what was read before.")
                    return
                }
            }
        }
    }
}
