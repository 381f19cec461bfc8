import Foundation
import FuzzTargets
import Testing

/// The package root, found from this file's path (Tests/FuzzCorpusTests/CorpusReplayTests.swift).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The checked-in seed corpus and regression inputs of `target`.
private func corpus(_ target: FuzzTarget) -> [String] {
    FuzzCorpus.files(at: packageRoot.appendingPathComponent("Fixtures/fuzz-corpus/\(target.rawValue)").path)
}

/// Replays the fuzz corpus through the fuzzers' own entry functions: a parser that traps on
/// one of these inputs (a crasher the fuzzer found, or a seed) stops the test run.
@Suite struct CorpusReplayTests {
    @Test(arguments: FuzzTarget.allCases)
    func everyInputOfTheCorpusIsParsedOrRefused(target: FuzzTarget) throws {
        let files = corpus(target)
        // The seeds are checked in: an empty directory means the corpus went missing.
        #expect(files.count >= 3, "Fixtures/fuzz-corpus/\(target.rawValue) has \(files.count) inputs")
        for file in files {
            let bytes = try #require(FuzzCorpus.readFile(file), "cannot read \(file)")
            bytes.withUnsafeBytes { target.entry($0) }
        }
    }

    @Test func everyTargetHasACorpusDirectoryAndNothingElseIsThere() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Fixtures/fuzz-corpus").path
        ).filter { !$0.hasPrefix(".") && $0 != "README.md" }
        #expect(Set(names) == Set(FuzzTarget.allCases.map(\.rawValue)))
    }
}
