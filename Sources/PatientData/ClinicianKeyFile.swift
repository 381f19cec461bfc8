import Crypto
import Foundation
import Glibc
import SystemErrors

/// The clinician's key file: the data key, wrapped under a key derived from the password.
///
/// JSON: format name and version, the KDF and its parameters (random 128-bit salt), a password
/// verifier, the data key's id, and the data key sealed with AES-256-GCM. Created 0600 with
/// O_EXCL; refused when its mode lets anyone but the owner read or change it.
public enum ClinicianKeyFile {
    public static let formatName = "styluskit-clinician-key"
    public static let version = 1

    struct Contents: Codable {
        var format: String
        var version: Int
        var kdf: KDFParameters
        var keyID: String
        /// HMAC-SHA256 of a fixed label under the verifier key: tells a wrong password apart from damage.
        var verifier: Data
        var wrappedKey: Sealed

        struct Sealed: Codable {
            var nonce: Data
            var ciphertext: Data
            var tag: Data
        }

        /// Binds the wrapped key to the header, so lowering the iterations in the file cannot go unnoticed.
        var authenticatedData: Data {
            RecordFormat.authenticatedData([
                format, String(version), kdf.name, String(kdf.iterations), kdf.salt.base64EncodedString(), keyID,
            ])
        }
    }

    static let verifierLabel = Data("styluskit clinician password verifier".utf8)

