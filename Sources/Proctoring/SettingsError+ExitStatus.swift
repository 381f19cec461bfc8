public import SystemErrors

extension SettingsError: ExitStatusCarrying {
    /// A malformed settings file is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
