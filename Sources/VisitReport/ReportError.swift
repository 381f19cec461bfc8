/// Why a visit report could not be made, and what to do.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    case missingResults(folder: String, index: Int, test: String, file: String)
    case noResultsNamed(folder: String, index: Int, test: String)
    case unreadableResults(file: String, index: Int, test: String, reason: String)
    case invalidResults(file: String, index: Int, test: String, problem: String)
    case cannotReadRanges(file: String, reason: String)
    case badRanges(file: String, line: Int, detail: String)
    case noRanges(file: String)
    case outputExists(path: String)

    public var description: String {
        switch self {
        case .missingResults(let folder, let index, let test, let file):
            "Test \(index) (\(test)) of the visit in \(folder) has no results file: \(file) is missing. Restore it from the "
                + "study's backup, or run `styluskit recover` on the test's journal to write it again."
        case .noResultsNamed(let folder, let index, let test):
            "Test \(index) (\(test)) of the visit in \(folder) is marked done but its manifest names no results file; "
                + "the manifest is damaged. Restore visit.json from the study's backup."
        case .unreadableResults(let file, let index, let test, let reason):
            "The results file of test \(index) (\(test)), \(file), cannot be read: \(reason). Check it with `styluskit adf validate`."
        case .invalidResults(let file, let index, let test, let problem):
            "The results file of test \(index) (\(test)), \(file), is not valid ADF: \(problem). Its measures would not be true. "
                + "See every problem with `styluskit adf validate \(file)`; restore the file or rebuild it from its journal with "
                + "`styluskit recover`, or give --allow-invalid to report it anyway, marked as invalid."
        case .cannotReadRanges(let file, let reason):
            "Cannot read the ranges file \(file): \(reason). Give a CSV file of test,measure,low,high,label lines (docs/report.md)."
        case .badRanges(let file, let line, let detail):
            "\(file) line \(line): \(detail). Each line of a ranges file is test,measure,low,high[,label] (docs/report.md)."
        case .noRanges(let file):
            "\(file) holds no range: no line is test,measure,low,high[,label] (only a header, comments or blank lines). "
                + "Give the study's ranges file, one range a line (docs/report.md), or leave out --ranges."
        case .outputExists(let path):
            "\(path) already exists; pass --force to replace it, or give another --out."
        }
    }
}
