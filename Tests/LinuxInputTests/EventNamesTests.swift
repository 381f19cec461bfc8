import LinuxInput
import StylusInput
import Testing

/// StylusInput carries a table of event names generated from libevdev (scripts/generate-event-names.c),
/// so the pure modules can name events without linking libevdev. These tests hold it to the real thing.
@Suite("Event names against the installed libevdev")
struct EventNamesTests {
    @Test("Every event type and code has libevdev's name")
    func codeNames() {
        var compared = 0
        for rawType in UInt16(0)...EventType.max.rawValue {
            let type = EventType(rawValue: rawType)
            #expect(type.name == InstalledEventNames.typeName(type), "type \(rawType)")
            guard let maximum = InstalledEventNames.maximumCode(of: type) else {
                #expect(type.maximumCode == nil, "type \(rawType) has no codes in libevdev")
                continue
            }
            #expect(type.maximumCode.map(Int.init) == maximum, "maximum code of \(type)")
            for code in 0...maximum {
                let ours = eventCodeName(type: type, code: UInt16(code))
                let theirs = InstalledEventNames.codeName(type: type, code: UInt16(code))
                #expect(ours == theirs, "\(type) code \(code)")
                compared += 1
            }
        }
        // EV_KEY alone has KEY_MAX + 1 = 768 codes.
        #expect(compared > 768)
    }

    @Test("Every input property has libevdev's name")
    func propertyNames() {
        for property in UInt16(0)...0x1f {
            #expect(inputPropertyName(property) == InstalledEventNames.propertyName(property), "property \(property)")
        }
    }
}
