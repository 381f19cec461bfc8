public import SystemErrors

extension PatientWindowError: ExitStatusCarrying {
    /// The patient's window cannot be shown: the display the command needs is unavailable.
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
