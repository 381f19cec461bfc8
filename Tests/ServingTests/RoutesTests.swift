import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Serving
import Testing
import Visits

/// The results browser's routes in-process: what each serves, and every refusal docs/serve.md promises.
@Suite struct RoutesTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/golden").standardized.path

    /// A served folder with one visit (a clock test done) and one loose maze file, plus a secret file
    /// beside the served folder that a symlink inside it points at.
    struct Site {
        let root: String
        let served: String
        let server: ResultsServer

        init() throws {
            root = NSTemporaryDirectory() + "serve-routes-" + UUID().uuidString
            served = root + "/site"
            let visit = served + "/P001/visit-20261125T093015Z"
            let manager = FileManager.default
            try manager.createDirectory(atPath: visit, withIntermediateDirectories: true)
            try manager.copyItem(atPath: RoutesTests.golden + "/clock-small.csk", toPath: visit + "/clock.csk")
            try manager.copyItem(atPath: RoutesTests.golden + "/maze-small.msk", toPath: served + "/loose.msk")
            var manifest = VisitManifest(
                participant: "P001", started: "2026-11-25T09:30:15Z", software: .init(version: "test"),
                protocol: .init(name: "p", title: "Pilot", schema: 1, file: "protocol.yaml", source: "p", sha256: ""),
                calibration: .init(), tests: [.init(index: 1, test: "clock")])
            manifest.tests[0].status = .done
            manifest.tests[0].results = "clock.csk"
            try manifest.jsonData().write(to: URL(fileURLWithPath: visit + "/visit.json"))
            try "secret ink".write(toFile: root + "/secret.csk", atomically: true, encoding: .utf8)
            try manager.createSymbolicLink(atPath: served + "/out.csk", withDestinationPath: root + "/secret.csk")
            try manager.createSymbolicLink(atPath: served + "/outdir", withDestinationPath: root)
            server = ResultsServer(
                folders: try ServedFolders([served]), token: "t0ken", keyFile: root + "/clinician.key")
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    func run(_ site: Site, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let application = Application(router: site.server.router())
        try await application.test(.router) { client in try await body(client) }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test func listNeedsTheToken() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            try await client.execute(uri: "/api/list", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(Self.text(response).contains("open the address styluskit serve printed"))
            }
            try await client.execute(uri: "/api/list?token=wrong", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/?token=", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test func listsTheVisitAndTheLooseFile() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            try await client.execute(uri: "/api/list?token=t0ken", method: .get) { response in
                #expect(response.status == .ok)
                let list =
                    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                let visits = list?["visits"] as? [[String: Any]]
                let files = (list?["files"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(visits?.first?["participant"] as? String == "P001")
                #expect(visits?.first?["name"] as? String == "0/P001/visit-20261125T093015Z")
                // The symlink out is neither listed nor followed; the loose maze file is.
                #expect(files == ["0/loose.msk"])
            }
        }
    }

    @Test func pageAndCodeAreServedWithoutOutsideSources() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            try await client.execute(uri: "/?token=t0ken", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                #expect(!Self.text(response).contains("http"))
            }
            try await client.execute(uri: "/app.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!Self.text(response).contains("http://") && !Self.text(response).contains("https://"))
            }
        }
    }

    @Test func inkOfAResultsFile() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            let uri = "/api/ink?token=t0ken&path=0/P001/visit-20261125T093015Z/clock.csk"
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                let ink =
                    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                let steps = ink?["steps"] as? [[String: Any]]
                #expect(ink?["test"] as? String == "clock")
                #expect(steps?.map { $0["id"] as? String } == ["clockStep-command", "clockStep-copy"])
                #expect(ink?["problems"] as? Int == 0)
                let strokes = steps?.first?["strokes"] as? [[Double]]
                #expect((strokes?.first?.count ?? 0) % 4 == 0 && (strokes?.first?.count ?? 0) > 0)
            }
        }
    }

    @Test func pathsOutsideTheFoldersAreRefused() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            for path in ["0/../secret.csk", "0/out.csk", "0/outdir/secret.csk", "0/P001/../../secret.csk"] {
                try await client.execute(uri: "/api/ink?token=t0ken&path=" + path, method: .get) { response in
                    #expect(response.status == .forbidden, "\(path)")
                    #expect(Self.text(response).contains("outside the folders"), "\(path)")
                    #expect(!Self.text(response).contains("secret ink"))
                }
                try await client.execute(uri: "/api/file?token=t0ken&path=" + path, method: .get) { response in
                    #expect(response.status == .forbidden, "\(path)")
                }
            }
            for path in ["/etc/passwd", "1/x.csk", "x", "0/P001%00.csk"] {
                try await client.execute(uri: "/api/ink?token=t0ken&path=" + path, method: .get) { response in
                    #expect(response.status == .badRequest, "\(path)")
                }
            }
            try await client.execute(uri: "/api/ink?token=t0ken&path=0/none.csk", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/ink?token=t0ken", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func filesAreServedAsTheyAreAndOnlyResultsKinds() async throws {
        let site = try Site()
        defer { site.remove() }
        try "not served".write(toFile: site.served + "/notes.txt", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: site.served + "/loose.msk"))
        try await run(site) { client in
            try await client.execute(uri: "/api/file?token=t0ken&path=0/loose.msk", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == before)
            }
            try await client.execute(uri: "/api/file?token=t0ken&path=0/notes.txt", method: .get) { response in
                #expect(response.status == .forbidden)
            }
            // Read-only: no route takes a PUT or DELETE of a file.
            for method in [HTTPRequest.Method.put, .delete] {
                let headers: HTTPFields = [
                    ResultsServer.tokenHeader: "t0ken", .origin: "http://localhost",
                ]
                try await client.execute(uri: "/api/file?path=0/loose.msk", method: method, headers: headers) {
                    #expect($0.status == .notFound || $0.status == .methodNotAllowed)
                }
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: site.served + "/loose.msk")) == before)
    }

    @Test func aResultsFileThatIsNotADFIsA4xx() async throws {
        let site = try Site()
        defer { site.remove() }
        try "<notADF/>".write(toFile: site.served + "/bad.csk", atomically: true, encoding: .utf8)
        try await run(site) { client in
            try await client.execute(uri: "/api/ink?token=t0ken&path=0/bad.csk", method: .get) { response in
                #expect(response.status == .unprocessableContent)
                #expect(Self.text(response).contains("styluskit adf validate"))
            }
        }
    }

    @Test func theVisitRoute() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            let uri = "/api/visit?token=t0ken&path=0/P001/visit-20261125T093015Z"
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(Self.text(response).contains("\"results\":\"0/P001/visit-20261125T093015Z/clock.csk\""))
            }
            try await client.execute(uri: "/api/visit?token=t0ken&path=0/P001", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/visit?token=t0ken&path=0/outdir", method: .get) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test func theFormOfAStepIsAPicture() async throws {
        let site = try Site()
        defer { site.remove() }
        try await run(site) { client in
            let file = "/api/form?token=t0ken&path=0/P001/visit-20261125T093015Z/clock.csk"
            try await client.execute(uri: file + "&step=1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4e, 0x47])
            }
            try await client.execute(uri: file + "&step=9", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: file + "&step=x", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/form?token=t0ken&path=0/out.csk&step=0", method: .get) {
                #expect($0.status == .forbidden)
            }
        }
    }

    @Test func folderThatIsNotOneIsRefused() throws {
        #expect(throws: ServedPathError.notAFolder("/nonexistent-folder")) {
            try ServedFolders(["/nonexistent-folder"])
        }
    }
}
