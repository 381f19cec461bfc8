import Foundation
import PatientData
import TestSupport
import Testing

/// A fresh directory (mode 0700), removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "styluskit-patient-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
}

/// Few PBKDF2 iterations, so unit tests stay fast; one test uses the real minimum.
let fastIterations = 1_000

/// A patient whose values hold the characters that need care: quotes, commas, non-ASCII.
let awkwardPatient = PatientDetails(
    lastName: "O'Brien, \"Jr\"", firstName: "Zoë", medicalRecord: "MR-0042", birthday: "1941-03-07",
    testingSite: "Clinic \"North\", Room 2", testIdentifier: "T-7")

/// What a process printed and how it ended.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `executable` with `arguments`, `input` on its standard input (a pipe, so not a terminal).
func run(
    _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String]? = nil,
    in directory: URL? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let stdin = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = error
    try process.run()
    writeAll(stdin.fileHandleForWriting, Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read before waiting, so a chatty process cannot fill the pipe and block.
    let outputData = readToEnd(output.fileHandleForReading)
    let errorData = readToEnd(error.fileHandleForReading)
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}

enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `styluskit` binary SwiftPM builds beside this test bundle.
    static var styluskit: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("styluskit")
    }

    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
}

/// An RSA key pair made by OpenSSL, an implementation independent of the code under test.
struct OpenSSLKeyPair {
    var privatePEM: String
    var publicPEM: String

    init(bits: Int) throws {
        let generated = try run(Paths.openssl, ["genrsa", String(bits)])
        try #require(generated.status == 0, "openssl genrsa failed: \(generated.standardError)")
        privatePEM = generated.standardOutput
        let extracted = try run(Paths.openssl, ["rsa", "-pubout"], input: privatePEM)
        try #require(extracted.status == 0, "openssl rsa -pubout failed: \(extracted.standardError)")
        publicPEM = extracted.standardOutput
    }

    /// Made once per test run: key generation takes most of a second.
    nonisolated(unsafe) static var cached: OpenSSLKeyPair?
    static let lock = NSLock()

    static func rsa2048() throws -> OpenSSLKeyPair {
        try lock.withLock {
            if let cached { return cached }
            let pair = try OpenSSLKeyPair(bits: 2048)
            cached = pair
            return pair
        }
    }
}

/// The record's JSON, decoded independently of the library, to look at or change its parts.
func recordJSON(_ value: String) throws -> [String: Any] {
    let data = try #require(Data(base64Encoded: value))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The record with `change` applied to its JSON.
func alteredRecord(_ value: String, _ change: (inout [String: Any]) throws -> Void) throws -> String {
    var json = try recordJSON(value)
    try change(&json)
    return try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).base64EncodedString()
}

/// `base64` with one bit of its byte `index` flipped.
func flippingBit(ofByte index: Int, in base64: Any?) throws -> String {
    let text = try #require(base64 as? String)
    var bytes = [UInt8](try #require(Data(base64Encoded: text)))
    bytes[index] ^= 0x01
    return Data(bytes).base64EncodedString()
}
