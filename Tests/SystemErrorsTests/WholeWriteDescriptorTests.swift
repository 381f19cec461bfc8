import Foundation
import Glibc
import SystemErrors
import Testing

/// The one loop every descriptor write goes through: all bytes or the failing write's errno.
@Suite("Writing every byte to a descriptor")
struct WholeWriteDescriptorTests {
    @Test("More bytes than a pipe takes at once all arrive, in order, with a reader draining it")
    func wholePipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Larger than the pipe's 64 KiB buffer: the writer waits for the reader and writes again.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let reader = PipeReader(fd: ends[0], count: bytes.count)
        let failure = bytes.withUnsafeBytes { WholeWrite.write($0, to: ends[1]) }
        close(ends[1])
        #expect(failure == nil)
        #expect(reader.wait() == bytes)
    }

    @Test("A closed descriptor gives EBADF; nothing to write writes nothing, even to it")
    func failures() {
        let bytes: [UInt8] = [1, 2, 3]
        #expect(bytes.withUnsafeBytes { WholeWrite.write($0, to: -1) } == EBADF)
        #expect([UInt8]().withUnsafeBytes { WholeWrite.write($0, to: -1) } == nil)
    }
}

/// A reader on its own thread, so a writer that fills a pipe is not left waiting for good.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    init(fd: Int32, count: Int) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while bytes.count < count {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            done.signal()
        }
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
