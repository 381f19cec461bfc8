import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Serving
import Testing

/// Two raters score a clock through the routes: blind until both are done, the agreement against a hand
/// computation, a third rater refused, the adjudicator deciding the difference; nothing but the scores file
/// written.
@Suite struct ScoringRoutesTests {
    static let clock = "0/P001/visit-20261125T093015Z/clock.csk"

    static func marks(_ values: [String]) -> [String: String] {
        let items = [
            "clockStep-command/face", "clockStep-command/numbers", "clockStep-command/hands",
            "clockStep-copy/face", "clockStep-copy/numbers", "clockStep-copy/hands",
        ]
        return Dictionary(uniqueKeysWithValues: zip(items, values))
    }

    static func post(
        _ client: any TestClientProtocol, rater: String, role: String = "rater", marks: [String: Any], done: Bool
    ) async throws -> TestResponse {
        let body: [String: Any] = ["path": clock, "rater": rater, "role": role, "marks": marks, "done": done]
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await client.execute(
            uri: "/api/scoring", method: .post, headers: ChangesTests.own, body: ByteBuffer(bytes: Array(data)))
    }

    static func get(_ client: any TestClientProtocol, rater: String) async throws -> [String: Any] {
        let response = try await client.execute(
            uri: "/api/scoring?token=t0ken&path=\(clock)&rater=\(rater)", method: .get)
        #expect(response.status == .ok)
        return try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    @Test func twoRatersBlindThenAgreementThenAdjudication() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let visit = site.served + "/P001/visit-20261125T093015Z"
        let results = try Data(contentsOf: URL(fileURLWithPath: visit + "/clock.csk"))
        let application = Application(router: site.server.router())
        try await application.test(.router) { client in
            let empty = try await Self.get(client, rater: "r1")
            #expect(empty["state"] as? String == "not scored")
            #expect((empty["items"] as? [Any])?.count == 6)
            #expect(empty["system"] as? String == "rouleau-1992")

            var response = try await Self.post(
                client, rater: "r1", marks: Self.marks(["2", "4", "4", "2", "3", "4"]),
                done: true)
            #expect(response.status == .ok)
            // Blind: r2 sees no sheet of r1's, only the state.
            response = try await Self.post(client, rater: "r2", marks: Self.marks(["2", "4", "3"]), done: false)
            #expect(response.status == .ok)
            let blind = try await Self.get(client, rater: "r2")
            #expect(blind["state"] as? String == "awaiting second rater")
            let sheets = (blind["sheets"] as? [[String: Any]])?.map { $0["rater"] as? String }
            #expect(sheets == ["r2"])
            #expect(blind["agreement"] == nil)

            // Done with items left: refused, and said why.
            response = try await Self.post(client, rater: "r2", marks: [:], done: true)
            #expect(response.status == .conflict)
            #expect(String(buffer: response.body).contains("3 items not marked yet"))
            response = try await Self.post(
                client, rater: "r2", marks: Self.marks(["2", "4", "3", "2", "3", "4"]),
                done: true)
            #expect(response.status == .ok)

            // Hand computation: 5 of 6 items the same; r1's categories 2:2, 3:1, 4:3 and r2's 2:2, 3:2, 4:2
            // of 6 give p_e = (2·2 + 1·2 + 3·2)/36 = 1/3, so kappa = (5/6 − 1/3)/(1 − 1/3) = 0.75.
            let both = try await Self.get(client, rater: "r2")
            #expect(both["state"] as? String == "adjudicate")
            let agreement = both["agreement"] as? [String: Any]
            #expect(agreement?["itemsAgreeing"] as? Int == 5)
            #expect(agreement?["itemsCompared"] as? Int == 6)
            #expect(agreement?["kappa"] as? Double == 0.75)
            #expect(agreement?["exact"] as? Double == 0.833)
            #expect(both["differences"] as? [String] == ["clockStep-command/hands"])
            #expect((both["sheets"] as? [Any])?.count == 2)

            response = try await Self.post(client, rater: "r3", marks: Self.marks(["2"]), done: false)
            #expect(response.status == .conflict)
            #expect(String(buffer: response.body).contains("two raters per file"))
            response = try await Self.post(client, rater: "r1", role: "adjudicator", marks: [:], done: false)
            #expect(response.status == .conflict)
            response = try await Self.post(
                client, rater: "adj", role: "adjudicator", marks: ["clockStep-command/hands": "4"], done: true)
            #expect(response.status == .ok)
            let final = try await Self.get(client, rater: "adj")
            #expect(final["state"] as? String == "scored (adjudicated)")
            let scores = (final["finalScores"] as? [[String: Any]])?.map { $0["points"] as? Int }
            #expect(scores == [10, 9])

            // Malformed records: 400, nothing written.
            for marks: [String: Any] in [["clockStep-command/face": ["x"]]] {
                let bad = try await Self.post(client, rater: "r9", marks: marks, done: false)
                #expect(bad.status == .badRequest)
            }
            let badRater = try await Self.post(client, rater: "no such rater!", marks: [:], done: false)
            #expect(badRater.status == .badRequest)
            #expect(String(buffer: badRater.body).contains("rater id"))
        }
        // Only scores.jsonl was added; the results file is unchanged.
        let names = try FileManager.default.contentsOfDirectory(atPath: visit).sorted()
        #expect(names == ["clock.csk", "scores.jsonl", "visit.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: visit + "/clock.csk")) == results)
        let lines = try String(contentsOfFile: visit + "/scores.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
    }

    @Test func aPostOfMarksNeedsTheSameOrigin() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let application = Application(router: site.server.router())
        try await application.test(.router) { client in
            var headers = ChangesTests.own
            headers[.origin] = "http://evil.example"
            let body = ByteBuffer(string: #"{"path": "\#(Self.clock)", "rater": "r1", "marks": {}, "done": false}"#)
            try await client.execute(uri: "/api/scoring", method: .post, headers: headers, body: body) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: site.served + "/P001/visit-20261125T093015Z/scores.jsonl"))
    }

    /// The scoring page asks with an empty `rater=` until its rater gives an id: that crashed the whole server
    /// (a force-unwrapped RaterID("-"), which the id rules refuse), ending every other rater's session. Someone
    /// with no id, or an id the rules refuse, is no rater: they see what anyone sees, no sheet before both are done.
    @Test func aViewerWithNoRaterIDSeesNoSheetAndTheServerLives() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let application = Application(router: site.server.router())
        try await application.test(.router) { client in
            let marks = Self.marks(["2", "4", "3", "2", "4", "4"])
            #expect(try await Self.post(client, rater: "r1", marks: marks, done: true).status == .ok)
            for query in ["", "&rater=", "&rater=-", "&rater=no%20such%20rater!"] {
                let response = try await client.execute(
                    uri: "/api/scoring?token=t0ken&path=\(Self.clock)" + query, method: .get)
                #expect(response.status == .ok, "\(query)")
                let answer =
                    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                #expect((answer?["sheets"] as? [Any])?.isEmpty == true, "\(query)")
                #expect(answer?["state"] as? String == "awaiting second rater")
            }
            // Once both are done, anyone sees both sheets, an id or not.
            #expect(try await Self.post(client, rater: "r2", marks: marks, done: true).status == .ok)
            let response = try await client.execute(uri: "/api/scoring?token=t0ken&path=\(Self.clock)", method: .get)
            let answer = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            #expect((answer?["sheets"] as? [Any])?.count == 2)
        }
    }
}
