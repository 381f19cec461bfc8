import Foundation

/// A really full disk for the tests of issue 34's outputs: a small tmpfs, mounted where the process may
/// (root, with CAP_SYS_ADMIN), filled to its last byte with `fill()`. Tests that need one are enabled by
/// `mountable` and skipped, not passed, where no tmpfs can be mounted.
package final class FullDisk: @unchecked Sendable {
    /// The mounted folder.
    package let path: String

    /// Whether a tmpfs can be mounted here (tried once).
    package static let mountable: Bool = {
        guard let disk = try? FullDisk() else { return false }
        _ = disk
        return true
    }()

    /// Mounts an empty tmpfs of `kilobytes` on a new folder.
    package init(kilobytes: Int = 256) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mount: \(reason)"])
        }
    }

    deinit {
        _ = umount2(path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Fills the disk but for `leaving` bytes (a multiple of the page size, 4096, to be exact).
    package func fill(leaving: Int) {
        fill()
        let filler = path + "/filler"
        let size = (try? FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int) ?? 0
        _ = truncate(filler, off_t(max(0, size - leaving)))
    }

    /// Fills the disk: a file of zeros written until the kernel says ENOSPC.
    package func fill() {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ Foundation.write(fd, $0.baseAddress!, $0.count) }) > 0 {}
        // The last partial page.
        while Foundation.write(fd, block, 1) > 0 {}
        close(fd)
    }

    /// The names in the disk's folder, the filler left out: what a failed write left behind.
    package func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0 != "filler" }.sorted()
    }
}
