import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PatientData
import Serving
import Testing

/// The routes that change something (unlocking the clinician key): the token in the header, the same
/// origin, a body that is a JSON object of at most 64 KB; and the server surviving clients that leave.
@Suite struct ChangesTests {
    static let own: HTTPFields = [
        ResultsServer.tokenHeader: "t0ken", .origin: "http://localhost", .contentType: "application/json",
    ]

    func run(_ site: RoutesTests.Site, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let application = Application(router: site.server.router())
        try await application.test(.router) { client in try await body(client) }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test func aPostNeedsTheTokenHeaderAndTheSameOrigin() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let body = ByteBuffer(string: #"{"password": "x"}"#)
        try await run(site) { client in
            var noOrigin = Self.own
            noOrigin[.origin] = nil
            try await client.execute(uri: "/api/unlock", method: .post, headers: noOrigin, body: body) {
                #expect($0.status == .forbidden)
                #expect(Self.text($0).contains("same origin"))
            }
            var foreign = Self.own
            foreign[.origin] = "http://evil.example"
            try await client.execute(uri: "/api/unlock", method: .post, headers: foreign, body: body) {
                #expect($0.status == .forbidden)
            }
            // An Origin other than the address the request went to (another port, another local page).
            var rebound = Self.own
            rebound[.origin] = "http://127.0.0.1:8080"
            try await client.execute(uri: "/api/unlock", method: .post, headers: rebound, body: body) {
                #expect($0.status == .forbidden)
            }
            var queryOnly = Self.own
            queryOnly[ResultsServer.tokenHeader] = nil
            try await client.execute(uri: "/api/unlock?token=t0ken", method: .post, headers: queryOnly, body: body) {
                #expect($0.status == .forbidden)
                #expect(Self.text($0).contains("X-StylusKit-Token header"))
            }
        }
    }

    @Test func malformedAndOversizedBodiesAre4xx() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        try await run(site) { client in
            for text in ["", "not json", "[1, 2]", #"{"password": 3}"#, "{\"password\": \"\u{0}"] {
                try await client.execute(
                    uri: "/api/unlock", method: .post, headers: Self.own, body: ByteBuffer(string: text)
                ) {
                    #expect($0.status == .badRequest, "\(text)")
                }
            }
            let huge = ByteBuffer(string: #"{"password": ""# + String(repeating: "a", count: 70_000) + #""}"#)
            try await client.execute(uri: "/api/unlock", method: .post, headers: Self.own, body: huge) {
                #expect($0.status == .contentTooLarge)
                #expect(Self.text($0).contains("nothing was written"))
            }
        }
        // Nothing written in the served folder.
        let names = try FileManager.default.contentsOfDirectory(atPath: site.served).sorted()
        #expect(names == ["P001", "loose.msk", "out.csk", "outdir"])
    }

    @Test func patientDetailsOnlyAfterTheKeyIsUnlocked() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        _ = try ClinicianKeyFile.create(at: site.root + "/clinician.key", password: "right horse", iterations: 1000)
        let file = "/api/patient?token=t0ken&path=0/P001/visit-20261125T093015Z/clock.csk"
        try await run(site) { client in
            try await client.execute(uri: file, method: .get) {
                #expect($0.status == .forbidden)
                #expect(Self.text($0).contains("unlock it on this page first"))
            }
            let wrong = ByteBuffer(string: #"{"password": "wrong horse"}"#)
            try await client.execute(uri: "/api/unlock", method: .post, headers: Self.own, body: wrong) {
                #expect($0.status == .forbidden)
                #expect(Self.text($0).contains("does not open the clinician key"))
            }
            let right = ByteBuffer(string: #"{"password": "right horse"}"#)
            let session = try await client.execute(uri: "/api/unlock", method: .post, headers: Self.own, body: right) {
                response in
                #expect(response.status == .ok)
                let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
                return (object as? [String: String])?["session"] ?? ""
            }
            #expect(session.count == 48)
            try await client.execute(uri: file, method: .get, headers: [ResultsServer.clinicianHeader: session]) {
                #expect($0.status == .ok)
                #expect(Self.text($0) == "{}")  // the golden file has no patient details
            }
            var lock = Self.own
            lock[ResultsServer.clinicianHeader] = session
            try await client.execute(uri: "/api/lock", method: .post, headers: lock, body: ByteBuffer(string: "{}"))
            try await client.execute(uri: file, method: .get, headers: [ResultsServer.clinicianHeader: session]) {
                #expect($0.status == .forbidden)
            }
        }
        // The password and the key are nowhere on disk but in the key file itself (wrapped).
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root).sorted()
        #expect(names == ["clinician.key", "secret.csk", "site"])
    }

    @Test func clientsThatLeaveMidRequestDoNotStopTheServer() async throws {
        let site = try RoutesTests.Site()
        defer { site.remove() }
        let application = Application(
            router: site.server.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let ink = "GET /api/ink?token=t0ken&path=0/P001/visit-20261125T093015Z/clock.csk HTTP/1.1\r\n"
            // Half a request line; a whole request whose answer is never read; a half body of a POST.
            for text in [
                "GET /api/li", ink + "Host: 127.0.0.1\r\n\r\n",
                "POST /api/unlock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{\"pass",
            ] {
                Self.sendAndLeave(text, port: port)
            }
            try await client.execute(uri: "/api/list?token=t0ken", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// Connects, writes `text` and closes without reading: a browser tab closed mid-playback.
    static func sendAndLeave(_ text: String, port: Int) {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return }
        _ = text.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }
}
