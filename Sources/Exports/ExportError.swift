/// Why visits could not be exported; each says what is wrong and what to do.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case noVisits(path: String)
    case unreadableVisit(path: String, reason: String)
    case missingResults(visit: String, test: Int, kind: String, file: String)
    case changedResults(visit: String, test: Int, kind: String, file: String)
    case unmeasurable(visit: String, test: Int, kind: String, file: String, reason: String)
    case invalidName(option: String, value: String)
    case duplicateRecord(record: String, first: String, second: String)
    case outputExists(file: String)
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case .noVisits(let path):
            "No visit under \(path): no visit.json was found. Give a visit folder (OUT/<participant>/<start>/, written by "
                + "styluskit visit or record --visit) or a directory holding visit folders."
        case .unreadableVisit(let path, let reason):
            "Cannot read the visit in \(path): \(reason)"
        case .missingResults(let visit, let test, let kind, let file):
            "\(visit): test \(test) (\(kind)) names the results file \(file), which is not in the folder. Put the file back "
                + "(or recover it from its journal with styluskit recover) and export again."
        case .changedResults(let visit, let test, let kind, let file):
            "\(visit): test \(test) (\(kind)): the results file \(file) is not the one the visit wrote (its SHA-256 differs "
                + "from visit.json's). Restore the visit's own file; a changed file is not exported."
        case .unmeasurable(let visit, let test, let kind, let file, let reason):
            "\(visit): test \(test) (\(kind)): \(file) cannot be measured: \(reason)"
        case .invalidName(let option, let value):
            "\(option) '\(value)' is not a REDCap name: use 1 to 100 lowercase letters, digits and _, starting with a letter "
                + "(the unique name REDCap shows for it, e.g. baseline_arm_1 for an event)."
        case .duplicateRecord(let record, let first, let second):
            "\(first) and \(second) would both be REDCap record '\(record)'"
                + " in the same event. Give --record-id visit (one record per visit), or export them with different --event names."
        case .outputExists(let file):
            "\(file) exists. Give --force to overwrite it, or another --out."
        case .cannotWrite(let file, let reason):
            "Cannot write \(file): \(reason). Check that the --out directory can be created and written to."
        }
    }
}
