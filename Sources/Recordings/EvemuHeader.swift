import Foundation
import StylusInput

/// Facts our evemu writer keeps in `# StylusKit <key>: <value>` comment lines because evemu
/// has no field for them, so that evemu -> libinput-record -> evemu conversions lose nothing.
///
/// The lines come after `# EVEMU`, `# Kernel:` and `# DMI:` and before the evtest-style
/// description. libevemu skips them as comments; our reader applies them:
///
///     # StylusKit udev: ID_INPUT_TABLET=1             one udev property, in order (repeatable)
///     # StylusKit hid: 05 0d 09 02 a1 01              HID report descriptor bytes in hex (repeatable;
///                                                      a bare "hid:" records an empty descriptor)
///     # StylusKit quirk: AttrPressureRange=10:8        one libinput quirk line, in order (repeatable)
///     # StylusKit unrecorded-resolution: 00 01 18     ABS codes (hex) whose resolution the original
///                                                      format did not carry; their "A:" lines say 0
///     # StylusKit types-without-codes: 02             event types (hex) supported with no code known
///     # StylusKit libinput: 1.25.0                    libinput-record's libinput version
///     # StylusKit libinput-git: 1.25.0-1-gabc         libinput-record's libinput git describe
///     # StylusKit os: fedora:39                       libinput-record's system os
///     # StylusKit node: /dev/input/event7             libinput-record's device node
struct StylusKitExtensions: Hashable {
    var udevProperties: [String] = []
    var hidReportDescriptor: [UInt8]?
    var quirks: [String] = []
    var unrecordedResolution: [UInt16] = []
    var typesWithoutCodes: [UInt16] = []
    var libinputVersion: String?
    var libinputGit: String?
    var operatingSystem: String?
    var deviceNode: String?

    static let prefix = "StylusKit "

    /// Applies `key: value`; false if the key is not ours.
    mutating func apply(key: String, value: String) -> Bool {
        switch key {
        case "udev": udevProperties.append(value)
        case "hid":
            var bytes = hidReportDescriptor ?? []
            for token in value.split(separator: " ") {
                guard let byte = UInt8(token, radix: 16) else { return false }
                bytes.append(byte)
            }
            hidReportDescriptor = bytes
        case "quirk": quirks.append(value)
        case "unrecorded-resolution":
            unrecordedResolution += value.split(separator: " ").compactMap { UInt16($0, radix: 16) }
        case "types-without-codes":
            typesWithoutCodes += value.split(separator: " ").compactMap { UInt16($0, radix: 16) }
        case "libinput": libinputVersion = value
        case "libinput-git": libinputGit = value
        case "os": operatingSystem = value
        case "node": deviceNode = value
        default: return false
        }
        return true
    }

