internal import Foundation
public import Proctoring
public import Recordings

/// The largest text file (a profile, a maze, a settings file) a session reads: the biggest maze
/// it accepts (2,500 cells) is about 20 kB, so a bigger file is a mistake, and it is refused before
/// it is read into memory.
public let maximumTextFileBytes = 16 << 20

/// Reads a small text file (a profile, a maze), with an error that names it and its purpose.
public func readText(_ path: String, purpose: String) throws(TextFileError) -> String {
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
        size.intValue > maximumTextFileBytes
    {
        throw .tooLarge(file: path, purpose: purpose, bytes: size.intValue, limit: maximumTextFileBytes)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw .isDirectory(file: path, purpose: purpose)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .cannotRead(file: path, purpose: purpose)
    }
    // A file of another kind (a recording given as a maze, a PNG as settings) is named as what it is.
    let kind = InputFileKind(head: data.prefix(64 << 10))
    let expected: InputFileKind? =
        switch purpose {
        case "tablet profile": .tabletProfile
        case "display profile": .displayProfile
        default: nil
        }
    // A table is left to the file's own parser: a hand-written maze or settings file may look like one.
    if kind != expected, kind != .csv, let what = WrongInputError.whatItIs(kind, path: path) {
        throw .wrongKind(file: path, purpose: purpose, what: what)
    }
    return String(decoding: data, as: UTF8.self)
}

/// Why a session's text file could not be read.
public enum TextFileError: Error, CustomStringConvertible {
    case cannotRead(file: String, purpose: String)
    case isDirectory(file: String, purpose: String)
    /// A file of another kind, which `what` names with the command that takes it.
    case wrongKind(file: String, purpose: String, what: String)
    case tooLarge(file: String, purpose: String, bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .cannotRead(let file, let purpose):
            "Cannot read the \(purpose) \(file): it does not exist or is not readable. Check the path and its permissions."
        case .wrongKind(let file, let purpose, let what):
            "\(file) is \(what), not a \(purpose). Give the \(purpose) itself."
        case .isDirectory(let file, let purpose):
            "\(file) is a directory, not a \(purpose); give the \(purpose) file itself."
        case .tooLarge(let file, let purpose, let bytes, let limit):
            "The \(purpose) \(file) has \(bytes) bytes, more than the \(limit) a \(purpose) may have. "
                + "Check that it is the right file."
        }
    }
}

extension JournaledFile.Role {
    /// What the file is, as errors name it.
    public var purpose: String {
        switch self {
        case .settings: "settings file"
        case .tabletProfile: "tablet profile"
        case .displayProfile: "display profile"
        case .maze: "maze file"
        case .battery: "maze battery"
        case .trailsLayout: "trail layout file"
        }
    }
}

extension ProctoringSettings {
    /// The settings of a settings file (`--settings FILE`), or the spec's defaults without one.
    public init(file: String?) throws {
        guard let file else {
            self.init()
            return
        }
        try self.init(yaml: try readText(file, purpose: "settings file"), source: file)
    }
}
