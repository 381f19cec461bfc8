import ADF
import Foundation
public import HTTPTypes
public import Hummingbird
import Logging
import NIOCore
import PatientData
import Scoring
import SystemErrors
import TestMaterials
public import VisitReport
import Visits

/// The results browser's routes: the pages, the list, a visit, a test's ink, the scores (docs/serve.md).
///
/// Every route but the page's own code (`/app.js`, `/app.css`, which hold no data) needs the access
/// token, in the address (`?token=`) or the `X-StylusKit-Token` header; a POST needs the header and an
/// `Origin` that is the server's own address, so another site open in the same browser cannot post
/// marks. Nothing here writes a results file or a journal: they are opened read-only.
public struct ResultsServer: Sendable {
    /// The largest request body read (a rater's marks for one form are a few kilobytes).
    public static let bodyLimit = 64 * 1024
    /// Seconds after which a connection that neither sends nor reads is closed.
    public static let idleSeconds = 30

    /// Raises the soft limit on open descriptors to the hard limit (as Go's servers do): each connection holds one.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max
        else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The header a page sends its token in.
    public static let tokenHeader = fieldName("X-StylusKit-Token")

    /// The header a page sends its unlocked clinician session in.
    public static let clinicianHeader = fieldName("X-StylusKit-Clinician")

    /// The header that keeps the browser from sending the page's address (and its token) elsewhere.
    static let referrerPolicyHeader = fieldName("Referrer-Policy")

    /// A header name written in this file: a valid HTTP token, so it is a bug when it is not.
    private static func fieldName(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else {
            preconditionFailure("'\(name)' is not an HTTP field name: write it in letters, digits and '-'")
        }
        return field
    }

    public let folders: ServedFolders
    public let token: String
    /// The study's normative ranges (`--ranges`): the measures' range bars on the visit and test pages.
    public let ranges: NormativeRanges?
    let clinicians: ClinicianSessions
    /// The visits the list has read, reused while their visit.json is unchanged.
    public let summaries = VisitSummaries()

    /// A server of `folders`; `keyFile` is the clinician key file a page may unlock to see patient details;
    /// `ranges` the normative ranges the measures are shown against.
    public init(
        folders: ServedFolders, token: String = ResultsServer.newToken(), keyFile: String,
        ranges: NormativeRanges? = nil
    ) {
        self.folders = folders
        self.token = token
        self.ranges = ranges
        self.clinicians = ClinicianSessions(keyFile: keyFile)
    }