    /// Parses the text after `# ` of a comment line; true if it was one of ours.
    mutating func apply(commentText text: Substring) -> Bool {
        guard text.hasPrefix(Self.prefix) else { return false }
        let rest = text.dropFirst(Self.prefix.count)
        guard let colon = rest.firstIndex(of: ":") else { return false }
        var value = rest[rest.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return apply(key: String(rest[..<colon]), value: String(value))
    }

    /// The comment lines that carry these facts.
    func commentLines() -> [String] {
        var lines: [String] = []
        for property in udevProperties { lines.append("# StylusKit udev: \(property)") }
        if let hid = hidReportDescriptor {
            if hid.isEmpty { lines.append("# StylusKit hid:") }
            var index = 0
            while index < hid.count {
                let row = hid[index..<min(index + 16, hid.count)].map { hex2($0) }.joined(separator: " ")
                lines.append("# StylusKit hid: \(row)")
                index += 16
            }
        }
        for quirk in quirks { lines.append("# StylusKit quirk: \(quirk)") }
        if !unrecordedResolution.isEmpty {
            lines.append(
                "# StylusKit unrecorded-resolution: " + unrecordedResolution.map { hex2($0) }.joined(separator: " "))
        }
        if !typesWithoutCodes.isEmpty {
            lines.append(
                "# StylusKit types-without-codes: " + typesWithoutCodes.map { hex2($0) }.joined(separator: " "))
        }
        if let libinputVersion { lines.append("# StylusKit libinput: \(libinputVersion)") }
        if let libinputGit { lines.append("# StylusKit libinput-git: \(libinputGit)") }
        if let operatingSystem { lines.append("# StylusKit os: \(operatingSystem)") }
        if let deviceNode { lines.append("# StylusKit node: \(deviceNode)") }
        return lines
    }

    /// The facts of `header` that evemu cannot carry.
    init(header: RecordingHeader) {
        let device = header.device
        udevProperties = device.extras.udevProperties
        hidReportDescriptor = device.extras.hidReportDescriptor
        quirks = device.extras.quirks
        unrecordedResolution = device.absInfo.filter { $0.value.resolution == nil }.keys.sorted()
        typesWithoutCodes = device.codes.filter { $0.value.isEmpty }.keys.map(\.rawValue).sorted()
        libinputVersion = header.libinputVersion
        libinputGit = header.libinputGit
        operatingSystem = header.operatingSystem
        deviceNode = header.deviceNode
    }

    init() {}

    /// Puts the device facts into `device`.
    func apply(to device: inout DeviceDescription) {
        device.extras = DeviceExtras(
            udevProperties: udevProperties, hidReportDescriptor: hidReportDescriptor, quirks: quirks)
        for code in unrecordedResolution { device.absInfo[code]?.resolution = nil }
        for type in typesWithoutCodes where device.codes[EventType(rawValue: type)] == nil {
            device.codes[EventType(rawValue: type)] = []
        }
    }
}

/// Makes every `EV_SYN` code supported when the type is, as libevdev (and so libevemu and
/// libinput-record) reports them: evemu-record writes a constant `B: 00 0b` whatever the kernel said.
func supportAllSynchronizationCodes(_ device: inout DeviceDescription) {
    guard device.codes[.synchronization] != nil, let maximum = EventType.synchronization.maximumCode else { return }
    device.codes[.synchronization] = Set(0...maximum)
}

/// The words of `text` between spaces and tabs. An ASCII text is split byte by byte: each of its
/// bytes is a Character (a CR would join a following newline, which a line has none of), so the
/// words are those of splitting by Characters, which cost most of a header's parse (issue 32).
func blankSeparatedWords(_ text: Substring) -> [Substring] {
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
    var words: [Substring] = []
    var index = utf8.startIndex
    while index != utf8.endIndex {
        while index != utf8.endIndex && (utf8[index] == 0x20 || utf8[index] == 0x09) {
            index = utf8.index(after: index)
        }
        let start = index
        while index != utf8.endIndex && utf8[index] != 0x20 && utf8[index] != 0x09 { index = utf8.index(after: index) }
        if start != index { words.append(text[start..<index]) }
    }
    return words
}

func hex2<T: BinaryInteger>(_ value: T) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
}

/// A device description as evtest-style comments give it (`# Input device name: "..."`,
/// `# Supported events:` tree, `# Properties:`), used when a file has no `N:`/`I:` lines.
struct EvtestCommentDescription {
    var name: String?
    var id: InputID?
    var properties: Set<UInt16> = []
    var codes: [EventType: Set<UInt16>] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    private var currentType: EventType?
    private var currentAxis: UInt16?

    /// Takes the words of one comment line (without `#`); ignores what it does not know.
    mutating func apply(_ text: Substring) {
        if text.hasPrefix("Input device name:") {
            var value = text.dropFirst("Input device name:".count).drop(while: { $0 == " " })
            if value.first == "\"" && value.last == "\"" && value.count >= 2 { value = value.dropFirst().dropLast() }
            name = String(value)
            return
        }
        apply(words: text.split(whereSeparator: { $0 == " " || $0 == "\t" }))
    }

