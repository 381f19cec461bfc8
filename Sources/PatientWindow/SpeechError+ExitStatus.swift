public import SystemErrors

extension SpeechError: ExitStatusCarrying {
    /// No speech synthesiser, voice or audio output: a service the command needs is not there.
    public var exitStatus: ExitStatus { .unavailable }
}
