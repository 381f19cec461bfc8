public import ADF
internal import FileLocations
internal import Foundation

/// Where a replay writes its results file. With `--force` over an existing file, the recorder
/// writes the new file beside it and renames it over the old one only once it is complete, so a
/// failed or killed replay leaves the old results intact (and no second file under another name).
public struct ResultsDestination: Sendable {
    /// The results file's final path.
    public let path: String
    public let variant: ADFVariant
    private let replacing: Bool

    /// Creates `directory` if needed and names the results of `name` there.
    public init(directory: String, name: String, variant: ADFVariant, force: Bool) throws {
        try OutputDirectory.create(directory)
        path = ADFRecorder.resultsPath(directory: directory, name: name, variant: variant)
        replacing = force
        self.variant = variant
    }

    /// A recorder writing to `path`; without --force it refuses an existing file there, as results
    /// are never overwritten silently.
    public func recorder() throws -> ADFRecorder {
        try ADFRecorder(destination: path, variant: variant, replacing: replacing)
    }

}
