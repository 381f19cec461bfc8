import Foundation
import TestSupport
import Testing

@testable import ADF

/// A seeded mutation run over the trail making golden (`trails-small.tsk`), as a fuzzer would
/// mutate it: values of the `Trail`, `Circle`, `Arrival`, `Error` and `Prompt` attributes replaced
/// by hostile ones, those lines deleted, doubled or swapped, attributes dropped. Every mutant goes
/// through every reader `adf validate` and `adf show` use; none may trap, every refusal and
/// problem is in words, and a file the reader refuses is never called valid.
@Suite("Mutated .tsk files")
struct TrailsMutationTests {
    /// Values a fuzzer or an attacker puts into numbers, words and labels.
    static let hostileValues = [
        "", " ", "nan", "NaN", "inf", "-inf", "1e23", "-1e23", "1e308", "-1e308", "4.9e-324", "-0", "0", "-1", "1.5",
        "9007199254740993", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "0x10", "+3",
        "\u{0661}", "&#27;[2J", "&#7;", "&amp;", "&lt;Trail&gt;", "finished", "skipped", "shift", "letter", "26",
        String(repeating: "9", count: 400),
    ]

    /// The golden's lines, and the indices of the lines inside its `Trail` elements (with the `Trail` lines).
    static func golden() throws -> (lines: [String], trail: [Int]) {
        let text = try String(contentsOfFile: "\(goldenDirectory)/trails-small.tsk", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let trail = lines.indices.filter { index in
            ["<Trail", "<Circle", "<Arrival", "<Error", "<Prompt", "</Trail>"].contains {
                lines[index].trimmingCharacters(in: .whitespaces).hasPrefix($0)
            }
        }
        return (lines, trail)
    }

    /// One mutation of `lines` at one of the `trail` lines, chosen by `random`.
    static func mutate(_ lines: inout [String], trail: [Int], random: inout SplitMix64) {
        let index = trail[Int(random.next() % UInt64(trail.count))]
        switch random.next() % 5 {
        case 0, 1:
            // A value replaced: the n-th quoted value of the line.
            let parts = lines[index].components(separatedBy: "\"")
            guard parts.count >= 3 else { return }
            var mutated = parts
            let value = 1 + 2 * Int(random.next() % UInt64((parts.count - 1) / 2))
            mutated[value] = hostileValues[Int(random.next() % UInt64(hostileValues.count))]
            lines[index] = mutated.joined(separator: "\"")
        case 2:
            lines.remove(at: index)
        case 3:
            lines.insert(lines[index], at: index)
        default:
            let other = trail[Int(random.next() % UInt64(trail.count))]
            lines.swapAt(index, other)
        }
    }

    @Test("400 seeded mutants: no trap, refusals and problems in words, nothing the reader refuses called valid")
    func mutants() throws {
        let (lines, trail) = try Self.golden()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        var random = SplitMix64(state: 30)
        var refused = 0
        var invalid = 0
        for trial in 0..<400 {
            var mutant = lines
            // Mutations shift the lines, so each is looked up again from the Trail lines' pattern.
            for _ in 0...(random.next() % 3) {
                let current = mutant.indices.filter { index in
                    ["<Trail", "<Circle", "<Arrival", "<Error", "<Prompt", "</Trail>"].contains {
                        mutant[index].trimmingCharacters(in: .whitespaces).hasPrefix($0)
                    }
                }
                Self.mutate(&mutant, trail: current.isEmpty ? trail : current, random: &random)
            }
            let path = directory.file("mutant-\(trial).tsk")
            try mutant.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            var readable = true
            do {
                _ = try ADFReader.read(path: path)
            } catch let error as ADFReadError {
                readable = false
                refused += 1
                #expect(!error.description.isEmpty)
            }
            do {
                try ADFReader.forEachPoint(path: path) { _ in }
            } catch let error as ADFReadError {
                #expect(!error.description.isEmpty)
            }
            let problems = ADFValidator().validate(path: path)
            if !problems.isEmpty { invalid += 1 }
            #expect(problems.allSatisfy { !$0.message.isEmpty && $0.line >= 0 })
            #expect(readable || !problems.isEmpty, "mutant \(trial) is refused by the reader but valid")
            if let summary = try? ADFSummary(path: path) { _ = try summary.json() }
            try? FileManager.default.removeItem(atPath: path)
        }
        // The mutations reach the checks: most mutants are invalid, some refused outright.
        #expect(invalid > 200 && refused > 20, "invalid \(invalid), refused \(refused)")
    }
}
