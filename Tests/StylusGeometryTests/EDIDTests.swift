import Testing

@testable import StylusGeometry

/// The base block of a real Wacom Cintiq 13HD's EDID: linuxhw/EDID `Digital/Wacom/WAC1040/88C3B0C29608`
/// (also Fixtures/edid/wacom-cintiq-13hd.edid, whose README gives the source). The expectations
/// below are the lines `edid-decode` printed for it in that collection, not our own output.
let cintiq13HDEDID: [UInt8] = """
    00 ff ff ff ff ff ff 00 5c 23 40 10 a1 01 00 00 21 18 01 03 80 1d 11 78 aa a7 07 a6 56 54 9b 26
    0c 50 56 21 08 00 81 80 81 40 95 00 b3 00 01 01 01 01 01 01 01 01 02 3a 80 18 71 38 2d 40 58 2c
    45 00 25 a5 10 00 00 1e 00 00 00 fc 00 43 69 6e 74 69 71 20 31 33 48 44 0a 20 00 00 00 ff 00 34
    48 42 48 30 30 30 34 31 37 0a 20 20 00 00 00 fd 00 3b 3d 1f 46 0f 00 0a 20 20 20 20 20 20 01 64
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { UInt8($0, radix: 16)! }

@Suite("EDID")
struct EDIDTests {
    @Test("A Cintiq 13HD's EDID gives its maker, model, size and density")
    func cintiq13HD() throws {
        #expect(cintiq13HDEDID.count == 128)
        let edid = try EDID(bytes: cintiq13HDEDID)
        // edid-decode: "Manufacturer: WAC", "Model: 4160", "Made in: week 33 of 2014", "Version 1.3".
        #expect(edid.manufacturer == "WAC")
        #expect(edid.productCode == 4160)
        #expect(edid.manufactureWeek == 33)
        #expect(edid.manufactureYear == 2014)
        #expect(edid.version.major == 1 && edid.version.minor == 3)
        // "Maximum image size: 29 cm x 17 cm".
        #expect(edid.sizeCentimetres?.width == 29 && edid.sizeCentimetres?.height == 17)
        // "DTD 1: 1920x1080 ... 148.500 MHz (293 mm x 165 mm)".
        let timing = try #require(edid.preferredTiming)
        #expect(timing.horizontalPixels == 1920 && timing.verticalPixels == 1080)
        #expect(timing.widthMillimetres == 293 && timing.heightMillimetres == 165)
        #expect(timing.pixelClockKilohertz == 148_500)
        // "Display Product Name: 'Cintiq 13HD'"; the serial descriptor holds "4HBH000417" (bytes 5F-68).
        #expect(edid.productName == "Cintiq 13HD")
        #expect(edid.serialText == "4HBH000417")
        // Bytes 12-15 a1 01 00 00, little-endian.
        #expect(edid.serialNumber == 0x1A1)

        // Density = pixels / (mm / 25.4): 1920 / (293 / 25.4) = 166.44, 1080 / (165 / 25.4) = 166.25,
        // within 0.5 % of Wacom's 0.153 mm pitch (166.0 ppi); the diagonal is 13.2", as sold (13.3").
        let density = try #require(edid.density)
        #expect(abs(density.horizontal - 166.4437) < 0.0001)
        #expect(abs(density.vertical - 166.2545) < 0.0001)
        #expect(abs(density.diagonal - 166.398) < 0.001)
        #expect(abs(density.diagonalInches - 13.24) < 0.01)
        #expect(abs(density.horizontal - 25.4 / 0.153) / (25.4 / 0.153) < 0.005)
    }

    @Test("The whole 256-byte blob reads like its base block")
    func extensionIgnored() throws {
        let withExtension = cintiq13HDEDID + [UInt8](repeating: 0, count: 128)
        #expect(try EDID(bytes: withExtension).productName == "Cintiq 13HD")
    }

    @Test("Without a timing size, the basic size in cm is used")
    func centimetreFallback() throws {
        var bytes = cintiq13HDEDID
        // Zero the first timing's image size (bytes 66-68), then fix the checksum (byte 127).
        for index in 66...68 { bytes[index] = 0 }
        bytes[127] = UInt8((256 - bytes[0..<127].reduce(0) { ($0 + Int($1)) % 256 }) % 256)
        let edid = try EDID(bytes: bytes)
        #expect(edid.sizeMillimetres?.width == 290 && edid.sizeMillimetres?.height == 170)
        #expect(abs(try #require(edid.density).horizontal - 1920 / (290 / 25.4)) < 1e-9)
    }

    @Test("Broken blobs are refused with what to do")
    func broken() {
        #expect(throws: EDIDError.tooShort(found: 100)) { try EDID(bytes: Array(cintiq13HDEDID.prefix(100))) }
        var bad = cintiq13HDEDID
        bad[0] = 1
        #expect(throws: EDIDError.badHeader) { try EDID(bytes: bad) }
        bad = cintiq13HDEDID
        bad[20] ^= 0x01
        #expect(throws: EDIDError.badChecksum(sumModulo256: 1)) { try EDID(bytes: bad) }
        #expect(
            EDIDError.badChecksum(sumModulo256: 1).description
                == "The EDID's base block is corrupt: its 128 bytes sum to 1 modulo 256 instead of 0. "
                + "Measure the display with --ruler-pixels and --measured-cm instead.")
    }
}
