internal import Foundation
public import SystemErrors

/// A failure as standard error shows it: `Error: MESSAGE`, or under `--json` one line
/// `{"error":MESSAGE,"exitStatus":N}` (docs/json/error.md).
public struct ErrorReport: Encodable, Sendable {
    public var error: String
    public var exitStatus: Int32

    public init(message: String, status: ExitStatus) {
        error = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        exitStatus = status.rawValue
    }

    /// The line for a person.
    public var text: String { "Error: \(error)" }

    /// The line for a script: compact, sorted keys.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
