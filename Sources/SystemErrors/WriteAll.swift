import Glibc

/// Writes every byte of `bytes` to `descriptor`: again after a signal interrupts a write
/// (`EINTR`), and on from where a short write stopped, as a file, a pipe or a terminal may take
/// fewer bytes than asked.
///
/// - Returns: nil when every byte was written, else the `errno` of the write that failed (`EIO`
///   for a write that took nothing without saying why), which `errno` also still holds.
public func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    // An empty buffer may have no address: there is nothing to write.
    guard var next = bytes.baseAddress else { return nil }
    var left = bytes.count
    while left > 0 {
        let written = Glibc.write(descriptor, next, left)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if written == 0 { return EIO }
        next += written
        left -= written
    }
    return nil
}
