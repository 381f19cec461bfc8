/// The six facts that identify a patient in a results file, before encryption.
///
/// Their plaintext form is the spec's one quoted, comma-separated line
/// (`"{lastName}","{firstName}","{medicalRecord}","{birthday}","{testingSite}","{testIdentifier}"`).
/// A quote inside a value is doubled, as CSV does, so a value may hold quotes and commas and still
/// parse back exactly. Line breaks and other control characters are refused: the spec asks for one
/// line, and a stray line break would split it. Values are UTF-8 (names are not all ASCII).
public struct PatientDetails: Sendable, Hashable {
    public var lastName: String
    public var firstName: String
    public var medicalRecord: String
    /// As the site writes it (e.g. "1941-03-07"); not interpreted.
    public var birthday: String
    public var testingSite: String
    public var testIdentifier: String

    public init(
        lastName: String, firstName: String, medicalRecord: String, birthday: String,
        testingSite: String, testIdentifier: String
    ) {
        self.lastName = lastName
        self.firstName = firstName
        self.medicalRecord = medicalRecord
        self.birthday = birthday
        self.testingSite = testingSite
        self.testIdentifier = testIdentifier
    }

    /// The field names in the order of the spec's line, as `patient show` labels them.
    public static let fieldNames = [
        "lastName", "firstName", "medicalRecord", "birthday", "testingSite", "testIdentifier",
    ]

    /// The values in the order of `fieldNames`.
    public var values: [String] {
        [lastName, firstName, medicalRecord, birthday, testingSite, testIdentifier]
    }

    init(values: [String]) {
        self.init(
            lastName: values[0], firstName: values[1], medicalRecord: values[2], birthday: values[3],
            testingSite: values[4], testIdentifier: values[5])
    }

    /// The most bytes (UTF-8) one field may hold: far above any name or record number, and six of them
    /// sealed (about 1.8 times the bytes, base64 twice) stay under the ADF reader's 64 KB attribute
    /// limit, which a 100 KB field broke: our own readers refused the results file (issue 34, item 5).
    public static let maximumFieldBytes = 4096

    /// The spec's quoted line, quotes inside values doubled.
    ///
    /// - Throws: `PatientDataError.controlCharacter` if a value holds a line break or another control character,
    ///   `PatientDataError.fieldTooLong` for a value over `maximumFieldBytes`.
    public func encodedLine() throws -> String {
        for (index, value) in values.enumerated() {
            if value.utf8.count > Self.maximumFieldBytes {
                throw PatientDataError.fieldTooLong(
                    field: Self.fieldNames[index], bytes: value.utf8.count, limit: Self.maximumFieldBytes)
            }
            if value.unicodeScalars.contains(where: Self.isControl) {
                throw PatientDataError.controlCharacter(field: Self.fieldNames[index])
            }
        }
        return values.map { "\"" + $0.replacingQuotes() + "\"" }.joined(separator: ",")
    }

    /// Parses the spec's quoted line (one trailing line break, LF or CRLF, is allowed).
    ///
    /// The error never quotes the line: it is patient data, and errors end up in logs.
    public init(encodedLine line: String) throws {
        var scalars = Substring(line).unicodeScalars[...]
        if scalars.last == "\n" { scalars.removeLast() }
        if scalars.last == "\r" { scalars.removeLast() }
        var values: [String] = []
        var position = 1
        var iterator = scalars.makeIterator()
        var next = iterator.next()
        func advance() {
            next = iterator.next()
            position += 1
        }
        while true {
            guard next == "\"" else {
                throw PatientDataError.malformedLine(
                    "field \(values.count + 1) does not start with a double quote (character \(position))")
            }
            advance()
            var value = String.UnicodeScalarView()
            while true {
                guard let scalar = next else {
                    throw PatientDataError.malformedLine("field \(values.count + 1) has no closing double quote")
                }
                if Self.isControl(scalar) {
                    throw PatientDataError.controlCharacter(field: Self.fieldName(values.count))
                }
                advance()
                if scalar == "\"" {
                    // A doubled quote is a quote inside the value; a single one closes it.
                    guard next == "\"" else { break }
                    advance()
                }
                value.append(scalar)
            }
            values.append(String(value))
            guard let separator = next else { break }
            guard separator == "," else {
                throw PatientDataError.malformedLine(
                    "field \(values.count) is followed by something other than a comma (character \(position));"
                        + " write a double quote inside a value as two double quotes")
            }
            advance()
        }
        guard values.count == 6 else {
            throw PatientDataError.malformedLine("it has \(values.count) fields instead of 6")
        }
        self.init(values: values)
    }

    private static func fieldName(_ index: Int) -> String {
        index < fieldNames.count ? fieldNames[index] : "field \(index + 1)"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar)
            if scalar == "\"" { result.append(scalar) }
        }
        return String(result)
    }
}
