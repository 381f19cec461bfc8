import Glibc

/// The files of a corpus directory, for replaying them through `FuzzTarget.entry`.
public enum FuzzCorpus {
    /// The regular files at `path`: itself, or the files of the directory (not recursive), sorted.
    public static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix(".") { continue }
            var info = stat()
            if stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { names.append(name) }
        }
        return names.sorted().map { path + "/" + $0 }
    }

    /// The whole contents of the file at `path`, or nil (errno set) when it cannot be read.
    public static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<got])
        }
    }
}
