/// Why an ADF file could not be read: where (file and line) and what is wrong.
///
/// A struct around the `Reason` enum because every reason has a place in a file; its text
/// reads "FILE:LINE: what is wrong; what to do".
public struct ADFReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was being read.
    public var path: String
    /// The line libxml2 or the reader was on (1-based); 0 when the file was not parsed at all.
    public var line: Int
    public var reason: Reason

    /// What is wrong with the file.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read.
        case unreadable(String)
        /// The file is larger than the reader accepts.
        case fileTooLarge(bytes: Int, limit: Int)
        /// The file is compressed (`gzip`, `xz`); results files are plain XML.
        case compressed(String)
        /// The file has a document type declaration; results files never have one.
        case documentType
        /// The file is not UTF-8 (e.g. UTF-16).
        case notUTF8
        /// An entity reference or expansion, which needs a DTD results files never have.
        case entityExpansion
        /// Elements nested deeper than the limit.
        case tooDeep(limit: Int)
        /// An attribute value longer than the limit (its element and name if known).
        case attributeTooLong(element: String?, attribute: String?, bytes: Int?, limit: Int)
        /// One tag or attribute value is longer than libxml2 looks ahead without
        /// XML_PARSE_HUGE (10 MB).
        case tokenTooLong
        /// A text (e.g. RawData) longer than libxml2 accepts without XML_PARSE_HUGE (10 MB).
        case textTooLong
        /// More elements than the limit.
        case tooManyElements(limit: Int)
        /// More `point` elements than the limit.
        case tooManyPoints(limit: Int)
        /// Not well-formed XML; libxml2's message.
        case malformed(String)
        /// Well-formed XML that is not an ADF document (e.g. another root element).
        case notADF(String)
        /// A value the model cannot hold (e.g. `x="abc"`).
        case invalidValue(element: String, attribute: String, value: String, expected: String)

        public var description: String {
            switch self {
            case .unreadable(let why):
                "cannot read the file: \(why); check the path and its permissions"
            case .fileTooLarge(let bytes, let limit):
                "the file is larger than \(limit) bytes (\(bytes) read so far), the most an ADF "
                    + "results file may have; if it really is one, raise the limit "
                    + "(ADFReadLimits.maximumFileBytes)"
            case .compressed(let format):
                "the file is \(format)-compressed; results files are plain XML: decompress it "
                    + "yourself (e.g. with gunzip) after checking where it came from"
            case .documentType:
                "the file has a DOCTYPE (document type declaration); results files never have "
                    + "one, so it was refused unread (it may try to read other files or expand "
                    + "entities without limit): remove the declaration if the file is genuine"
            case .notUTF8:
                "the file is not UTF-8 (it looks like UTF-16, UTF-32 or EBCDIC); results files "
                    + "are UTF-8: convert it with iconv"
            case .entityExpansion:
                "the file uses an entity that would need a DTD; results files use none, so it "
                    + "was refused"
            case .tooDeep(let limit):
                "elements are nested deeper than \(limit) levels; an ADF file nests at most 6, "
                    + "so this is not a results file"
            case .attributeTooLong(let element, let attribute, let bytes, let limit):
                "attribute "
                    + (attribute.map { "\($0) " } ?? "")
                    + (element.map { "of <\($0)> " } ?? "")
                    + "is longer than \(limit) bytes"
                    + (bytes.map { " (\($0) bytes)" } ?? "")
                    + "; no ADF value is that long, so this is not a results file"
            case .tokenTooLong:
                "a tag or attribute value is longer than 10 MB, the most libxml2 reads safely; "
                    + "no ADF value is that long, so this is not a results file"
            case .textTooLong:
                "a text (such as a RawData block) is longer than 10 MB, the most libxml2 reads "
                    + "safely; split the test into shorter steps"
            case .tooManyElements(let limit):
                "the file has more than \(limit) elements, the most the reader accepts; raise "
                    + "ADFReadLimits.maximumElements if it really is a results file"
            case .tooManyPoints(let limit):
                "the file has more than \(limit) points, the most the reader accepts; raise "
                    + "ADFReadLimits.maximumPoints if it really is a results file"
            case .malformed(let message):
                "the file is not well-formed XML: \(message); it may be truncated or edited "
                    + "by hand: fix the line or write it again"
            case .notADF(let message):
                "not an ADF results file: \(message)"
            case .invalidValue(let element, let attribute, let value, let expected):
                "<\(element)> has \(attribute)=\"\(value)\", which is not \(expected)"
            }
        }
    }

    public var description: String {
        line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
    }
}

/// How much an ADF reader accepts before refusing a file.
///
/// The defaults admit any real results file (a 10^7-point file is about 2 GB, a results file
/// nests 6 deep, its longest attribute is an encoded patient id of a few kB) and refuse
/// what could only be an attack or a mistake.
public struct ADFReadLimits: Sendable, Hashable {
    public var maximumFileBytes: Int = 4 << 30
    /// The deepest element depth, the root being depth 0.
    public var maximumDepth: Int = 16
    public var maximumAttributeBytes: Int = 64 << 10
    public var maximumElements: Int = 200_000_000
    public var maximumPoints: Int = 100_000_000

    public static let standard = ADFReadLimits()
}

/// One attribute of an element as found in the file.
public struct ADFAttribute: Sendable, Hashable {
    public var name: String
    public var value: String
}

/// An element start as found in the file.
public struct ADFElement: Sendable, Hashable {
    public var name: String
    /// In document order.
    public var attributes: [ADFAttribute]
    /// The line of its start tag.
    public var line: Int
    /// 0 for the root.
    public var depth: Int

    /// The value of attribute `name`, if present.
    public subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// One step through an ADF file: an element starts, ends, or has text.
public enum ADFNode: Sendable, Hashable {
    case start(ADFElement)
    /// Reported for empty elements (`<a/>`) too.
    case end(name: String, depth: Int, line: Int)
    /// Text content (CDATA included); whitespace between elements is not reported.
    case text(String, line: Int)
}
