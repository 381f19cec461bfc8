import Foundation
import Recordings
import StylusInput
import Testing

@Suite("Real recordings")
struct RealRecordingTests {
    @Test("the table covers every bundled real recording")
    func coversEveryFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: realDirectory)
            .filter { $0 != "LICENSE" && $0 != "README.md" }
        #expect(Set(files) == Set(realRecordings.map(\.file)))
    }

    @Test("event and frame counts and the format version match the file", arguments: realRecordings)
    func facts(recording: RealRecording) throws {
        let reader = try RecordingReader(path: recording.path, descriptionPath: recording.descriptionPath)
        let events = try reader.readAll()
        #expect(events.count == recording.events)
        #expect(events.filter(\.isFrameEnd).count == recording.frames)
        #expect(reader.header.format == .evemu(recording.version))
        #expect(reader.truncation == nil)
    }

    @Test("same description and events as libevemu", arguments: realRecordings)
    func matchesLibevemu(recording: RealRecording) throws {
        let reference = try #require(recording.readWithLibevemu())
        let ours = try recording.read()
        #expect(asLibevemuSeesIt(ours.header.device) == reference.device)
        #expect(ours.events.count == reference.events.count)
        #expect(ours.events == reference.events)
    }

    @Test("libevemu reads what our evemu writer wrote as it reads the original", arguments: realRecordings)
    func writerIsReadByLibevemu(recording: RealRecording) throws {
        let reference = try #require(recording.readWithLibevemu())
        let ours = try recording.read()
        let directory = try TemporaryDirectory()
        let path = directory.path + "/written.evemu"
        let output = try AtomicFileOutput(path: path, overwrite: false)
        try output.write(EvemuWriter.encode(ours))
        try output.commit()
        let rereading = try #require(Libevemu.read(descriptionPath: path))
        #expect(rereading.device == reference.device)
        #expect(rereading.events == reference.events)
        // And we read our own output back identically, including the unrecorded resolutions.
        #expect(try Recording.read(path: path).header.device == ours.header.device)
    }

    @Test("evemu -> libinput-record -> evemu and back lose nothing", arguments: realRecordings)
    func roundTrips(recording: RealRecording) throws {
        var original = try recording.read()
        // Real evemu files have no extras; add some so their survival is tested too.
        original.header.device.extras = DeviceExtras(
            udevProperties: ["ID_INPUT=1", "ID_INPUT_TABLET=1", "LIBINPUT_DEVICE_GROUP=3/56a/b9:usb-0000:00:14.0-1"],
            hidReportDescriptor: (0..<37).map { UInt8(($0 * 29 + 5) % 256) },
            quirks: ["AttrPressureRange=10:8", "ModelWacomTouchpad=1"])
        original.header.libinputVersion = "1.25.0"
        original.header.libinputGit = "1.25.0-12-gdeadbee"
        original.header.operatingSystem = "debian:13"
        original.header.deviceNode = "/dev/input/event7"

        let yaml = LibinputRecord.encode(original)
        let viaYAML = try LibinputRecord.decode(yaml, name: "roundtrip.yml")
        #expect(viaYAML.header.device == original.header.device)
        #expect(viaYAML.events == original.events)
        #expect(viaYAML.header.kernel == original.header.kernel)
        #expect(viaYAML.header.dmi == original.header.dmi)
        #expect(viaYAML.header.libinputVersion == "1.25.0")
        #expect(viaYAML.header.libinputGit == "1.25.0-12-gdeadbee")
        #expect(viaYAML.header.operatingSystem == "debian:13")
        #expect(viaYAML.header.deviceNode == "/dev/input/event7")

        let backToEvemu = try RecordingReader(bytes: EvemuWriter.encode(viaYAML), name: "roundtrip.evemu")
        var again = viaYAML
        again.header = backToEvemu.header
        again.events = try backToEvemu.readAll()
        #expect(again.header.device == original.header.device)
        #expect(again.events == original.events)
        #expect(again.header.kernel == original.header.kernel)
        #expect(again.header.dmi == original.header.dmi)
        #expect(again.header.libinputVersion == original.header.libinputVersion)
        #expect(again.header.libinputGit == original.header.libinputGit)
        #expect(again.header.operatingSystem == original.header.operatingSystem)
        #expect(again.header.deviceNode == original.header.deviceNode)

        // yaml -> evemu -> yaml gives back the same YAML recording.
        let yamlAgain = try LibinputRecord.decode(LibinputRecord.encode(again), name: "again.yml")
        #expect(yamlAgain == viaYAML)
    }
}

