import Foundation

/// The folders `styluskit serve` was given, and the only place a request may name a file in.
///
/// A request names a file as `N/relative/path`: N is the folder's place on the command line (from 0),
/// the rest a path inside it. Whatever the request says, the file it reaches must be a regular file
/// whose real path (symlinks resolved) lies inside that folder's real path: `..`, an absolute path,
/// a symlink pointing out, a device or a FIFO are all refused with `ServedPathError`.
public struct ServedFolders: Sendable {
    /// The folders as given, each with its real path (symlinks resolved).
    public let folders: [(given: String, real: String)]

    /// The folders of the command line; a folder that does not exist or is not a folder is refused.
    public init(_ paths: [String]) throws(ServedPathError) {
        var folders: [(given: String, real: String)] = []
        for path in paths {
            guard let real = Self.realPath(path), Self.isDirectory(real) else { throw .notAFolder(path) }
            folders.append((path, real))
        }
        guard !folders.isEmpty else { throw .noFolder }
        self.folders = folders
    }

    /// The request's name for a file or folder at `real`, a real path inside folder `index`.
    public func name(folder index: Int, real: String) -> String {
        let base = folders[index].real
        let relative = real == base ? "" : String(real.dropFirst(base.count + (base.hasSuffix("/") ? 0 : 1)))
        return relative.isEmpty ? "\(index)" : "\(index)/\(relative)"
    }

    /// The real path of the regular file (or, with `folder`, the directory) a request names.
    ///
    /// - Throws: `ServedPathError` for a name that is not `N/path`, leaves the folder (by `..` or a
    ///   symlink), does not exist, or is not a regular file (a folder).
    public func resolve(_ name: String, folder wantsFolder: Bool = false) throws(ServedPathError) -> String {
        guard name.utf8.count <= 4096, !name.contains("\0") else { throw .badName }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, let index = Int(first), folders.indices.contains(index) else { throw .badName }
        let rest = parts.dropFirst()
        // Refused by name before any file is looked at: a request has no business naming `..` or `.`.
        for part in rest where part == ".." || part == "." || part.isEmpty { throw .outside }
        let base = folders[index].real
        let joined = rest.isEmpty ? base : base + "/" + rest.joined(separator: "/")
        guard let real = Self.realPath(joined) else { throw .missing }
        guard real == base || real.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { throw .outside }
        if wantsFolder {
            guard Self.isDirectory(real) else { throw .missing }
        } else {
            guard Self.isRegularFile(real) else { throw .notAFile }
        }
        return real
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A regular file, not a link to one (the paths asked about are real paths already), a FIFO or a device.
    static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }
}

/// Why a request's file name was refused; each becomes a 4xx answer with these words.
public enum ServedPathError: Error, Sendable, Hashable, CustomStringConvertible {
    case noFolder
    case notAFolder(String)
    case badName
    case outside
    case missing
    case notAFile

    public var description: String {
        switch self {
        case .noFolder: "Give at least one folder to serve: styluskit serve DIR..."
        case .notAFolder(let path):
            "\(path) is not a folder: give the folders that hold the visits and results files to serve."
        case .badName:
            "The file name is not one this server gave: it must be a folder's number, then a path inside it "
                + "(open the list page and follow its links)."
        case .outside:
            "That path leads outside the folders being served: only files inside them can be opened."
        case .missing: "No such file in the folders being served: reload the list page, the file may have moved."
        case .notAFile: "That is not a regular file: only results files and folders can be opened."
        }
    }
}
