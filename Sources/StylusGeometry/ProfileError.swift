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
        case let .notYAML(source, detail):
            return "\(source): not valid YAML: \(detail)"
        case let .notAMapping(source, key, found):
            if let key {
                return "\(source): '\(key)' must be a mapping of keys to values, found \(found)."
            }
            return "\(source): a profile must be a mapping of keys to values (starting with 'schema: 1'), found \(found)."
        case let .unknownKey(source, key, allowed):
            let parent = key.split(separator: ".").dropLast().joined(separator: ".")
            let place = parent.isEmpty ? "at the top level" : "in '\(parent)'"
            return "\(source): unknown key '\(key)'. Keys allowed \(place): \(allowed.joined(separator: ", "))."
        case let .missingKey(source, key, example):
            return "\(source): missing '\(key)'; add it, e.g. '\(example)'."
        case let .wrongType(source, key, expected, found):
            return "\(source): '\(key)' must be \(expected), found \(found)."
        case let .invalidValue(source, key, problem):
            return "\(source): '\(key)' \(problem)."
        case let .unsupportedSchema(source, found):
            return "\(source): schema \(found) is not supported; this version of StylusKit reads 'schema: 1'."
        }
    }
}
