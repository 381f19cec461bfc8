import Glibc

/// Writing every byte of a buffer through write(2) or pwrite(2): the kernel may write fewer bytes than asked (a
/// short write) or be interrupted by a signal before writing any (EINTR), and neither is a failure.
public enum WholeWrite {
    /// Writes all `count` bytes, calling `write` with how many are written so far until none is left.
    ///
    /// `write` writes from byte `done` on (`write(fd, bytes + done, count - done)`, or `pwrite` at
    /// `offset + done`) and returns what the call returns: the bytes written, or a negative number with `errno`
    /// set. A short write is continued and EINTR retried; any other failure ends the writing.
    ///
    /// - Returns: the error number of the failure (`EIO` for a write that took nothing without saying why, which
    ///   would otherwise be asked again for ever), nil when every byte was written.
    public static func write(count: Int, _ write: (_ done: Int) -> Int) -> Int32? {
        var done = 0
        while done < count {
            let written = write(done)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            if written == 0 { return EIO }
            done += written
        }
        return nil
    }

    /// Writes every byte of `bytes` to `descriptor` with write(2): a file, a pipe or a terminal may take fewer
    /// bytes than asked.
    ///
    /// - Returns: nil when every byte was written, else the error number of the write that failed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        // An empty buffer may have no address: there is nothing to write.
        guard let start = bytes.baseAddress else { return nil }
        return write(count: bytes.count) { done in Glibc.write(descriptor, start + done, bytes.count - done) }
    }
}