    /// A fresh one-time token: 24 random bytes as hex, from the system's random source.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", generator.next() as UInt8) }.joined()
    }

    /// The router with every route; the tests drive it in-process.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: AccessCheck(token: token))
        router.get("/") { _, _ in Self.answer(PageResources.indexHTML, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.answer(PageResources.appJS, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.answer(PageResources.appCSS, type: "text/css; charset=utf-8") }
        router.get("/api/list") { _, _ in Self.json(ResultsCatalog(folders: folders, summaries: summaries).json()) }
        router.get("/api/visit") { request, _ in try visit(request) }
        router.get("/api/ink") { request, _ in try ink(request) }
        router.get("/api/measures") { request, _ in try measures(request) }
        router.get("/api/file") { request, _ in try file(request) }
        router.get("/api/form") { request, _ in try form(request) }
        router.get("/api/scoring") { request, _ in try scoring(request) }
        router.post("/api/scoring") { request, _ in try await score(request) }
        router.post("/api/unlock") { request, _ in try await unlock(request) }
        router.post("/api/lock") { request, _ in
            if let id = request.headers[Self.clinicianHeader] { await clinicians.lock(id) }
            return Self.json("{}")
        }
        router.get("/api/patient") { request, _ in try await patient(request) }
        return router
    }

    /// The application listening on `host`:`port` (0: a free port); `running` is told the port once it listens.
    /// `limits` bound how long a request may take to arrive and how many connections one client holds.
    public func application(
        host: String = "127.0.0.1", port: Int = 0, limits: ConnectionLimits = .standard,
        running: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let clients = ClientConnections()
        return Application(
            router: router(),
            // A connection that sends and reads nothing for this long is closed, one whose request trickles in is
            // closed at its deadline, and a client over its cap is refused: another user of the machine must not
            // hold the server's descriptors for ever.
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGuard(limits: limits, clients: clients)],
                    idleTimeout: .seconds(Int64(Self.idleSeconds)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "StylusKit"),
            onServerRunning: { channel in await running(channel.localAddress?.port ?? port) },
            logger: Logger(label: "styluskit.serve", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// Serves until SIGINT or SIGTERM; `running` is told the port once it listens.
    ///
    /// The process's descriptor limit is raised to its hard limit first: at a desktop's soft limit (1,024),
    /// another user of the machine holding 1,100 idle connections kept the rater's request from being answered
    /// at all (issue 34, item 10; ROBUSTNESS.md).
    public func run(
        host: String = "127.0.0.1", port: Int = 0, running: @escaping @Sendable (Int) async -> Void
    ) async throws {
        Self.raiseDescriptorLimit()
        try await application(host: host, port: port, running: running).runService()
    }

    func visit(_ request: Request) throws -> Response {
        let name = try Self.pathParameter(request)
        let real = try Self.resolving { try folders.resolve(name, folder: true) }
        guard let index = Int(name.prefix { $0 != "/" }) else { throw HTTPError(.badRequest) }
        guard ServedFolders.isRegularFile(real + "/" + VisitFolder.manifestName) else {
            throw HTTPError(.notFound, message: "That folder is not a visit (it has no visit.json).")
        }
        let visit: ResultsCatalog.Visit
        do {
            visit = .init(
                name: folders.name(folder: index, real: real), manifest: try VisitFolder(existing: real).readManifest())
        } catch {
            visit = .init(name: folders.name(folder: index, real: real), manifest: nil, problem: error.description)
        }
        var text = visit.json
        text.removeLast()
        return Self.json(text + ",\"hasRanges\":\(ranges != nil)}")
    }

    /// A results file's measures as the report shows them (`features --level test`), each with its normative
    /// range when `--ranges` gave one: `{"test", "hasRanges", "measures": [...]}` (docs/serve.md).
    func measures(_ request: Request) throws -> Response {
        let name = try Self.pathParameter(request)
        let real = try Self.resolving { try folders.resolve(name) }
        let document = try Self.document(real)
        let test = InkJSON.testName(document.variant)
        // A maze's measures against its walls need the maze, which only its visit folder keeps.
        var mazes: [AdministeredMaze] = []
        let folder = PathText.folder(of: real)
        if test == "maze", let visit = try? VisitFolder(existing: folder), let manifest = try? visit.readManifest(),
            let position = manifest.tests.firstIndex(where: { $0.results == (real as NSString).lastPathComponent })
        {
            mazes = visit.mazes(ofTestAt: position, in: manifest) ?? []
        }
        let shown = VisitReportContent.measures(
            of: document, test: test, mazes: mazes, ranges: ranges, extra: test == "trails" ? Self.trailsErrors : [])
        return Self.json(MeasuresJSON.text(test: test, measures: shown, hasRanges: ranges != nil))
    }

    func ink(_ request: Request) throws -> Response {
        let name = try Self.pathParameter(request)
        let real = try Self.resolving { try folders.resolve(name) }
        guard ADFReader.variant(path: real) != nil || ResultsCatalog.resultsExtensions.contains(Self.ext(real))
        else {
            throw HTTPError(
                .unsupportedMediaType, message: "Only results files (.csk, .msk, .ssk, .tsk) have ink to play.")
        }
        let read: ADFValidatedFile
        do {
            read = try ADFReader.readValidated(path: real)
        } catch {
            throw HTTPError(
                .unprocessableContent,
                message: "The results file cannot be read: \(error). Check it with styluskit adf validate.")
        }
        var text = InkJSON.text(of: read.file.document, name: name)
        text.removeLast()
        text +=
            ",\"problems\":\(read.problems.count),\"formDotsPerInch\":" + InkJSON.number(FormPicture.dotsPerInch) + "}"
        return Self.json(text)
    }

    /// A results file's scoring as the rater named in `?rater=` may see it.
    func scoring(_ request: Request) throws -> Response {
        let real = try Self.resolving { try folders.resolve(try Self.pathParameter(request)) }
        let pages = try Self.scoringPages(real, system: request.uri.queryParameters.get("system").map { String($0) })
        let viewer = request.uri.queryParameters.get("rater").flatMap { RaterID(String($0)) }
        return Self.json(pages.json(viewer: viewer))
    }

    /// A rater's (or the adjudicator's) marks, appended to the scores file beside the results file.
    func score(_ request: Request) async throws -> Response {
        let body = try await Self.jsonObject(request)
        guard let name = body["path"] as? String else {
            throw HTTPError(.badRequest, message: "Send the results file as \"path\": \"N/relative/path\".")
        }
        let real = try Self.resolving { try folders.resolve(name) }
        let pages = try Self.scoringPages(real, system: body["system"] as? String)
        let record: ScoreRecord
        do {
            record = try ScoringPages.record(
                from: body, results: real, system: pages.system, sha256: pages.sha256, now: Date())
        } catch let error as ScoringPageError {
            throw HTTPError(.badRequest, message: error.description + " Nothing was written.")
        }
        do {
            try pages.save(record)
        } catch let error as ScoresFileError {
            if case .refused(let refusal) = error {
                throw HTTPError(.conflict, message: "Not saved: \(refusal).")
            }
            throw HTTPError(.internalServerError, message: "Not saved: \(error)")
        }
        let now = try Self.scoringPages(real, system: pages.system.name)
        return Self.json(now.json(viewer: record.rater))
    }

    /// The trail making test's errors and prompts by part, beside its times (`features --level test`'s columns).
    static let trailsErrors = [
        "trails_circles_connected_a", "trails_circles_connected_b", "trails_errors_a", "trails_errors_b",
        "trails_sequence_errors_b", "trails_shift_errors_b", "trails_prompts",
    ]

    static func scoringPages(_ real: String, system: String?) throws -> ScoringPages {
        do {
            return try ScoringPages(real: real, document: try document(real), systemName: system)
        } catch let error as ScoringPageError {
            throw HTTPError(.unprocessableContent, message: error.description)
        }
    }

    /// Step `step`'s form without its ink, as a PNG at `FormPicture.dotsPerInch`.
    func form(_ request: Request) throws -> Response {
        let name = try Self.pathParameter(request)
        let real = try Self.resolving { try folders.resolve(name) }
        guard let step = request.uri.queryParameters.get("step").flatMap({ Int($0) }) else {
            throw HTTPError(.badRequest, message: "Give the step as ?step=N, from 0.")
        }
        let document = try Self.document(real)
        guard document.steps.indices.contains(step) else {
            throw HTTPError(.notFound, message: "The results file has \(document.steps.count) steps, from 0.")
        }
        let bytes: [UInt8]
        do {
            bytes = try FormPicture.png(of: document, step: step, resultsFile: real)
        } catch {
            throw HTTPError(.internalServerError, message: "The form could not be drawn: \(error)")
        }
        var headers: HTTPFields = [.contentType: "image/png"]
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The document of a results file, or a 4xx that says why not.
    static func document(_ real: String) throws -> ADFDocument {
        guard ResultsCatalog.resultsExtensions.contains(ext(real)) else {
            throw HTTPError(
                .unsupportedMediaType, message: "Only results files (.csk, .msk, .ssk, .tsk) have ink to play.")
        }
        do {
            return try ADFReader.readValidated(path: real).file.document
        } catch {
            throw HTTPError(
                .unprocessableContent,
                message: "The results file cannot be read: \(error). Check it with styluskit adf validate.")
        }
    }

    /// A results file or journal as it is on disk, for download: read only, never written.
    func file(_ request: Request) throws -> Response {
        let name = try Self.pathParameter(request)
        let real = try Self.resolving { try folders.resolve(name) }
        let ext = Self.ext(real)
        guard ResultsCatalog.resultsExtensions.contains(ext) || ext == "evemu" || ext == "json" else {
            throw HTTPError(.forbidden, message: "Only results files, journals and visit.json are served.")
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            throw HTTPError(.notFound, message: "The file could not be read: reload the list page.")
        }
        var headers: HTTPFields = [.contentType: ext == "json" ? "application/json" : "application/octet-stream"]
        headers[.contentDisposition] = "attachment"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: Array(data))))
    }

    func unlock(_ request: Request) async throws -> Response {
        let body = try await Self.jsonObject(request)
        guard let password = body["password"] as? String else {
            throw HTTPError(.badRequest, message: "Send {\"password\": \"...\"}: the clinician key's password.")
        }
        do {
            let id = try await clinicians.unlock(password: password)
            return Self.json("{\"session\":" + InkJSON.quoted(id) + "}")
        } catch let error as PatientDataError {
            if case .wrongPassword = error {
                throw HTTPError(.forbidden, message: "That password does not open the clinician key: try again.")
            }
            throw HTTPError(.conflict, message: "\(error)")
        }
    }

    func patient(_ request: Request) async throws -> Response {
        guard let id = request.headers[Self.clinicianHeader], let key = await clinicians.key(id) else {
            throw HTTPError(
                .forbidden, message: "Patient details need the clinician key: unlock it on this page first.")
        }
        let real = try Self.resolving { try folders.resolve(try Self.pathParameter(request)) }
        do {
            return Self.json(try ClinicianSessions.detailsJSON(resultsFile: real, key: key))
        } catch {
            throw HTTPError(.unprocessableContent, message: "The patient details cannot be opened: \(error)")
        }
    }

    /// The request's body as a JSON object, at most `bodyLimit` bytes; anything else is a 4xx.
    static func jsonObject(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: bodyLimit)
        } catch {
            throw HTTPError(
                .contentTooLarge, message: "The body is larger than \(bodyLimit / 1024) KB: nothing was written.")
        }
        return try jsonObject(bytes: Data(buffer.readableBytesView))
    }

    /// A body's bytes as a JSON object, or a 400 that says so.
    static func jsonObject(bytes: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            throw HTTPError(.badRequest, message: "The body is not a JSON object: nothing was written.")
        }
        return object
    }

    static func ext(_ path: String) -> String { (path as NSString).pathExtension.lowercased() }

    static func pathParameter(_ request: Request) throws -> String {
        guard let name = request.uri.queryParameters.get("path"), !name.isEmpty else {
            throw HTTPError(.badRequest, message: "Give the file as ?path=N/relative/path (the list page's links do).")
        }
        return name
    }

    /// `ServedPathError` as its 4xx: outside the folders is forbidden, a missing file not found.
    static func resolving(_ body: () throws -> String) throws -> String {
        do {
            return try body()
        } catch let error as ServedPathError {
            switch error {
            case .outside: throw HTTPError(.forbidden, message: error.description)
            case .missing: throw HTTPError(.notFound, message: error.description)
            default: throw HTTPError(.badRequest, message: error.description)
            }
        }
    }

    static func answer(_ text: String, type: String) -> Response {
        var headers: HTTPFields = [.contentType: type]
        // The page's own code only: no frame, no script or style from elsewhere, no referrer (the token).
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        headers[referrerPolicyHeader] = "no-referrer"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ text: String) -> Response {
        answer(text, type: "application/json; charset=utf-8")
    }
}