    /// `apply` for a comment whose bytes are all ASCII, split into words byte by byte: for ASCII
    /// a byte is a Character, so the words are the same, and splitting by Characters was most of
    /// what a header of evtest comments cost (issue 32, item 5).
    mutating func apply(ascii text: UnsafeBufferPointer<UInt8>) {
        if text.starts(with: "Input device name:".utf8) {
            apply(Substring(String(decoding: text, as: UTF8.self)))
            return
        }
        var words: [Substring] = []
        var index = 0
        while index < text.count {
            while index < text.count && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
            let start = index
            while index < text.count && text[index] != 0x20 && text[index] != 0x09 { index += 1 }
            if index > start {
                words.append(
                    Substring(String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self)))
            }
        }
        apply(words: words)
    }

    private mutating func apply(words: [Substring]) {
        guard let first = words.first else { return }
        func number(_ index: Int) -> Int64? {
            guard index < words.count else { return nil }
            return Int64(words[index])
        }
        switch first {
        case "Input" where words.count >= 11 && words[1] == "device" && words[2] == "ID:":
            // Input device ID: bus 0x03 vendor 0x56a product 0x333 version 0x110
            func hex(_ word: Substring) -> UInt16? {
                let digits = word.hasPrefix("0x") ? word.dropFirst(2) : word
                return UInt16(digits, radix: 16)
            }
            if let bus = hex(words[4]), let vendor = hex(words[6]), let product = hex(words[8]),
                let version = hex(words[10])
            {
                id = InputID(bustype: bus, vendor: vendor, product: product, version: version)
            }
        case "Event" where words.count >= 3 && words[1] == "type":
            guard let type = number(2), (0...Int64(EventType.max.rawValue)).contains(type) else { return }
            currentType = EventType(rawValue: UInt16(type))
            currentAxis = nil
            codes[currentType!, default: []].formUnion([])
        case "Event" where words.count >= 3 && words[1] == "code":
            guard let type = currentType, let code = number(2), code >= 0,
                code <= Int64(type.maximumCode ?? 0)
            else { return }
            codes[type, default: []].insert(UInt16(code))
            if type == .absolute {
                currentAxis = UInt16(code)
                absInfo[UInt16(code)] = AbsInfo(minimum: 0, maximum: 0, resolution: nil)
            } else {
                currentAxis = nil
            }
        case "Min", "Max", "Fuzz", "Flat", "Resolution":
            guard let axis = currentAxis, let value = number(1), let value32 = Int32(exactly: value) else { return }
            switch first {
            case "Min": absInfo[axis]?.minimum = value32
            case "Max": absInfo[axis]?.maximum = value32
            case "Fuzz": absInfo[axis]?.fuzz = value32
            case "Flat": absInfo[axis]?.flat = value32
            default: absInfo[axis]?.resolution = value32
            }
        case "Property" where words.count >= 3 && words[1] == "type":
            if let property = number(2), (0...63).contains(property) { properties.insert(UInt16(property)) }
        case "Properties:", "Supported":
            currentType = nil
            currentAxis = nil
        default:
            break
        }
    }

    /// The description, if the comments named the device and its ids.
    var description: DeviceDescription? {
        guard let name, let id else { return nil }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
    }
}

/// Parses the part of an evemu file before its first `E:` line.
struct EvemuHeaderParser {
    /// INPUT_PROP_MAX: the highest input property number.
    static let maximumProperty = 0x1f

