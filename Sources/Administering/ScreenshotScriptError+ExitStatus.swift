public import SystemErrors

extension ScreenshotScriptError: ExitStatusCarrying {
    /// `--screenshot`'s value cannot be read: a usage error.
    public var exitStatus: ExitStatus { .usage }
}
