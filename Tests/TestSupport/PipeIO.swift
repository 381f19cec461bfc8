public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// FileHandle.readDataToEndOfFile() and write(_:) trap ('try!') when a read or write is interrupted
// by a signal (EINTR), which happens when many tests spawn and reap processes at once. These
// retry instead.

/// Reads `handle` to its end, retrying reads a signal interrupted.
public func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

/// Writes all of `data` to `handle`, retrying writes a signal interrupted; stops at any other error.
public func writeAll(_ handle: FileHandle, _ data: Data) {
    let bytes = [UInt8](data)
    var offset = 0
    while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes { write(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            offset += count
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}