    /// `$XDG_CONFIG_HOME/styluskit/clinician.key`, or `~/.config/styluskit/clinician.key`.
    public static func defaultPath(environment: [String: String]) -> String {
        let config: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = xdg
        } else {
            config = (environment["HOME"] ?? "") + "/.config"
        }
        return config + "/styluskit/clinician.key"
    }

    /// Creates a key file with a new random data key; refuses to replace an existing one.
    ///
    /// - Parameter iterations: PBKDF2 iterations; the command line enforces
    ///   `KDFParameters.minimumIterations`, tests pass fewer to stay fast.
    @discardableResult
    public static func create(at path: String, password: String, iterations: Int) throws -> ClinicianKey {
        let key = ClinicianKey(dataKey: SymmetricKey(size: .bits256), kdf: .random(iterations: iterations))
        let contents = try wrap(key, password: password)
        try createParentDirectory(of: path)
        if access(path, F_OK) == 0 { throw PatientDataError.keyFileExists(path: path) }
        // Written whole under a temporary name, then linked to its own: a full disk or a kill never leaves a
        // short key file where the next `keys init` would refuse to replace it (issue 34, item 1).
        let temporary = path + ".new-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 { throw failure("create the key file", path) }
        defer { _ = unlink(temporary) }
        try write(contents, to: fd, path: path)
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { throw PatientDataError.keyFileExists(path: path) }
            throw failure("create the key file", path)
        }
        syncDirectory(of: path)
        return key
    }

    /// Reads the key file without unlocking it: refuses a missing, open (mode) or damaged one.
    ///
    /// - Returns: its KDF parameters.
    @discardableResult
    public static func check(at path: String) throws -> KDFParameters {
        try read(path).kdf
    }

    /// Unlocks the key file with `password`.
    public static func unlock(at path: String, password: String) throws -> ClinicianKey {
        let contents = try read(path)
        let keys = try contents.kdf.deriveKeys(password: password)
        let verifier = Data(HMAC<SHA256>.authenticationCode(for: verifierLabel, using: keys.verifier))
        guard constantTimeEqual(verifier, contents.verifier) else { throw PatientDataError.wrongPassword(path: path) }
        let dataKey: SymmetricKey
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: contents.wrappedKey.nonce), ciphertext: contents.wrappedKey.ciphertext,
                tag: contents.wrappedKey.tag)
            dataKey = SymmetricKey(
                data: try AES.GCM.open(box, using: keys.wrapping, authenticating: contents.authenticatedData))
        } catch {
            throw PatientDataError.keyFileMalformed(
                path: path, reason: "its wrapped data key fails its integrity check")
        }
        let key = ClinicianKey(dataKey: dataKey, kdf: contents.kdf)
        guard key.keyID == contents.keyID else {
            throw PatientDataError.keyFileMalformed(path: path, reason: "its key id does not match its data key")
        }
        return key
    }

    /// Re-wraps the data key under `newPassword` with a new salt (and `iterations`), replacing the
    /// file atomically; records sealed before stay readable because the data key is the same.
    @discardableResult
    public static func changePassword(
        at path: String, oldPassword: String, newPassword: String, iterations: Int
    ) throws -> ClinicianKey {
        try rewrap(
            try unlock(at: path, password: oldPassword), at: path, newPassword: newPassword, iterations: iterations)
    }

    /// Re-wraps an unlocked key under `newPassword`, replacing the key file at `path` atomically.
    @discardableResult
    public static func rewrap(
        _ old: ClinicianKey, at path: String, newPassword: String, iterations: Int
    ) throws -> ClinicianKey {
        let key = ClinicianKey(dataKey: old.dataKey, kdf: .random(iterations: iterations))
        let contents = try wrap(key, password: newPassword)
        let temporary = path + ".new-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 { throw failure("create the new key file", temporary) }
        do {
            try write(contents, to: fd, path: temporary)
            guard rename(temporary, path) == 0 else { throw failure("replace the key file", path) }
        } catch {
            _ = unlink(temporary)
            throw error
        }
        syncDirectory(of: path)
        return key
    }

    // MARK: Reading and writing

    static func wrap(_ key: ClinicianKey, password: String) throws -> Contents {
        let keys = try key.kdf.deriveKeys(password: password)
        var contents = Contents(
            format: formatName, version: version, kdf: key.kdf, keyID: key.keyID,
            verifier: Data(HMAC<SHA256>.authenticationCode(for: verifierLabel, using: keys.verifier)),
            wrappedKey: .init(nonce: Data(), ciphertext: Data(), tag: Data()))
        let plain = key.dataKey.withUnsafeBytes { Data($0) }
        let box = try AES.GCM.seal(
            plain, using: keys.wrapping, nonce: AES.GCM.Nonce(), authenticating: contents.authenticatedData)
        contents.wrappedKey = .init(nonce: Data(box.nonce), ciphertext: box.ciphertext, tag: box.tag)
        return contents
    }

    /// Reads and parses the key file, refusing one that others can read or change.
    static func read(_ path: String) throws -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { throw PatientDataError.keyFileMissing(path: path) }
            throw failure("open the key file", path)
        }
        defer { _ = close(fd) }
        // fstat on the open descriptor: the mode checked is the mode of the file read.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("check the key file", path) }
        if info.st_mode & 0o077 != 0 { throw PatientDataError.keyFileTooOpen(path: path, mode: UInt32(info.st_mode)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("read the key file", path)
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[..<n])
            if data.count > 1 << 20 {
                throw PatientDataError.keyFileMalformed(path: path, reason: "it is larger than 1 MiB")
            }
        }
        struct Header: Decodable {
            var format: String
            var version: Int
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.format == formatName else {
            throw PatientDataError.keyFileMalformed(path: path, reason: "it is not a StylusKit clinician key file")
        }
        guard header.version == version else {
            throw PatientDataError.unsupportedKeyFileVersion(path: path, version: header.version)
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            throw PatientDataError.keyFileMalformed(path: path, reason: "a part is missing")
        }
        guard contents.kdf.name == KDFParameters.pbkdf2SHA256, contents.kdf.iterations > 0 else {
            throw PatientDataError.keyFileMalformed(path: path, reason: "its KDF is not PBKDF2-HMAC-SHA256")
        }
        return contents
    }

    /// Writes, syncs and closes `fd`; mode 0600 whatever the umask made of it.
    private static func write(_ contents: Contents, to fd: Int32, path: String) throws {
        var open = true
        defer { if open { _ = close(fd) } }
        guard fchmod(fd, 0o600) == 0 else { throw failure("set the mode of", path) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(contents) + Data("\n".utf8)
        guard data.withUnsafeBytes({ WholeWrite.write($0, to: fd) }) == nil else {
            throw failure("write the key file", path)
        }
        guard fsync(fd) == 0 else { throw failure("flush the key file", path) }
        open = false
        guard close(fd) == 0 else { throw failure("close the key file", path) }
    }

    /// Creates the key file's directory (0700) when it is missing.
    private static func createParentDirectory(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var info = stat()
        if stat(directory, &info) == 0 { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PatientDataError.fileSystem(
                operation: "create the directory", path: directory, reason: SystemErrorText.reason(error))
        }
    }

    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }

    private static func failure(_ operation: String, _ path: String) -> PatientDataError {
        .fileSystem(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }

    private static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
