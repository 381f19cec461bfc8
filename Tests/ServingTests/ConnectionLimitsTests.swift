import Foundation
import Glibc
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing

@testable import Serving

/// A real server on the loopback (not the in-process router): a request trickled in is cut off at its deadline,
/// and one client's connections are capped (issue 34, item 10; docs/serve.md).
@Suite struct ConnectionLimitsTests {
    /// A TCP connection to the server, with blocking reads that give up after `timeout` seconds (long: the machine
    /// may be loaded, and a closed connection answers at once).
    final class Connection: @unchecked Sendable {
        let socket: Int32

        init(port: Int, timeout: Double = 15) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(socket) }

        /// Sends `text`; false once the server has closed the connection.
        @discardableResult func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                == bytes.count
        }

        /// What the server sends before it pauses, nil when it closed the connection without a byte, "" on a timeout.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return nil }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? "" : nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }

        /// Whether the server has closed the connection (a read gives end of file or a reset) within the timeout.
        func closedByServer() -> Bool {
            while let text = receive() {
                if text.isEmpty { return false }
            }
            return true
        }
    }

    /// Runs a blocking socket call on a Dispatch thread: the server's handlers run on Swift's cooperative threads,
    /// which a blocking read in the test would hold (two on this machine), so the server could not answer.
    func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// Runs `body` against `styluskit serve`'s application on 127.0.0.1 (a free port) over an empty folder.
    func withServer(
        _ limits: ConnectionLimits = .standard, _ body: @Sendable (Int) async throws -> Void
    ) async throws {
        let root = NSTemporaryDirectory() + "serve-limits-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = ResultsServer(folders: try ServedFolders([root + "/site"]), token: "t0ken", keyFile: root + "/k")
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = server.application(limits: limits) { port in listening.yield(port) }
        // Stopped gracefully, as SIGTERM stops `serve`: cancelling the task instead tears down accepted connections
        // NIO has not handed over yet, which traps in a debug build ("Deinited NIOAsyncWriter without calling finish").
        let group = ServiceGroup(
            configuration: .init(
                services: [application], logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let outcome: Result<Void, any Error>
        if let port = await iterator.next() {
            do {
                try await body(port)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
        } else {
            outcome = .failure(POSIXError(.EADDRNOTAVAIL))
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        try outcome.get()
    }

    @Test("A POST whose body trickles in a byte at a time is closed at the request deadline")
    func tricklingBodyClosed() async throws {
        try await withServer(ConnectionLimits(requestSeconds: 1, perClient: 64)) { port in
            let connection = try Connection(port: port, timeout: 0.2)
            #expect(
                connection.send(
                    "POST /api/scoring HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-StylusKit-Token: t0ken\r\n"
                        + "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n{"))
            // A byte every 0.2 s: Hummingbird's idle timeout (30 s) counts each as activity.
            var closedAfter: Double?
            let started = Date()
            for _ in 0..<20 {
                let sent = connection.send(" ")
                let answer = await blocking { connection.receive() }
                if !sent || answer == nil {
                    closedAfter = Date().timeIntervalSince(started)
                    break
                }
            }
            #expect(closedAfter != nil, "the trickling connection was still open after 4 s")
            #expect((closedAfter ?? 99) < 3.5)
            // A request sent whole on a new connection is still answered.
            let fresh = try Connection(port: port)
            fresh.send("GET /api/list?token=t0ken HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect((await blocking { fresh.receive() })?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("One client's connections over the cap are closed at once; under it they are answered")
    func perClientCap() async throws {
        try await withServer(ConnectionLimits(requestSeconds: 30, perClient: 3)) { port in
            let request = "GET /api/list?token=t0ken HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            var held: [Connection] = []
            for _ in 0..<3 {
                let connection = try Connection(port: port)
                connection.send(request)
                #expect((await blocking { connection.receive() })?.hasPrefix("HTTP/1.1 200") == true)
                held.append(connection)
            }
            let fourth = try Connection(port: port)
            fourth.send(request)
            #expect((await blocking { fourth.closedByServer() }), "a fourth connection of one client was answered")
            // Once one closes, the client may open another.
            held.removeFirst()
            try await Task.sleep(for: .milliseconds(300))
            let again = try Connection(port: port)
            again.send(request)
            #expect((await blocking { again.receive() })?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    @Test("A loopback client is counted by the user owning its socket, asked of sock_diag (or /proc/net/tcp)")
    func loopbackClientIsItsUser() async throws {
        try await withServer { port in
            let connection = try Connection(port: port)
            var own = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &own) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(connection.socket, $0, &length) }
            }
            let remote = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: own.sin_port)))
            let local = try SocketAddress(ipAddress: "127.0.0.1", port: port)
            #expect(ClientIdentity.key(remote: remote, local: local) == "user \(getuid())")
            // sock_diag and /proc name the same user; sock_diag knows no socket at an address nobody holds.
            #expect(SocketOwners.owner(ofSocketAt: remote, connectedTo: local) == .owner(Int(getuid())))
            #expect(ClientIdentity.ownerInProc(of: remote, talkingTo: local) == Int(getuid()))
            let closed = try SocketAddress(ipAddress: "127.0.0.1", port: 1)
            #expect(SocketOwners.owner(ofSocketAt: closed, connectedTo: local) == SocketOwners.Answer.none)
            // An address with no socket behind it counts as itself.
            let nobody = try SocketAddress(ipAddress: "127.0.0.1", port: 1)
            #expect(ClientIdentity.key(remote: nobody, local: local) == "127.0.0.1")
        }
    }
}