/// The token on every data route, and the same-origin check on every POST.
struct AccessCheck<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method == .get, request.uri.path == "/app.js" || request.uri.path == "/app.css" {
            return try await next(request, context)
        }
        let given = request.headers[ResultsServer.tokenHeader] ?? request.uri.queryParameters.get("token")
        guard let given, Self.same(given, token) else {
            throw HTTPError(
                .unauthorized,
                message: "This address needs the access token: open the address styluskit serve printed "
                    + "(it ends in ?token=...).")
        }
        if request.method != .get && request.method != .head {
            guard request.headers[ResultsServer.tokenHeader].map({ Self.same($0, token) }) == true else {
                throw HTTPError(.forbidden, message: "A change must carry the token in its X-StylusKit-Token header.")
            }
            // The Origin must be this machine's loopback, and the address the request was sent to (its
            // authority, when the request names one) the same: a page of another site, or of a name rebound
            // to 127.0.0.1, does not pass.
            guard let origin = request.headers[.origin], origin.hasPrefix("http://"),
                Self.isLoopback(host: String(origin.dropFirst("http://".count))),
                request.head.authority.map({ "http://" + $0 == origin }) ?? true
            else {
                throw HTTPError(
                    .forbidden, message: "A change must come from the browser page this server gave (same origin).")
            }
        }
        return try await next(request, context)
    }

    /// Compares in time independent of where the strings first differ.
    static func same(_ given: String, _ token: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Whether a Host header names this machine's loopback, not a name that might be rebound elsewhere.
    static func isLoopback(host: String) -> Bool {
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
        return name == "127.0.0.1" || name == "localhost" || name == "[::1]"
    }
}