    let fileName: String
    private(set) var version: EvemuVersion?
    private var kernel: String?
    private var dmi: String?
    private var extensions = StylusKitExtensions()
    private var comments = EvtestCommentDescription()
    private var name: String?
    private var id: InputID?
    private var properties: Set<UInt16> = []
    private var propertyBytes = 0
    private var codes: [EventType: Set<UInt16>] = [:]
    private var maskBytes: [UInt16: Int] = [:]
    private var absInfo: [UInt16: AbsInfo] = [:]
    private var sawDescriptionLine = false
    private var sawContent = false
    private var firstEventLine: Int?
    /// Control lines (`# StylusKit control: ...`) before the first event, without the prefix.
    private(set) var controlLines: [String] = []

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Reads lines up to (not including) the first `E:` line.
    mutating func parse(_ source: inout LineSource) throws(RecordingError) {
        while let range = try source.nextLine() {
            let kind = source.buffer.withUnsafeBufferPointer { classifyLine($0, range.lowerBound, range.upperBound) }
            if kind == .event {
                firstEventLine = source.lineNumber
                source.pushBack()
                return
            }
            if kind == .blank { continue }
            let isFirst = !sawContent
            sawContent = true
            if kind == .comment,
                let text = source.buffer.withUnsafeBufferPointer({ evtestCommentText($0, range, isFirst: isFirst) })
            {
                source.buffer.withUnsafeBufferPointer { comments.apply(ascii: UnsafeBufferPointer(rebasing: $0[text])) }
                continue
            }
            var line = String(decoding: source.buffer[range], as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            if kind == .comment {
                parseComment(line, isFirst: isFirst)
            } else {
                try parseDescriptionLine(line, lineNumber: source.lineNumber, isLast: !source.lastLineHadNewline)
            }
        }
    }

    /// Where the text of an ASCII comment line that `parseComment` would hand to the evtest
    /// comments starts and ends (after `#` and the spaces after it, without a final CR); nil for
    /// any other line, which takes the String path.
    private func evtestCommentText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isFirst: Bool)
        -> Range<Int>?
    {
        var end = range.upperBound
        if end > range.lowerBound && bytes[end - 1] == 0x0d { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end])
        // ASCII only, without a CR inside (a CR before a newline is one Character with it).
        guard line.allSatisfy({ $0 < 0x80 && $0 != 0x0d }) else { return nil }
        if line.starts(with: "# StylusKit control: ".utf8) { return nil }
        var start = range.lowerBound
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        if start < end { start += 1 }  // the `#`
        while start < end && bytes[start] == 0x20 { start += 1 }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if isFirst && text.starts(with: "EVEMU ".utf8) { return nil }
        for prefix in ["StylusKit ", "Kernel: ", "DMI: "] where text.starts(with: prefix.utf8) { return nil }
        return start..<end
    }

    private mutating func parseComment(_ line: String, isFirst: Bool) {
        if line.hasPrefix("# StylusKit control: ") {
            controlLines.append(String(line.dropFirst("# StylusKit control: ".count)))
            return
        }
        var text = line.drop(while: { $0 == " " || $0 == "\t" }).dropFirst()
        text = text.drop(while: { $0 == " " })
        if isFirst && text.hasPrefix("EVEMU ") {
            let parts = text.dropFirst(6).split(separator: ".")
            if parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1].prefix(while: \.isNumber)) {
                version = EvemuVersion(major: major, minor: minor)
            }
            return
        }
        if extensions.apply(commentText: text) { return }
        if text.hasPrefix("Kernel: ") {
            kernel = String(text.dropFirst("Kernel: ".count))
        } else if text.hasPrefix("DMI: ") {
            dmi = String(text.dropFirst("DMI: ".count))
        } else {
            comments.apply(text)
        }
    }

    private mutating func parseDescriptionLine(_ line: String, lineNumber: Int, isLast: Bool) throws(RecordingError) {
        func fail(_ expected: String) -> RecordingError {
            isLast
                ? .cutOffLine(file: fileName, line: lineNumber, expected: expected, found: quoted(Array(line.utf8)))
                : .malformedLine(file: fileName, line: lineNumber, expected: expected, found: quoted(Array(line.utf8)))
        }
        let prefix = line.prefix(2)
        let words = blankSeparatedWords(line.dropFirst(2))
        func hexBytes(_ slice: ArraySlice<Substring>) -> [UInt8]? {
            var bytes: [UInt8] = []
            for word in slice {
                guard word.count <= 2, let byte = UInt8(word, radix: 16) else { return nil }
                bytes.append(byte)
            }
            return bytes
        }
        sawDescriptionLine = true
        switch prefix {
        case "N:":
            let value = line.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" })
            guard !value.isEmpty else { throw fail("'N: <device name>'") }
            if name == nil { name = String(value) }
        case "I:":
            let expected = "'I: <bus> <vendor> <product> <version>' (four hex numbers)"
            guard words.count == 4 else { throw fail(expected) }
            let numbers = words.compactMap { $0.count <= 4 ? UInt16($0, radix: 16) : nil }
            guard numbers.count == 4 else { throw fail(expected) }
            id = InputID(bustype: numbers[0], vendor: numbers[1], product: numbers[2], version: numbers[3])
        case "P:":
            guard words.count == 8, let bytes = hexBytes(words[...]) else { throw fail("'P:' and 8 hex bytes") }
            // The kernel numbers properties up to INPUT_PROP_MAX (0x1f): bits above it name no
            // property and are ignored, as bits above a type's highest code are (in a file of
            // over 1024 P: lines they would not even fit a UInt16).
            for (index, byte) in bytes.enumerated() {
                for bit in 0..<8 where byte & (1 << bit) != 0 {
                    let property = (propertyBytes + index) * 8 + bit
                    if property <= Self.maximumProperty { properties.insert(UInt16(property)) }
                }
            }
            propertyBytes += 8
        case "B:":
            let expected = "'B: <type>' and 8 hex bytes"
            guard words.count == 9, words[0].count <= 2, let typeNumber = UInt16(words[0], radix: 16),
                let bytes = hexBytes(words[1...])
            else { throw fail(expected) }
            guard typeNumber <= EventType.max.rawValue else {
                throw .outOfRange(
                    file: fileName, line: lineNumber, column: 4,
                    problem: "event type 0x\(String(typeNumber, radix: 16)) is above EV_MAX (0x1f)")
            }
            let type = EventType(rawValue: typeNumber)
            let offset = maskBytes[typeNumber, default: 0]
            maskBytes[typeNumber] = offset + 8
            // Bits above the type's highest code cannot be enabled; libevemu ignores them too.
            guard let maximumCode = type.maximumCode else { return }
            for (index, byte) in bytes.enumerated() {
                for bit in 0..<8 where byte & (1 << bit) != 0 {
                    let code = (offset + index) * 8 + bit
                    if code <= Int(maximumCode) { codes[type, default: []].insert(UInt16(code)) }
                }
            }
        case "A:":
            let expected: String
            let allowed: Set<Int>
            switch version {
            case let version? where version.hasResolution:
                expected =
                    "'A: <code> <min> <max> <fuzz> <flat> <resolution>' (EVEMU \(version) has a resolution field)"
                allowed = [6]
            case let version?:
                expected = "'A: <code> <min> <max> <fuzz> <flat>' (EVEMU \(version) has no resolution field)"
                allowed = [5]
            case nil:
                expected = "'A: <code> <min> <max> <fuzz> <flat> [<resolution>]'"
                allowed = [5, 6]
            }
            guard allowed.contains(words.count), words[0].count <= 2, let code = UInt16(words[0], radix: 16) else {
                throw fail(expected)
            }
            var numbers: [Int32] = []
            for word in words.dropFirst() {
                guard let wide = Int64(word) else { throw fail(expected) }
                guard let number = Int32(exactly: wide) else {
                    throw .outOfRange(
                        file: fileName, line: lineNumber,
                        column: (line.range(of: String(word))?.lowerBound.utf16Offset(in: line) ?? 0) + 1,
                        problem: "absinfo value \(wide) is outside the 32-bit range")
                }
                numbers.append(number)
            }
            guard code <= EventType.absolute.maximumCode! else {
                throw .outOfRange(
                    file: fileName, line: lineNumber, column: 4,
                    problem: "absolute axis 0x\(String(code, radix: 16)) is above ABS_MAX (0x3f)")
            }
            absInfo[code] = AbsInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count == 5 ? numbers[4] : nil)
        case "L:", "S:":
            // LED and switch states: evemu cannot replay them and neither do we.
            guard words.count == 2 else { throw fail("'\(prefix) <code> <state>'") }
        default:
            sawDescriptionLine = false
            throw fail("a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a comment")
        }
    }

    /// The header the lines gave, with `external` as the device when given (the legacy split form).
    func header(external: RecordingHeader? = nil, externalFile: String? = nil) throws(RecordingError) -> RecordingHeader
    {
        if let external {
            // A recording with a description of its own was recorded with it; another would
            // silently change what its events mean (a Cintiq read as an Intuos4).
            if let own = sawDescriptionLine ? name : comments.description?.name {
                throw .twoDescriptions(
                    recording: fileName, device: own, descriptionFile: externalFile ?? "the description file",
                    descriptionDevice: external.device.name)
            }
            var header = external
            if header.kernel == nil { header.kernel = kernel }
            if header.dmi == nil { header.dmi = dmi }
            return header
        }
        var device: DeviceDescription
        if sawDescriptionLine {
            guard let name, let id else { throw .missingDescription(file: fileName, firstEventLine: firstEventLine) }
            device = DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
        } else if let fromComments = comments.description {
            device = fromComments
        } else {
            throw .missingDescription(file: fileName, firstEventLine: firstEventLine)
        }
        extensions.apply(to: &device)
        // evemu 1.0/1.1 wrote no resolution on its A: lines, but evemu-record's evtest-style
        // comments above them state it (`#       Resolution 200`): keep what they state, apart.
        for (code, info) in device.absInfo where info.resolution == nil {
            if let stated = comments.absInfo[code]?.resolution, stated > 0 {
                device.extras.headerCommentResolutions[code] = stated
            }
        }
        supportAllSynchronizationCodes(&device)
        return RecordingHeader(
            format: .evemu(version), kernel: kernel, dmi: dmi, operatingSystem: extensions.operatingSystem,
            libinputVersion: extensions.libinputVersion, libinputGit: extensions.libinputGit,
            deviceNode: extensions.deviceNode, device: device)
    }
}
