internal import Foundation

/// The inputs of a command that takes many: the arguments expanded into a list of files.
public enum BatchInputs {
    /// True when `arguments` stand for several inputs (more than one, `-`, or a directory): a
    /// command that writes one output per input then writes them into a directory.
    public static func areSeveral(_ arguments: [String]) -> Bool {
        var isDirectory: ObjCBool = false
        return arguments.count > 1 || arguments.first == "-"
            || (FileManager.default.fileExists(atPath: arguments.first ?? "", isDirectory: &isDirectory)
                && isDirectory.boolValue)
    }

    /// Expands `arguments` in order: a directory gives the files under it (recursively, hidden
    /// ones aside) that `takes` accepts, sorted by path; `-` gives the paths read from
    /// `standardInput`, one a line (blank lines aside); anything else is kept as it is (a file
    /// that does not exist is the command's to report, with the others still done).
    ///
    /// - Throws: `BatchInputError` when `-` is given twice, or a directory holds nothing to take.
    public static func expand(
        _ arguments: [String], takes: (String) -> Bool, standardInput: () -> String? = { readStandardInput() }
    ) throws(BatchInputError) -> [String] {
        var inputs: [String] = []
        var readList = false
        for argument in arguments {
            if argument == "-" {
                guard !readList else { throw .standardInputTwice }
                readList = true
                let text = standardInput() ?? ""
                inputs += text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter
                { !$0.isEmpty }
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let files = files(under: argument).filter(takes)
                guard !files.isEmpty else { throw .emptyDirectory(argument) }
                inputs += files
            } else {
                inputs.append(argument)
            }
        }
        return inputs
    }

    /// The regular files under `directory`, hidden files and directories aside, sorted by path.
    /// An evemu description (`*.desc`) is left out too: it is the other half of an events-only
    /// recording (given with `--desc`), never an input of its own, and looks like a recording.
    static func files(under directory: String) -> [String] {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if name.hasPrefix(".") {
                if isDirectory.boolValue { enumerator.skipDescendants() }
                continue
            }
            if !isDirectory.boolValue, !name.hasSuffix(".desc") { files.append(path) }
        }
        return files.sorted()
    }

    /// A name for each of `paths` (its file name without the extension) that no other path of
    /// the list shares: where two would collide (`a/s.evemu`, `b/s.evemu`), their parent
    /// folders are put in front (`a-s`, `b-s`), as many as it takes. The same list always gives
    /// the same names, so outputs named after them do not depend on the order the work finished in.
    public static func distinctNames(_ paths: [String]) -> [String] {
        let components = paths.map { path -> [String] in
            var parts = (path as NSString).pathComponents.filter { $0 != "/" && $0 != "." }
            if let last = parts.popLast() {
                let stem = (last as NSString).deletingPathExtension
                parts.append(stem.isEmpty ? last : stem)
            }
            return parts
        }
        var depth = Array(repeating: 1, count: paths.count)
        func name(_ index: Int) -> String { components[index].suffix(depth[index]).joined(separator: "-") }
        while true {
            let names = paths.indices.map(name)
            let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
            let colliding = paths.indices.filter {
                counts[names[$0], default: 0] > 1 && depth[$0] < components[$0].count
            }
            guard !colliding.isEmpty else { return names }
            for index in colliding { depth[index] += 1 }
        }
    }

    /// All of standard input as text.
    public static func readStandardInput() -> String? {
        String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8)
    }
}

/// Why the inputs cannot be listed.
public enum BatchInputError: Error, CustomStringConvertible, Equatable {
    case standardInputTwice
    case emptyDirectory(String)

    public var description: String {
        switch self {
        case .standardInputTwice: "'-' (the list of inputs on standard input) is given twice; give it once."
        case .emptyDirectory(let directory):
            "\(directory) holds no file this command takes; give a directory of inputs, or the files themselves."
        }
    }
}
