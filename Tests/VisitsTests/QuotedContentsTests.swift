import Testing
import Visits

/// A file given by mistake is never printed (issue 34, item 5): a patient's details passed as `--protocol`.
@Suite struct QuotedContentsTests {
    @Test("A patient's details line given as a protocol is refused without a word of it in the message")
    func patientLineNotQuoted() {
        let line = #""Doe","Jane","MRN123","1941-03-07","site","t1""# + "\n"
        do {
            _ = try VisitProtocol(yaml: line, source: "patient.txt")
            Issue.record("a patient line was read as a protocol")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("patient.txt is not a YAML protocol file (1:6: error: parser:"), "\(message)")
            for word in ["Doe", "Jane", "MRN123", "1941"] { #expect(!message.contains(word), "\(message)") }
        }
    }
}
