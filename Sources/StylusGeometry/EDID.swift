/// What a display says about itself in the base block of its EDID (VESA E-EDID 1.3/1.4): who
/// made it, its physical size and its preferred (native) resolution.
///
/// Parsed from bytes only; reading `/sys/class/drm/*/edid` is the caller's business.
public struct EDID: Sendable {
    /// The length of the base block; extension blocks follow it and are not read.
    public static let baseBlockLength = 128

    /// The three-letter PNP manufacturer id, e.g. `WAC` for Wacom, `DEL` for Dell.
    public var manufacturer: String
    /// The manufacturer's product code (bytes 10-11, little-endian), e.g. 0x1040.
    public var productCode: UInt16
    /// The serial number of bytes 12-15 (little-endian); 0 when unused.
    public var serialNumber: UInt32
    /// The week of manufacture (1-54), nil when not given.
    public var manufactureWeek: Int?
    /// The year of manufacture (or model year).
    public var manufactureYear: Int
    /// The EDID version and revision, e.g. (1, 3).
    public var version: (major: Int, minor: Int)
    /// The maximum image size of bytes 21-22, in whole centimetres; nil when not given (0, or an
    /// aspect ratio in EDID 1.4).
    public var sizeCentimetres: (width: Int, height: Int)?
    /// The preferred mode: the first detailed timing descriptor.
    public var preferredTiming: DetailedTiming?
    /// The display product name descriptor (tag 0xFC), if any.
    public var productName: String?
    /// The display serial number descriptor (tag 0xFF), if any.
    public var serialText: String?

    /// The preferred mode's pixels and image size, from a detailed timing descriptor.
    public struct DetailedTiming: Hashable, Sendable {
        public var horizontalPixels: Int
        public var verticalPixels: Int
        /// The image size in millimetres; 0 when the descriptor does not give it.
        public var widthMillimetres: Int
        public var heightMillimetres: Int
        /// The pixel clock in kilohertz.
        public var pixelClockKilohertz: Int
    }

    /// Parses the base block of `bytes` (at least 128 bytes; extension blocks after it are ignored).
    ///
    /// - Throws: `EDIDError` for a short blob, a wrong header or a wrong checksum.
    public init(bytes: [UInt8]) throws(EDIDError) {
        guard bytes.count >= Self.baseBlockLength else { throw .tooShort(found: bytes.count) }
        let header: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
        guard Array(bytes[0..<8]) == header else { throw .badHeader }
        let sum = bytes[0..<Self.baseBlockLength].reduce(0) { ($0 + Int($1)) & 0xFF }
        guard sum == 0 else { throw .badChecksum(sumModulo256: sum) }

        // Bytes 8-9: three 5-bit letters, 1 = 'A', big-endian.
        let packed = UInt16(bytes[8]) << 8 | UInt16(bytes[9])
        let letters = [(packed >> 10) & 0x1F, (packed >> 5) & 0x1F, packed & 0x1F]
        manufacturer = String(letters.map { (1...26).contains($0) ? Character(UnicodeScalar(UInt8(64 + $0))) : "?" })
        productCode = UInt16(bytes[10]) | UInt16(bytes[11]) << 8
        serialNumber = UInt32(bytes[12]) | UInt32(bytes[13]) << 8 | UInt32(bytes[14]) << 16 | UInt32(bytes[15]) << 24
        manufactureWeek = (1...54).contains(bytes[16]) ? Int(bytes[16]) : nil
        manufactureYear = 1990 + Int(bytes[17])
        version = (Int(bytes[18]), Int(bytes[19]))
        sizeCentimetres = bytes[21] > 0 && bytes[22] > 0 ? (Int(bytes[21]), Int(bytes[22])) : nil

        // Four 18-byte descriptors at 54, 72, 90, 108: a timing when its pixel clock is non-zero,
        // otherwise a display descriptor whose tag is byte 3.
        preferredTiming = nil
        productName = nil
        serialText = nil
        for offset in stride(from: 54, to: 126, by: 18) {
            let descriptor = Array(bytes[offset..<(offset + 18)])
            let clock = Int(descriptor[0]) | Int(descriptor[1]) << 8
            if clock != 0 {
                if preferredTiming == nil {
                    preferredTiming = DetailedTiming(
                        horizontalPixels: Int(descriptor[2]) | Int(descriptor[4] >> 4) << 8,
                        verticalPixels: Int(descriptor[5]) | Int(descriptor[7] >> 4) << 8,
                        widthMillimetres: Int(descriptor[12]) | Int(descriptor[14] >> 4) << 8,
                        heightMillimetres: Int(descriptor[13]) | Int(descriptor[14] & 0x0F) << 8,
                        pixelClockKilohertz: clock * 10)
                }
                continue
            }
            switch descriptor[3] {
            case 0xFC: productName = Self.descriptorText(descriptor)
            case 0xFF: serialText = Self.descriptorText(descriptor)
            default: break
            }
        }
    }

