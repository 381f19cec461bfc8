import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Serving
import Testing
import VisitReport
import Visits

/// The measures on the visit and test pages (with `--ranges`, each against its range), the trail making
/// test's measures and errors, and the list's visit summaries reused while visit.json is unchanged.
@Suite struct MeasuresAndListTests {
    static let clock = "0/P001/visit-20261125T093015Z/clock.csk"

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    static func run(_ server: ResultsServer, _ body: @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        try await Application(router: server.router()).test(.router) { client in try await body(client) }
    }

    static func measures(_ object: [String: Any]) -> [String: [String: Any]] {
        let list = object["measures"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["column"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func measuresAgainstTheRangesGiven() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        // The clock's strokes: the ink's strokes over its steps, counted here from the ink route.
        let ranges = try NormativeRanges(
            csv: "test,measure,low,high,label\nclock,strokes,1,3,Pilot norms\n*,wall_time_s,,1\nclock,points,10,\n",
            source: "ranges.csv")
        let server = ResultsServer(
            folders: try ServedFolders([site.served]), token: "t0ken", keyFile: site.root + "/k", ranges: ranges)
        try await Self.run(server) { client in
            let ink = try await Self.object(
                client.execute(uri: "/api/ink?token=t0ken&path=\(Self.clock)", method: .get))
            let inkStrokes = (ink["steps"] as? [[String: Any]] ?? []).flatMap { $0["strokes"] as? [[Any]] ?? [] }
            let strokes = inkStrokes.count
            let points = inkStrokes.reduce(0) { $0 + $1.count / 4 }
            let response = try await client.execute(uri: "/api/measures?token=t0ken&path=\(Self.clock)", method: .get)
            #expect(response.status == .ok)
            let answer = try Self.object(response)
            #expect(answer["test"] as? String == "clock")
            #expect(answer["hasRanges"] as? Bool == true)
            let byColumn = Self.measures(answer)
            let strokeMeasure = try #require(byColumn["strokes"])
            #expect(strokeMeasure["value"] as? Int == strokes)
            #expect(strokeMeasure["label"] as? String == "Strokes")
            #expect(strokeMeasure["low"] as? Int == 1 && strokeMeasure["high"] as? Int == 3)
            #expect(strokeMeasure["rangeLabel"] as? String == "Pilot norms")
            #expect(strokeMeasure["place"] as? String == (strokes > 3 ? "above" : strokes < 1 ? "below" : "within"))
            // A range open below, for every test ("*"): the wall time is far above 1 s.
            let wall = try #require(byColumn["wall_time_s"])
            #expect(wall["low"] is NSNull && wall["high"] as? Int == 1 && wall["place"] as? String == "above")
            // A measure the report does not show by default joins the list when the ranges file names it, in words.
            let pointMeasure = try #require(byColumn["points"])
            #expect(pointMeasure["label"] as? String == "points" && pointMeasure["value"] as? Int == points)
            #expect(pointMeasure["high"] is NSNull)
            #expect(pointMeasure["place"] as? String == (points < 10 ? "below" : "within"), "\(points) points")
            // A measure with no range carries no range fields.
            #expect(byColumn["in_air_time_s"]?["low"] == nil)

            let visit = try await Self.object(
                client.execute(uri: "/api/visit?token=t0ken&path=0/P001/visit-20261125T093015Z", method: .get))
            #expect(visit["hasRanges"] as? Bool == true)
            #expect(visit["participant"] as? String == "P001")
        }
    }

    @Test func withoutRangesTheMeasuresHaveNone() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        try await Self.run(site.server) { client in
            let answer = try await Self.object(
                client.execute(uri: "/api/measures?token=t0ken&path=\(Self.clock)", method: .get))
            #expect(answer["hasRanges"] as? Bool == false)
            let byColumn = Self.measures(answer)
            #expect(byColumn["strokes"]?["low"] == nil)
            #expect(byColumn["copy_command_total_time_ratio"] != nil)
            // Outside the folders and without the token: refused as every route is.
            let outside = try await client.execute(uri: "/api/measures?token=t0ken&path=0/out.csk", method: .get)
            #expect(outside.status == .forbidden)
            let noToken = try await client.execute(uri: "/api/measures?path=\(Self.clock)", method: .get)
            #expect(noToken.status == .unauthorized)
        }
    }

    @Test func theTrailMakingTestsMeasuresErrorsAndCircles() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        try FileManager.default.copyItem(
            atPath: RoutesTests.golden + "/trails-small.tsk", toPath: site.served + "/trails.tsk")
        try await Self.run(site.server) { client in
            let answer = try await Self.object(
                client.execute(uri: "/api/measures?token=t0ken&path=0/trails.tsk", method: .get))
            #expect(answer["test"] as? String == "trails")
            let byColumn = Self.measures(answer)
            for column in [
                "trails_time_a_s", "trails_time_b_s", "trails_b_minus_a_s", "trails_b_over_a", "trails_errors_a",
                "trails_errors_b", "trails_sequence_errors_b", "trails_shift_errors_b", "trails_prompts",
                "trails_circles_connected_a",
            ] {
                #expect(byColumn[column] != nil, "\(column)")
            }
            #expect(byColumn["trails_errors_b"]?["label"] as? String == "trails errors b")
            let ink = try await Self.object(client.execute(uri: "/api/ink?token=t0ken&path=0/trails.tsk", method: .get))
            let steps = ink["steps"] as? [[String: Any]] ?? []
            #expect(!steps.isEmpty)
            #expect(steps.allSatisfy { (($0["trail"] as? [String: Any])?["circles"] as? [Any])?.isEmpty == false })
        }
    }

    @Test func theListReadsAVisitAgainOnlyWhenItsManifestChanged() throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let folders = try ServedFolders([site.served])
        let summaries = VisitSummaries()
        let first = ResultsCatalog(folders: folders, summaries: summaries)
        #expect(summaries.count == 1)
        let again = ResultsCatalog(folders: folders, summaries: summaries)
        #expect(again.json() == first.json())

        // A visit run rewrites visit.json (a new file renamed over it): the list shows the new manifest at once.
        let visit = site.served + "/P001/visit-20261125T093015Z"
        var manifest = try VisitFolder(existing: visit).readManifest()
        manifest.participant = "P002"
        try manifest.jsonData().write(to: URL(fileURLWithPath: visit + "/visit.json"), options: .atomic)
        let changed = ResultsCatalog(folders: folders, summaries: summaries)
        #expect(changed.visits.first?.manifest?.participant == "P002")
        #expect(changed.json().contains("\"participant\":\"P002\""))

        // Rewritten in place, the same size (P002 -> P003): the change time differs, so it is read again.
        let path = visit + "/visit.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "P002", with: "P003")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(text.utf8))
        try handle.close()
        #expect(ResultsCatalog(folders: folders, summaries: summaries).visits.first?.manifest?.participant == "P003")

        // A visit folder removed leaves the list and the summaries.
        try FileManager.default.removeItem(atPath: visit)
        #expect(ResultsCatalog(folders: folders, summaries: summaries).visits.isEmpty)
        #expect(summaries.count == 0)
    }
}
