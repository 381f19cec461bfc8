/// Why a calibration profile could not be read. Every case names the file and, where there is
/// one, the key (as a dotted path such as `pressure.maximum`).
public enum ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not YAML; `detail` is the parser's message with line and column.
    case notYAML(source: String, detail: String)
    /// The file holds no document, or its top level is not a mapping.
    case notAMapping(source: String, key: String?, found: String)
    /// A key the schema does not have (often a misspelling).
    case unknownKey(source: String, key: String, allowed: [String])
    /// A key the schema requires is absent.
    case missingKey(source: String, key: String, example: String)
    /// A value of the wrong kind: `expected` says what the key takes.
    case wrongType(source: String, key: String, expected: String, found: String)
    /// A value of the right kind outside what the key allows.
    case invalidValue(source: String, key: String, problem: String)
    /// A `schema` this version does not read.
    case unsupportedSchema(source: String, found: String)

    public var description: String {
        switch self {
        case .notYAML(let source, let detail):
            return "\(source): not valid YAML: \(detail)"
        case .notAMapping(let source, let key, let found):
            if let key {
                return "\(source): '\(key)' must be a mapping of keys to values, found \(found)."
            }
            return
                "\(source): a profile must be a mapping of keys to values (starting with 'schema: 1'), found \(found)."
        case .unknownKey(let source, let key, let allowed):
            let parent = key.split(separator: ".").dropLast().joined(separator: ".")
            let place = parent.isEmpty ? "at the top level" : "in '\(parent)'"
            return "\(source): unknown key '\(key)'. Keys allowed \(place): \(allowed.joined(separator: ", "))."
        case .missingKey(let source, let key, let example):
            return "\(source): missing '\(key)'; add it, e.g. '\(example)'."
        case .wrongType(let source, let key, let expected, let found):
            return "\(source): '\(key)' must be \(expected), found \(found)."
        case .invalidValue(let source, let key, let problem):
            return "\(source): '\(key)' \(problem)."
        case .unsupportedSchema(let source, let found):
            return "\(source): schema \(found) is not supported; this version of StylusKit reads 'schema: 1'."
        }
    }
}
