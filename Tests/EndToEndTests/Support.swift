import Foundation
import TestSupport
import Testing

/// Where the package, the shared recordings and the built `styluskit` binary are.
enum Paths {
    /// The package root: three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real recordings from physical tablets, bundled with the package (MIT licence) so the
    /// tests need nothing outside the clone; copies of the project's shared/recordings/real.
    static let realRecordings = packageRoot.appendingPathComponent("Fixtures/recordings/real")

    /// The project's shared recordings beside the clone, where a checkout has them.
    static let sharedRecordings = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/recordings/real")

    /// The bundled recordings and fixtures of the package.
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// The `styluskit` binary built beside this test bundle.
    static var styluskit: URL {
        // The test bundle runs from the build directory, where SwiftPM also puts the products.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("styluskit")
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("styluskit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// What a process printed and how it ended.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `executable` with `arguments` (and `input` on its standard input) and waits for it.
func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil) throws
    -> ProcessResult
{
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let standardInput = Pipe()
    process.standardInput = standardInput
    try process.run()
    // Small inputs (passwords) fit the pipe's buffer; closing it gives the process its end of file.
    if let input { writeAll(standardInput.fileHandleForWriting, Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    // Read before waiting, so a chatty process cannot fill the pipe and block.
    let outputData = readToEnd(output.fileHandleForReading)
    let errorData = readToEnd(error.fileHandleForReading)
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}

/// Runs the `styluskit` command from the package root, where it finds Calibration/.
func styluskit(_ arguments: [String], in directory: URL = Paths.packageRoot) throws -> ProcessResult {
    try run(Paths.styluskit, arguments, in: directory)
}

/// Runs `xmllint --xpath EXPRESSION FILE`: an XML parser independent of ours.
func xpath(_ expression: String, in file: URL) throws -> String {
    let result = try run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--xpath", expression, file.path])
    try #require(result.status == 0, "xmllint failed on \(file.path): \(result.standardError)")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
}