@Suite("Files")
struct FileTests {
    @Test("a libinput-record file is read by extension, and --to style overrides work on any name")
    func yamlFileByExtension() throws {
        let original = try Recording.read(path: realDirectory + "/Wacom-Cintiq-13HD-touch-Pen.events")
        let directory = try TemporaryDirectory()
        for name in ["x.yml", "x.yaml", "x.txt"] {
            let output = try AtomicFileOutput(path: directory.path + "/" + name, overwrite: false)
            try output.write(LibinputRecord.encode(original))
            try output.commit()
            let format: RecordingFileFormat? = name == "x.txt" ? .libinput : nil
            let read = try Recording.read(path: directory.path + "/" + name, format: format)
            #expect(read.events == original.events)
            #expect(read.header.device == original.header.device)
            #expect(read.header.format == .libinputRecord(version: 1))
        }
    }
}

@Suite("Header facts")
struct HeaderFactTests {
    @Test("kernel and DMI come from the comments")
    func kernelAndDMI() throws {
        let header = try RecordingReader(path: realDirectory + "/dell_canvas_pen.evemu").header
        #expect(header.kernel == "4.14.0-rc7+")
        #expect(
            header.dmi
                == "dmi:bvnDellInc.:bvr1.3.5:bd05/08/2017:svnDellInc.:pnXPS139360:pvr:rvnDellInc.:rn0839Y6:rvrA00:cvnDellInc.:ct9:cvr:"
        )
        #expect(header.device.name == "Wacom ISD-V4 Pen")
        #expect(header.device.id == InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 0x110))
        #expect(header.device.absInfo[AbsoluteAxis.tiltX] == AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730))
    }

    @Test("EVEMU 1.1 A: lines give no resolution")
    func noResolutionInOldFiles() throws {
        let header = try RecordingReader(path: realDirectory + "/Wacom-DTH2242-Pen.events").header
        #expect(header.device.absInfo[AbsoluteAxis.x] == AbsInfo(minimum: 0, maximum: 95840, fuzz: 4, resolution: nil))
        #expect(header.kernel == nil)
    }

    @Test("a description given only as evtest-style comments equals the N:/I:/P:/B:/A: description")
    func evtestComments() throws {
        let original = try Recording.read(path: realDirectory + "/UC-LOGIC-Tablet-WP5540U-Pen.events")
        let fixture = fixturesDirectory + "/UC-LOGIC-Tablet-WP5540U-Pen.comments-only.events"
        #expect(try String(contentsOfFile: fixture, encoding: .utf8).contains("\nN:") == false)
        let commentsOnly = try Recording.read(path: fixture)
        #expect(commentsOnly.header.device == original.header.device)
        #expect(commentsOnly.header.device.name == "UC-LOGIC Tablet WP5540U Pen")
        #expect(commentsOnly.header.device.absInfo[AbsoluteAxis.y]?.resolution == 323)
        #expect(commentsOnly.events == original.events)
    }
}

@Suite("No invented coordinates in the real recordings")
struct RealRecordingPositionTests {
    /// Every real pen recording reports x and y before its first pen frame, so none is held back
    /// (and their results files are unchanged by the rule); none has a lens or mouse frame.
    @Test("frames held back for an unknown position, per recording", arguments: realRecordings.filter { $0.events > 0 })
    func heldBack(recording: RealRecording) throws {
        let reader = try RecordingReader(path: recording.path, descriptionPath: recording.descriptionPath)
        var assembler = try FrameAssembler(device: reader.header.device)
        var penFrames = 0
        while let event = try reader.next() {
            if case .pen? = assembler.process(event) { penFrames += 1 }
        }
        #expect(assembler.framesWithoutPosition == 0, "\(recording.file)")
        #expect(assembler.puckFrames == 0)
        #expect(penFrames > 0)
    }
}
