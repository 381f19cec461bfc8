/// What ties an encrypted patient record to the one results file it belongs to.
///
/// A results file is identified by its file name (without the directory) and the Unix time in
/// milliseconds of its first step's start, as its first `Start timestamp=` attribute records it.
/// Both survive copying the file anywhere, and two results files differ in at least one of them:
/// names are unique in a directory, and files of the same name from different sessions started
/// at different times. Renaming a results file therefore makes its patient records unreadable
/// under the new name (rename it back to read them); that is the price of refusing a record
/// pasted in from another file.
public struct ResultsFileBinding: Sendable, Hashable, Codable {
    /// The results file's name, e.g. "session-12.csk".
    public var fileName: String
    /// Unix milliseconds of the start of the test's first step, rounded down as ADF writes it.
    public var startTimestamp: Int64

    public init(fileName: String, startTimestamp: Int64) {
        self.fileName = fileName
        self.startTimestamp = startTimestamp
    }

    /// The binding of the results file at `path` whose first step starts at `startUnixMilliseconds`.
    public init(resultsPath path: String, startUnixMilliseconds: Double) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        self.init(fileName: name, startTimestamp: Int64(startUnixMilliseconds.rounded(.down)))
    }

    /// How messages name it.
    public var description: String {
        "\(fileName), started at \(startTimestamp)"
    }
}
