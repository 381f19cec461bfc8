import Foundation
import Testing

@testable import Reports

/// The JSON every report prints: one line, sorted keys, a nil optional as null (JSONEncoder leaves it
/// out), numbers as JSONEncoder writes them, rounded where a report rounds them.
@Suite("JSON lines of reports")
struct JSONLineTests {
    struct Inner: Encodable {
        var name: String
        var size: Double?
    }

    struct Report: CommandReport {
        var zebra = 1
        var alpha: String? = nil
        var values: [Double] = [3, 0.5, -2.25]
        var inner = Inner(name: "a \"quoted\"\n/slash", size: nil)
        var inners: [Inner]? = [Inner(name: "b", size: 13.646)]
        var flag = true
        var text: String { "" }
    }

    @Test("nil optionals are null, keys sorted at every level, strings escaped as JSONEncoder does, no slash escaped")
    func line() {
        #expect(
            Report().json
                == #"{"alpha":null,"flag":true,"inner":{"name":"a \"quoted\"\n/slash","size":null},"inners":[{"name":"b","size":13.646}],"values":[3,0.5,-2.25],"zebra":1}"#
        )
    }

    @Test("the same bytes as JSONEncoder with sorted keys when no optional is nil")
    func sameAsJSONEncoder() throws {
        var report = Report()
        report.alpha = "x"
        report.inner.size = 1e-7
        report.inners = [Inner(name: "é ✓ \u{1}", size: 1234567.125)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(report.json == String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    @Test("rounded gives the decimals the text shows without binary noise")
    func rounding() {
        #expect(rounded(13.645999999999999, 3) == 13.646)
        #expect("\(rounded(584.1999999999999, 1))" == "584.2")
        #expect(rounded(2.9450000000000003, 3) == 2.945)
    }
}
