import Foundation
import PatientData
import Testing

@Suite("A results file's patient fields")
struct PatientFieldsTests {
    /// The golden clock results file: written without --patient, so it holds neither field.
    static let withoutPatient = Paths.packageRoot.appendingPathComponent("Fixtures/golden/clock-small.csk").path

    /// `patient show` and `patient decrypt` ask for their field through one rule: a file without it is
    /// refused, naming the field as the results file spells it.
    @Test("A file without the field is refused, naming it")
    func missingField() throws {
        let file = Self.withoutPatient
        let cases: [(PatientFields.Field, String)] = [
            (.local, "LocalPatientEncodedID"), (.external, "PatientEncodedID"),
        ]
        for (field, name) in cases {
            #expect(throws: PatientDataError.noPatientField(file: file, field: name)) {
                try PatientFields.record(field, ofResultsFile: file)
            }
            #expect(
                PatientDataError.noPatientField(file: file, field: name).description
                    == "\(file) has no \(name): no patient details were stored with this test.")
        }
    }
}
