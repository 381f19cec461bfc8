internal import Foundation
public import SystemErrors

extension ADFReadError: ExitStatusCarrying {
    /// A results file that cannot be opened is missing input (or a permission refused); one that can be opened but
    /// not read as ADF is bad input data.
    public var exitStatus: ExitStatus {
        guard case .unreadable(let why) = reason else { return .dataError }
        let denied = [EACCES, EPERM].map { SystemErrorText.reason(errno: $0) }
        return denied.contains(why) ? .noPermission : .noInput
    }
}

extension ADFInvalidFile: ExitStatusCarrying {
    /// A results file `adf validate` rejects is bad input data.
    public var exitStatus: ExitStatus { .dataError }
}
