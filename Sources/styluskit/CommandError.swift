/// Errors of the command line itself; the modules' errors pass through unchanged.
enum CommandError: Error, CustomStringConvertible {
    case yamlOutputTooLarge(input: String, limit: Int)

    var description: String {
        switch self {
        case let .yamlOutputTooLarge(input, limit):
            "\(input) is too long for libinput-record: its YAML would be larger than \(limit) bytes, the most StylusKit "
                + "reads back. Nothing was written; keep it as evemu, or convert a shorter recording."
        }
    }
}
