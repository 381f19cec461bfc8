import Foundation
import NIOCore
import NIOHTTPTypes
import Synchronization

/// What one connection and one client of the results browser may hold (issue 34, item 10; docs/serve.md).
///
/// Hummingbird's idle timeout counts any part of a request as activity, so a client that sends a body a byte
/// every 29 s kept its connection for good; and nothing stopped one client from holding thousands.
public struct ConnectionLimits: Sendable, Equatable {
    /// Seconds a request has to arrive whole (its header and its body), counted from the moment the connection is
    /// free for it: opened, or its last answer written. A connection waiting longer is closed.
    public var requestSeconds: Int
    /// Connections one client may hold open at once; a connection over it is closed as soon as it opens.
    public var perClient: Int

    /// The server's limits: a request whole within the idle time (30 s), 64 connections a client (a browser opens
    /// 6 to one server; a second rater's browser is another client).
    public static let standard = ConnectionLimits(requestSeconds: ResultsServer.idleSeconds, perClient: 64)
}

/// The connections each client holds open, shared by every connection of one server.
final class ClientConnections: Sendable {
    private let open = Mutex<[String: Int]>([:])

    /// Counts one more connection of `client`, unless it already holds `cap`: then false, and nothing counted.
    func admit(_ client: String, cap: Int) -> Bool {
        open.withLock { open in
            let held = open[client, default: 0]
            guard held < cap else { return false }
            open[client] = held + 1
            return true
        }
    }

    /// Counts one connection of `client` closed.
    func release(_ client: String) {
        open.withLock { open in
            let held = open[client, default: 0] - 1
            open[client] = held > 0 ? held : nil
        }
    }
}

/// Who a connection's client is, for the cap: its address, and on the loopback its user.
///
/// The server listens on the loopback, where every local user's connections come from 127.0.0.1 (and any
/// 127.x.y.z can be bound): a cap by address alone would let another user of the machine lock the rater out
/// with the rater's own quota. So a loopback client is told apart by the user owning its socket, which the
/// kernel lists in /proc/net/tcp (or tcp6) beside the socket's address; an address not found there counts as
/// itself.
enum ClientIdentity {
    /// The key a connection counts under: `user N` for a loopback client found in /proc, else its address.
    static func key(remote: SocketAddress?, local: SocketAddress?) -> String {
        guard let remote else { return "unknown" }
        let address = remote.ipAddress ?? "unknown"
        if let local, isLoopback(address), let user = owner(of: remote, talkingTo: local) {
            return "user \(user)"
        }
        return address
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// The user owning the socket at `remote` connected to `local`, from the kernel's table of TCP sockets.
    static func owner(of remote: SocketAddress, talkingTo local: SocketAddress) -> Int? {
        guard let remoteText = procText(remote), let localText = procText(local) else { return nil }
        let table = remote.protocol == .inet6 ? "/proc/net/tcp6" : "/proc/net/tcp"
        guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else { return nil }
        // Each line: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...; the client's
        // socket is the one whose own address is the connection's remote end.
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count > 7, fields[1] == remoteText, fields[2] == localText { return Int(fields[7]) }
        }
        return nil
    }

    /// An address as /proc/net/tcp writes it: the address's 32-bit words in the machine's byte order, in hex,
    /// then the port.
    static func procText(_ address: SocketAddress) -> String? {
        guard let port = address.port else { return nil }
        let portText = hex(UInt32(truncatingIfNeeded: port), digits: 4)
        switch address {
        case .v4(let v4):
            return hex(v4.address.sin_addr.s_addr, digits: 8) + ":" + portText
        case .v6(let v6):
            var bytes = v6.address.sin6_addr
            let words = withUnsafeBytes(of: &bytes) { raw in
                (0..<4).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
            }
            return words.map { hex($0, digits: 8) }.joined() + ":" + portText
        default:
            return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Holds one connection to `ConnectionLimits`: counts it against its client's cap (closing it at once when over),
/// and closes it when a request has not arrived whole `requestSeconds` after the connection was free for it.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private let clients: ClientConnections
    /// The client this connection is counted for, once admitted.
    private var client: String?
    private var admitted = false
    /// Requests read whole and not yet answered: no deadline runs while the server owes an answer.
    private var unanswered = 0
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits, clients: ClientConnections) {
        self.limits = limits
        self.clients = clients
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            unanswered += 1
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { startDeadline(context) }
        }
        context.write(data, promise: promise)
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        let key = ClientIdentity.key(remote: context.channel.remoteAddress, local: context.channel.localAddress)
        guard clients.admit(key, cap: limits.perClient) else {
            context.close(promise: nil)
            return
        }
        client = key
        startDeadline(context)
    }

    private func startDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(Int64(limits.requestSeconds))) {
            context.close(promise: nil)
        }
    }

    private func leave() {
        deadline?.cancel()
        deadline = nil
        if let client {
            clients.release(client)
            self.client = nil
        }
    }
}
