import StylusInput

/// Errors of the command line itself; the modules' errors pass through unchanged.
enum CommandError: Error, CustomStringConvertible {
    case profileDoesNotMatch(file: String, device: String, id: InputID)
    case noEvents(file: String)
    case invalidStepSplit(String)
    case yamlOutputTooLarge(input: String, limit: Int)

    var description: String {
        switch self {
        case let .profileDoesNotMatch(file, device, id):
            "The tablet profile \(file) does not match the recording's device \"\(device)\" (\(id.busVendorProduct)). "
                + "Fix its 'match:' section, or leave out --profile to search Calibration/."
        case let .noEvents(file):
            "\(file) holds a device description but no events. Record some pen input first, or pass the events file together with --desc."
        case let .invalidStepSplit(value):
            "'\(value)' is not a step-split rule. Use 'longest-pause', 'none', or a number of seconds after the first event (e.g. 12.5)."
        case let .yamlOutputTooLarge(input, limit):
            "\(input) is too long for libinput-record: its YAML would be larger than \(limit) bytes, the most StylusKit "
                + "reads back. Nothing was written; keep it as evemu, or convert a shorter recording."
        }
    }
}
