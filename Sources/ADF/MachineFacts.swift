// Screen facts of the machine a live test runs on, for TaskData's Start and End.

import Glibc

/// What the machine can tell about its screen at a step's start or end, read from sysfs.
///
/// Only for the live `record` command: a replay must not record today's brightness as if it
/// were the session's, so the replay pipeline never uses this type.
///
/// Audio volume is deliberately not read. On Linux it lives in the ALSA mixer (reachable only
/// through libasound or a process call to `amixer`) or in the PulseAudio / PipeWire server
/// (reachable only over its socket), and which of several cards and controls the patient
/// hears cannot be told reliably. `StepMark.volume` therefore stays nil, and the `volume`
/// attribute is left out: the spec prefers an omitted fact to an invented one.
public struct MachineFacts: Sendable {
    /// The root of the sysfs tree to read: "/sys" on a real machine, a fake tree in tests.
    public var sysfsRoot: String = "/sys"

    /// The screen brightness 0...1 (rounded to 4 decimals, as ADF writes it), or nil when
    /// the machine has no backlight it can read.
    ///
    /// Reads `class/backlight/*/brightness` and `max_brightness`. With several backlights
    /// (a laptop often has both `acpi_video0` and `intel_backlight`) the one that controls
    /// the panel most directly is taken, as desktop environments do: type `firmware`, then
    /// `platform`, then `raw`, then by name. A backlight whose files are missing, not
    /// numbers, or out of range (maximum 0, brightness above the maximum) is skipped.
    public func brightness() -> Double? {
        let directory = "\(sysfsRoot)/class/backlight"
        let candidates = Self.entries(of: directory).compactMap { name -> (rank: Int, name: String, value: Double)? in
            let device = "\(directory)/\(name)"
            guard
                let current = Self.readInteger("\(device)/brightness"),
                let maximum = Self.readInteger("\(device)/max_brightness"),
                maximum > 0, current >= 0, current <= maximum
            else { return nil }
            let rank: Int =
                switch Self.readLine("\(device)/type") {
                case "firmware": 0
                case "platform": 1
                case "raw": 2
                default: 3
                }
            let value = (Double(current) / Double(maximum) * 10_000).rounded() / 10_000
            return (rank, name, value)
        }
        return candidates.min { ($0.rank, $0.name) < ($1.rank, $1.name) }?.value
    }

    /// A step's start or end at `unixMilliseconds` with what the machine can tell now.
    public func stepMark(unixMilliseconds: Double) -> StepMark {
        StepMark(unixMilliseconds: unixMilliseconds, brightness: brightness(), volume: nil)
    }

    // MARK: sysfs

    /// The names in `directory`, without "." and ".."; empty if it cannot be listed.
    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The first line of a small sysfs attribute file, trimmed; nil if it cannot be read.
    ///
    /// sysfs files report a size of 4096 whatever they hold, so the file is read until EOF
    /// into a small buffer rather than by its size.
    private static func readLine(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while bytes.count < 256 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self).trimmingASCIISpaces()
    }

    private static func readInteger(_ path: String) -> Int64? {
        readLine(path).flatMap { Int64($0) }
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
