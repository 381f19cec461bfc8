import Glibc
import SystemErrors
import Testing

/// The one loop that writes a whole buffer (`WholeWrite`), as the ADF writer, the recordings' writer, `WholeFile`
/// and the scores file use it.
@Suite struct WholeWriteTests {
    @Test("short writes are continued from where they stopped, and EINTR is retried, until every byte is written")
    func shortAndInterrupted() {
        let bytes = Array("0123456789".utf8)
        var written: [UInt8] = []
        var calls = 0
        let failure = WholeWrite.write(count: bytes.count) { done in
            calls += 1
            if calls % 2 == 0 {
                errno = EINTR
                return -1
            }
            let piece = bytes[done..<min(done + 3, bytes.count)]
            written += piece
            return piece.count
        }
        #expect(failure == nil)
        #expect(written == bytes)
        #expect(calls == 7)
    }

    @Test("any other failure ends the writing and gives its error number")
    func failure() {
        var calls = 0
        let failure = WholeWrite.write(count: 8) { done in
            calls += 1
            if done == 0 { return 4 }
            errno = ENOSPC
            return -1
        }
        #expect(failure == ENOSPC)
        #expect(calls == 2)
    }

    @Test("nothing to write calls nothing")
    func empty() {
        var calls = 0
        #expect(
            WholeWrite.write(count: 0) { _ in
                calls += 1
                return 0
            } == nil)
        #expect(calls == 0)
    }
}
