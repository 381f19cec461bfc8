import Testing

@testable import Reports

/// `patient seal --json`: both keys always, the server's null without --server-key (JSONLine's rule).
@Suite struct PatientFieldsReportTests {
    @Test("Without a server key its PatientEncodedID is null, not left out; with one, both are given")
    func bothKeys() {
        #expect(
            PatientFieldsReport(patientEncodedID: nil, localPatientEncodedID: "L1").json
                == #"{"localPatientEncodedID":"L1","patientEncodedID":null}"#)
        #expect(
            PatientFieldsReport(patientEncodedID: "S1", localPatientEncodedID: "L1").json
                == #"{"localPatientEncodedID":"L1","patientEncodedID":"S1"}"#)
    }
}
