internal import Foundation

/// The directory a session writes its results (and a live one its journal) into: created with its
/// parents when missing, with an error that says what is wrong with it and what to do, never a
/// raw Foundation error.
public enum OutputDirectory {
    /// Makes sure `path` is a directory, creating it (and its parents) if need be.
    public static func create(_ path: String) throws(OutputDirectoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path) }
            return
        }
        // mkdir(2) each missing component, as `mkdir -p` does, so the error is the system's own reason.
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw .cannotCreate(path, reason: String(cString: strerror(errno)))
            }
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(path)
        }
    }
}

/// Why the output directory cannot be used.
public enum OutputDirectoryError: Error, CustomStringConvertible {
    case notADirectory(String)
    case cannotCreate(String, reason: String)

    public var description: String {
        switch self {
        case .notADirectory(let path):
            "\(path) is a file, not a directory: --out takes the directory to write into (the results file is named "
                + "after the recording or session). Give a directory, or a new path to create one."
        case .cannotCreate(let path, let reason):
            "Cannot create the output directory \(path): \(reason). Give --out a directory you can write to."
        }
    }
}
