import Foundation
import Glibc
import Testing

/// Ctrl-C at a password prompt ends the command with the terminal's echo back on: the prompt turns
/// echo off, and a `defer` does not run when a signal ends the process.
@Suite("The password prompt and Ctrl-C")
struct PasswordPromptTests {
    /// A pseudo-terminal pair: the master end the test holds, the slave end's path.
    struct PseudoTerminal {
        let master: Int32
        let slavePath: String

        init() throws {
            // posix_openpt and friends are not in Swift's Glibc module: /dev/ptmx and the two ioctls
            // they make (unlock the slave, ask its number).
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(master >= 0, "/dev/ptmx: \(String(cString: strerror(errno)))")
            // <asm-generic/ioctls.h>: _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int), which
            // Swift does not import (function-like macros).
            let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
            let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
            var unlock: Int32 = 0
            try #require(ioctl(master, unlockRequest, &unlock) == 0, "TIOCSPTLCK: \(String(cString: strerror(errno)))")
            var number: UInt32 = 0
            try #require(ioctl(master, numberRequest, &number) == 0, "TIOCGPTN: \(String(cString: strerror(errno)))")
            slavePath = "/dev/pts/\(number)"
        }

        /// Reads what the command wrote until `text` appears or `seconds` pass.
        func read(until text: String, seconds: Double) -> String {
            var seen = ""
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline && !seen.contains(text) {
                var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 1024)
                let n = Glibc.read(master, &buffer, buffer.count)
                if n <= 0 { break }
                seen += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return seen
        }

        /// True when the terminal echoes what is typed (the pair shares one termios).
        var echoes: Bool {
            var settings = termios()
            guard tcgetattr(master, &settings) == 0 else { return false }
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }
    }

    /// A command that asks for a password, and whether a key file exists before it runs.
    struct PromptingCommand: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let hasKeyFile: Bool
        var testDescription: String { "styluskit " + arguments.joined(separator: " ") }
    }

    static let promptingCommands = [
        PromptingCommand(arguments: ["keys", "init"], hasKeyFile: false),
        PromptingCommand(arguments: ["keys", "change-password"], hasKeyFile: true),
    ]

    /// Without setsid the command cannot be given the pseudo-terminal as its controlling terminal.
    @Test(
        "Ctrl-C typed at a password prompt: the command ends, the terminal echoes again, the key file is untouched",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"), "setsid (util-linux) is not installed"),
        arguments: promptingCommands)
    func controlCRestoresEcho(command: PromptingCommand) throws {
        // The test runner's threads block SIGINT, and a spawned process inherits the mask: python3
        // (a setup dependency) clears it before exec, as a shell's child would start.
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let unblock =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        let box = try CommandTests.Sandbox()
        defer { box.remove() }
        if command.hasKeyFile { try box.makeKeyFile() }
        let keyFileBefore = FileManager.default.contents(atPath: box.keyFile)
        let terminal = try PseudoTerminal()
        defer { _ = close(terminal.master) }
        #expect(terminal.echoes, "a new pseudo-terminal echoes")
        let slave = try #require(FileHandle(forUpdatingAtPath: terminal.slavePath))
        let process = Process()
        process.executableURL = python
        // --ctty: the pseudo-terminal (standard input) becomes the command's controlling terminal, so
        // /dev/tty is it and Ctrl-C typed on it signals the command.
        process.arguments =
            ["python3", "-c", unblock, "/usr/bin/setsid", "--ctty", "--wait", Paths.styluskit.path] + command.arguments
            + [
                "--key-file", box.keyFile,
            ]
        process.environment = box.environment
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
        let prompt = terminal.read(until: "assword", seconds: 20)
        try #require(prompt.contains("assword"), "no password prompt: \(prompt)")
        // The prompt has turned echo off; give it a moment to have done so before looking.
        var off = false
        for _ in 0..<50 where !off {
            off = !terminal.echoes
            if !off { usleep(20_000) }
        }
        #expect(off, "echo is off at the password prompt")
        var controlC: UInt8 = 0x03
        #expect(write(terminal.master, &controlC, 1) == 1)
        // Never hang the suite: a command that ignores Ctrl-C is killed after 20 s and fails.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        #expect(ended, "Ctrl-C ends the command within 20 s")
        #expect(process.terminationStatus != 0, "Ctrl-C ends the command")
        #expect(terminal.echoes, "the terminal echoes again after Ctrl-C at the prompt")
        #expect(
            FileManager.default.contents(atPath: box.keyFile) == keyFileBefore,
            "the key file is neither written nor changed")
    }
}
