import ADF
import Foundation
import PatientData
import Sessions
import Testing

@Suite struct PatientSealerTests {
    /// A visit seals one patient into each of its tests' results files: the key is unlocked once, and
    /// each file's fields open only under that file's binding.
    @Test func oneUnlockSealsEveryResultsFileOfAVisit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sealer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("key").path
        let key = try ClinicianKeyFile.create(at: keyFile, password: "correct horse battery", iterations: 1_000)
        let detailsFile = directory.appendingPathComponent("patient.txt").path
        let line = #""Quennell-Marsh","Ottoline","MRN-58213","1937-11-23","Fenwick","T-0042""#
        try line.write(toFile: detailsFile, atomically: true, encoding: .utf8)
        var unlocks = 0
        let sealer = try PatientFields.Sealer(from: detailsFile, serverKey: nil) { _ in
            unlocks += 1
            return key
        }
        let bindings = ["clock-1.csk", "maze-1.msk", "sdt-1.ssk"].enumerated().map {
            ResultsFileBinding(
                resultsPath: "/visit/" + $0.element,
                startUnixMilliseconds: 1_795_000_000_000 + Double($0.offset) * 60_000)
        }
        let sealed = try bindings.map { try sealer.seal(for: $0) }
        #expect(unlocks == 1)
        for (fields, binding) in zip(sealed, bindings) {
            #expect(try key.open(fields.local, in: binding).lastName == "Quennell-Marsh")
            #expect(fields.external == nil)
        }
        #expect(throws: (any Error).self) { try key.open(sealed[0].local, in: bindings[1]) }
    }
}
