public import SystemErrors

extension ScoresFileError: ExitStatusCarrying {
    /// A link, folder, device or oversized file in the scores file's place is bad data; a refused record a
    /// refusal the output names.
    public var exitStatus: ExitStatus {
        switch self {
        case .notARegularFile, .tooLarge: .dataError
        case .fileSystem: .ioError
        case .refused: .failure
        }
    }
}
