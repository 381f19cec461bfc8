public import SystemErrors

extension ProfileError: ExitStatusCarrying {
    /// A malformed profile is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
