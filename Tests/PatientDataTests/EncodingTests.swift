import PatientData
import Testing

@Suite("The six fields' quoted line")
struct EncodingTests {
    /// Checked with Python's csv module: csv.reader on this line gives back the six values.
    static let awkwardLine = #""O'Brien, ""Jr""","Zoë","MR-0042","1941-03-07","Clinic ""North"", Room 2","T-7""#

    @Test("Quotes are doubled and commas stay inside the quotes")
    func encodes() throws {
        #expect(try awkwardPatient.encodedLine() == Self.awkwardLine)
    }

    @Test("The line parses back exactly, with or without a trailing line break")
    func roundTrip() throws {
        #expect(try PatientDetails(encodedLine: Self.awkwardLine) == awkwardPatient)
        #expect(try PatientDetails(encodedLine: Self.awkwardLine + "\r\n") == awkwardPatient)
        let plain = PatientDetails(
            lastName: "Doe", firstName: "Jane", medicalRecord: "", birthday: "1950-01-02", testingSite: "A",
            testIdentifier: "1")
        #expect(try plain.encodedLine() == #""Doe","Jane","","1950-01-02","A","1""#)
        #expect(try PatientDetails(encodedLine: plain.encodedLine()) == plain)
    }

    @Test("Values made only of quotes and commas round-trip")
    func onlyQuotesAndCommas() throws {
        let odd = PatientDetails(
            lastName: "\"", firstName: ",", medicalRecord: "\"\"", birthday: "\",\"", testingSite: ",,",
            testIdentifier: "")
        #expect(try odd.encodedLine() == #""""",",","""""",""",""",",,","""#)
        #expect(try PatientDetails(encodedLine: odd.encodedLine()) == odd)
    }

    @Test(
        "A malformed line is refused with where, never with its content",
        arguments: [
            (#""Doe","Jane""#, "it has 2 fields instead of 6"),
            (#"Doe,"Jane","a","b","c","d""#, "field 1 does not start with a double quote (character 1)"),
            (
                #""Do"e","Jane","a","b","c","d""#,
                "field 1 is followed by something other than a comma (character 5); write a double quote inside a value as two double quotes"
            ),
            (#""Doe","Jane","a","b","c","d"#, "field 6 has no closing double quote"),
            (#""Doe","Jane","a","b","c","d","e""#, "it has 7 fields instead of 6"),
            ("", "field 1 does not start with a double quote (character 1)"),
        ])
    func malformed(line: String, reason: String) throws {
        let error = #expect(throws: PatientDataError.self) { try PatientDetails(encodedLine: line) }
        #expect(
            error?.description
                == "The patient details are not the six quoted, comma-separated fields"
                + " \"lastName\",\"firstName\",\"medicalRecord\",\"birthday\",\"testingSite\",\"testIdentifier\": \(reason)."
        )
        #expect(error?.description.contains("Doe") == false)
    }

    @Test("A line break inside a value is refused both ways: the plaintext is one line")
    func lineBreaks() throws {
        var details = awkwardPatient
        details.firstName = "Zo\në"
        #expect(throws: PatientDataError.controlCharacter(field: "firstName")) { try details.encodedLine() }
        #expect(
            PatientDataError.controlCharacter(field: "firstName").description
                == "The patient's firstName holds a line break or another control character; the patient details must be one line."
        )
        #expect(throws: PatientDataError.controlCharacter(field: "lastName")) {
            try PatientDetails(encodedLine: "\"Do\ne\",\"a\",\"b\",\"c\",\"d\",\"e\"")
        }
    }
}