    /// The text of a display descriptor: up to 13 bytes, ended by a line feed and padded with spaces.
    static func descriptorText(_ descriptor: [UInt8]) -> String {
        let text = descriptor[5..<18].prefix { $0 != 0x0A && $0 != 0 }
        return String(decoding: text, as: UTF8.self).trimmingSpaces()
    }

    /// The physical image size in millimetres: the preferred timing's when it gives one (to the
    /// millimetre), else the basic size (to the centimetre); nil when neither does.
    public var sizeMillimetres: (width: Double, height: Double)? {
        if let timing = preferredTiming, timing.widthMillimetres > 0, timing.heightMillimetres > 0 {
            return (Double(timing.widthMillimetres), Double(timing.heightMillimetres))
        }
        if let size = sizeCentimetres {
            return (Double(size.width) * 10, Double(size.height) * 10)
        }
        return nil
    }

    /// The density of the preferred mode, horizontally, vertically and along the diagonal, in
    /// pixels per inch: pixels / (mm / 25.4). Nil without a preferred mode or a physical size.
    public var density: DisplayDensity? {
        guard let timing = preferredTiming, let size = sizeMillimetres else { return nil }
        return DisplayDensity(
            horizontalPixels: timing.horizontalPixels, verticalPixels: timing.verticalPixels,
            widthMillimetres: size.width, heightMillimetres: size.height)
    }
}

/// A display's pixel density from its pixels and physical size.
public struct DisplayDensity: Hashable, Sendable {
    public var horizontalPixels: Int
    public var verticalPixels: Int
    public var widthMillimetres: Double
    public var heightMillimetres: Double

    /// Pixels per inch across.
    public var horizontal: Double { Double(horizontalPixels) / (widthMillimetres / 25.4) }
    /// Pixels per inch down.
    public var vertical: Double { Double(verticalPixels) / (heightMillimetres / 25.4) }
    /// Pixels per inch along the diagonal: how display makers state density.
    public var diagonal: Double {
        let pixels = Double(horizontalPixels * horizontalPixels + verticalPixels * verticalPixels).squareRoot()
        let millimetres = (widthMillimetres * widthMillimetres + heightMillimetres * heightMillimetres).squareRoot()
        return pixels / (millimetres / 25.4)
    }
    /// The diagonal in inches.
    public var diagonalInches: Double {
        (widthMillimetres * widthMillimetres + heightMillimetres * heightMillimetres).squareRoot() / 25.4
    }
}

/// Why an EDID blob could not be read.
public enum EDIDError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooShort(found: Int)
    case badHeader
    case badChecksum(sumModulo256: Int)

    public var description: String {
        switch self {
        case .tooShort(let found):
            return
                "The EDID holds \(found) bytes; its base block needs 128. Read the whole file (/sys/class/drm/<card>-<output>/edid) "
                + "or measure the display with --ruler-pixels and --measured-cm instead."
        case .badHeader:
            return "The data is not an EDID: it does not start with the header 00 FF FF FF FF FF FF 00. "
                + "Give the raw binary file (not a hex dump), or measure the display with --ruler-pixels and --measured-cm."
        case .badChecksum(let sum):
            return "The EDID's base block is corrupt: its 128 bytes sum to \(sum) modulo 256 instead of 0. "
                + "Measure the display with --ruler-pixels and --measured-cm instead."
        }
    }
}

extension String {
    /// The text without leading and trailing spaces (the module has no Foundation).
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
