import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The user owning one TCP socket, asked of the kernel by the socket's two addresses (sock_diag, as `ss` asks).
///
/// `ClientIdentity` used to read the whole of /proc/net/tcp for each accepted connection: a flood of n connections
/// then cost the server about n²/2 lines on its event loop (1,100 connections kept a rater waiting 12.8 s, and the
/// cap closed another user's connections late; ROBUSTNESS.md, the attack runs). An exact sock_diag lookup costs the
/// kernel one hash lookup, whatever the number of sockets. Every netlink call of the module is in this file.
enum SocketOwners {
    /// What the kernel answered about one socket.
    enum Answer: Equatable {
        /// The socket exists; the number is its owner's user id.
        case owner(Int)
        /// No socket has these addresses (it closed already, or never was).
        case none
        /// sock_diag could not be asked (no netlink in this sandbox, an old kernel): ask /proc instead.
        case unavailable
    }

    /// The owner of the TCP socket whose own address is `socket` and whose peer is `peer`.
    static func owner(ofSocketAt socket: SocketAddress, connectedTo peer: SocketAddress) -> Answer {
        guard let request = request(socket: socket, peer: peer) else { return .unavailable }
        let descriptor = Glibc.socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), sockDiag)
        guard descriptor >= 0 else { return .unavailable }
        defer { close(descriptor) }
        // An unconnected netlink socket sends to the kernel (port 0) when no address is given.
        let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return .unavailable }
        // The kernel answers a sock_diag request while sending it: the answer is queued before sendto returns, so
        // a reply that is not there now never comes, and the event loop must not wait for one.
        var reply = [UInt8](repeating: 0, count: 1024)
        let received = reply.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        guard received >= headerSize else { return .unavailable }
        return answer(Array(reply.prefix(received)))
    }

    /// NETLINK_SOCK_DIAG, SOCK_DIAG_BY_FAMILY, NLMSG_ERROR, NLM_F_REQUEST: linux/netlink.h and sock_diag.h, which
    /// Swift's Glibc does not export.
    private static let sockDiag: Int32 = 4
    private static let byFamily: UInt16 = 20
    private static let errorMessage: UInt16 = 2
    private static let requestFlag: UInt16 = 1
    /// struct nlmsghdr.
    private static let headerSize = 16
    /// struct inet_diag_msg's idiag_uid, after the header: family, state, timer, retrans (4 bytes), the socket's
    /// id (48), expires, rqueue, wqueue (12).
    private static let uidOffset = headerSize + 4 + 48 + 12

    /// An nlmsghdr and an inet_diag_req_v2 asking for the one socket whose id is (`socket`, `peer`), in any state.
    static func request(socket: SocketAddress, peer: SocketAddress) -> [UInt8]? {
        guard let own = endpoint(socket), let other = endpoint(peer), own.family == other.family else { return nil }
        var bytes: [UInt8] = []
        func append<T>(_ value: T) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        append(UInt32(16 + 56))  // nlmsg_len
        append(byFamily)
        append(requestFlag)
        append(UInt32(1))  // nlmsg_seq
        append(UInt32(0))  // nlmsg_pid: the kernel
        bytes += [own.family, UInt8(IPPROTO_TCP), 0, 0]  // sdiag_family, sdiag_protocol, idiag_ext, pad
        append(UInt32.max)  // idiag_states: every state
        append(own.port.bigEndian)  // idiag_sport
        append(other.port.bigEndian)  // idiag_dport
        bytes += own.address  // idiag_src
        bytes += other.address  // idiag_dst
        append(UInt32(0))  // idiag_if
        append(UInt32.max)  // idiag_cookie: INET_DIAG_NOCOOKIE, twice
        append(UInt32.max)
        return bytes
    }

    /// The owner in a reply to `request`: an inet_diag_msg, or an nlmsgerr (ENOENT when no socket matched).
    static func answer(_ reply: [UInt8]) -> Answer {
        let type = reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt16.self) }
        if type == errorMessage {
            guard reply.count >= headerSize + 4 else { return .unavailable }
            let code = -reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: headerSize, as: Int32.self) }
            return code == ENOENT ? .none : .unavailable
        }
        guard type == byFamily, reply.count >= uidOffset + 4 else { return .unavailable }
        return .owner(Int(reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: uidOffset, as: UInt32.self) }))
    }

    /// An address as inet_diag_sockid holds it: the family, the port, and four 32-bit words in network order (an
    /// IPv4 address in the first).
    private static func endpoint(_ address: SocketAddress) -> (family: UInt8, port: UInt16, address: [UInt8])? {
        switch address {
        case .v4(let v4):
            var bytes = [UInt8](repeating: 0, count: 16)
            withUnsafeBytes(of: v4.address.sin_addr.s_addr) { bytes.replaceSubrange(0..<4, with: $0) }
            return (UInt8(AF_INET), UInt16(bigEndian: v4.address.sin_port), bytes)
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            return (UInt8(AF_INET6), UInt16(bigEndian: v6.address.sin6_port), bytes)
        default:
            return nil
        }
    }
}
