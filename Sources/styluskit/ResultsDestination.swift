import ADF
import Foundation

/// Where a replay writes its results file: the final name, or, with `--force` over an existing
/// file, a name beside it that is renamed over the old file only once the new one is complete, so a
/// failed replay leaves the old results intact.
struct ResultsDestination {
    /// The results file's final path.
    let path: String
    /// Where the recorder writes.
    let writePath: String
    let variant: ADFVariant

    /// Creates `directory` if needed and names the results of `name` there.
    init(directory: String, name: String, variant: ADFVariant, force: Bool) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = ADFRecorder.resultsPath(directory: directory, name: name, variant: variant)
        let replacing = force && FileManager.default.fileExists(atPath: path)
        writePath = replacing ? path + ".replacing-\(getpid())" : path
        self.variant = variant
    }

    /// A recorder writing to `writePath`; it refuses an existing file there, as results are never overwritten silently.
    func recorder() throws -> ADFRecorder {
        try ADFRecorder(destination: writePath, variant: variant)
    }

    /// Moves a finished file written beside an old one over it.
    func commit() throws {
        guard writePath != path else { return }
        guard rename(writePath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: writePath)
            throw CommandError.cannotReplace(file: path, reason: reason)
        }
    }
}
