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
    /// - Returns: the error number of the failure, nil when every byte was written.
    public static func write(count: Int, _ write: (_ done: Int) -> Int) -> Int32? {
        var done = 0
        while done < count {
            let written = write(done)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            done += written
        }
        return nil
    }
}
