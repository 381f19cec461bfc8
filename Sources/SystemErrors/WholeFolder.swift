public import Foundation
import Glibc

/// How `WholeFile.writeFolder` put a set of files in place.
public enum FolderReplacement: Hashable, Sendable {
    /// The folder was swapped for a new one holding the whole set, by one rename: a reader, a kill or a power
    /// cut sees the old set or the new one, never a mix.
    case asOne
    /// The files were renamed into the folder one by one (`WholeFile.writeSet`), because of `reason` ("it
    /// holds 2 files that are not the set's"): a kill during those renames can leave old and new files together.
    case fileByFile(reason: String)
}

extension WholeFile {
    /// Writes a set of files (an export's) as the whole content of `folder`, replacing the set there as one
    /// (ROBUSTNESS.md, "Outputs"; issue 34, item 1).
    ///
    /// The files are written and flushed into a new folder beside `folder` (a temporary name in its parent),
    /// which is flushed and then exchanged with `folder` by one renameat2(2) with RENAME_EXCHANGE (or renamed
    /// to it when there is none yet); the parent is flushed and the old set, now under the temporary name,
    /// removed. A kill before the exchange leaves the old set, after it the new one; the temporary folder a
    /// kill leaves is reaped by the next write into the parent. The folder keeps its permissions; a symbolic
    /// link to it stays and its target is replaced. Where a swap would lose or cannot move something (the
    /// folder holds files not in the set, it is a mount point or the working directory, its parent takes no
    /// new folder, the file system exchanges no folders) the files are renamed in one by one, as `writeSet`
    /// does, and the reason returned.
    ///
    /// - Throws: `WholeFileError` for the first file that could not be written (a full disk); the old set is
    ///   then untouched and no temporary file left.
    public static func writeFolder(
        _ files: [(name: String, data: Data)], to folder: String, permissions: UInt32 = 0o666
    )
        throws(WholeFileError) -> FolderReplacement
    {
        let target = realPath(folder) ?? folder
        let parent = PathText.folder(of: target)
        func fileByFile(_ reason: String) throws(WholeFileError) -> FolderReplacement {
            try makeFolder(folder)
            try writeSet(
                files.map { ($0.data, (folder as NSString).appendingPathComponent($0.name)) }, permissions: permissions)
            return .fileByFile(reason: reason)
        }
        if !parent.isEmpty { try makeFolder(parent) }
        reapTemporaryFiles(in: parent)
        var old = stat()
        let exists = stat(target, &old) == 0
        if exists {
            guard old.st_mode & S_IFMT == S_IFDIR else {
                throw WholeFileError(path: folder, reason: SystemErrorText.reason(errno: ENOTDIR))
            }
            reapTemporaryFiles(in: target)
            let names = Set(files.map(\.name))
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: target) else {
                return try fileByFile("its files cannot be listed")
            }
            let others = entries.filter { !names.contains($0) && !$0.hasPrefix(temporaryPrefix) }
            if !others.isEmpty {
                return try fileByFile("it holds \(others.count) file\(others.count == 1 ? "" : "s") not of the set")
            }
            var above = stat()
            if stat(parent.isEmpty ? "." : parent, &above) == 0, above.st_dev != old.st_dev {
                return try fileByFile("it is a mount point")
            }
            if target == realPath(".") { return try fileByFile("it is the working directory") }
        }
        // A new folder is private until its files are in; an old folder's permissions are then given to it.
        let fresh = temporaryPath(for: target)
        guard mkdir(fresh, exists ? 0o700 : 0o777) == 0 else {
            let reason = SystemErrorText.reason(errno: errno)
            if exists { return try fileByFile("no new folder can be made beside it (\(reason))") }
            throw WholeFileError(path: folder, reason: reason)
        }
        if exists { chmod(fresh, old.st_mode & 0o7777) }
        for file in files {
            if let failure = writeFlushed(
                file.data, toNew: (fresh as NSString).appendingPathComponent(file.name), permissions: permissions)
            {
                try? FileManager.default.removeItem(atPath: fresh)
                throw WholeFileError(
                    path: (folder as NSString).appendingPathComponent(file.name),
                    reason: SystemErrorText.reason(errno: failure))
            }
        }
        flush(folder: fresh)
        if exists {
            guard exchange(fresh, target) == 0 else {
                let reason = SystemErrorText.reason(errno: errno)
                try? FileManager.default.removeItem(atPath: fresh)
                return try fileByFile("the file system cannot exchange folders (\(reason))")
            }
        } else if rename(fresh, target) != 0 {
            let reason = SystemErrorText.reason(errno: errno)
            try? FileManager.default.removeItem(atPath: fresh)
            throw WholeFileError(path: folder, reason: reason)
        }
        flushFolder(of: target)
        // The old set, under the temporary name since the exchange.
        if exists { try? FileManager.default.removeItem(atPath: fresh) }
        return .asOne
    }

    /// Swaps the folders `first` and `second` atomically: renameat2(2) with RENAME_EXCHANGE (Linux 3.15,
    /// glibc 2.28). Swift's Glibc module does not show renameat2 (the header declares it only under
    /// _GNU_SOURCE), so it is looked up in the C library by name rather than through a C module of its own.
    /// Returns renameat2's result, errno set; ENOSYS when the C library has no renameat2.
    private static func exchange(_ first: String, _ second: String) -> Int32 {
        typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
        guard let library = dlopen(nil, RTLD_NOW) else {
            errno = ENOSYS
            return -1
        }
        defer { dlclose(library) }
        guard let symbol = dlsym(library, "renameat2") else {
            errno = ENOSYS
            return -1
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange)
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates `folder` and the folders above it that are missing.
    private static func makeFolder(_ folder: String) throws(WholeFileError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WholeFileError(path: folder, reason: SystemErrorText.reason(error))
        }
    }
}
