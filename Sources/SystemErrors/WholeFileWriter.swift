import Glibc

extension WholeFile {
    /// An output written a piece at a time and put in place whole, as `write` and `writeNew` put one held in
    /// memory: the pieces go to a temporary file beside `path`, which `commit` flushes and renames (or links,
    /// to keep a file that is there) and `discard` removes. For an output too large to hold whole (`features`
    /// over a corpus, issue 34 item 5).
    public final class Writer {
        /// The file to be written.
        public let path: String
        private let temporary: String
        private var descriptor: Int32
        private var pending: [UInt8] = []
        /// The first write's errno, thrown by `commit`: a full disk part way leaves the old file as it was.
        private var failure: Int32?

        /// Opens a new temporary file for `path` in its folder, after removing the ones killed writers left
        /// there. `permissions` are those of a new file (the umask applies).
        ///
        /// - Throws: `WholeFileError` when the folder refuses the file.
        public init(path: String, permissions: UInt32 = 0o666) throws(WholeFileError) {
            WholeFile.reapTemporaryFiles(in: PathText.folder(of: path))
            self.path = path
            temporary = WholeFile.temporaryPath(for: path)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
            guard descriptor >= 0 else {
                throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: errno))
            }
        }

        deinit { discard() }

        /// Adds `text` to the file; the bytes go to the disk 64 KiB at a time.
        public func write(_ text: String) {
            pending.append(contentsOf: text.utf8)
            if pending.count >= 64 << 10 { writePending() }
        }

        /// Puts the finished file in place: flushed to the disk, then renamed over `path` when `replacing`, or
        /// linked to it with link(2) otherwise, which keeps a file that is there by then (two writers started
        /// together without `--force`).
        ///
        /// - Returns: false, with nothing changed, when not `replacing` and `path` exists.
        /// - Throws: `WholeFileError` when a write, the flush or the rename failed; the old file is untouched
        ///   and the temporary file removed.
        public func commit(replacing: Bool) throws(WholeFileError) -> Bool {
            guard descriptor >= 0 else {
                throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: EBADF))
            }
            writePending()
            if failure == nil, fsync(descriptor) != 0 { failure = errno }
            if close(descriptor) != 0, failure == nil { failure = errno }
            descriptor = -1
            if let failure {
                unlink(temporary)
                throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: failure))
            }
            if replacing {
                try WholeFile.commit(temporary, to: path)
                return true
            }
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { return false }
                throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: errno))
            }
            WholeFile.flushFolder(of: path)
            return true
        }

        /// Removes the temporary file unless it was committed; `path` is left as it was.
        public func discard() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(temporary)
        }

        private func writePending() {
            defer { pending.removeAll(keepingCapacity: true) }
            guard failure == nil, descriptor >= 0 else { return }
            failure = pending.withUnsafeBytes { WholeWrite.write($0, to: descriptor) }
        }
    }
}
