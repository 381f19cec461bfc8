import CEvdev
import StylusInput

/// Every libevdev call of StylusKit; nothing else in the package calls libevdev.
enum Libevdev {
    /// The name libevdev gives an event type. The corresponding C function is `libevdev_event_type_get_name`.
    static func typeName(_ type: EventType) -> String? {
        libevdev_event_type_get_name(UInt32(type.rawValue)).map { String(cString: $0) }
    }

    /// The name libevdev gives an event code. The corresponding C function is `libevdev_event_code_get_name`.
    static func codeName(type: EventType, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type.rawValue), UInt32(code)).map { String(cString: $0) }
    }

    /// The highest code of a type, or nil for an invalid type. The corresponding C function is `libevdev_event_type_get_max`.
    static func maximumCode(of type: EventType) -> Int? {
        let maximum = libevdev_event_type_get_max(UInt32(type.rawValue))
        return maximum < 0 ? nil : Int(maximum)
    }

    /// The name libevdev gives an input property. The corresponding C function is `libevdev_property_get_name`.
    static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }
}

/// The event names of the libevdev installed on this machine, to check StylusInput's built-in table against.
public enum InstalledEventNames {
    /// The name of an event type as the installed libevdev gives it.
    public static func typeName(_ type: EventType) -> String? { Libevdev.typeName(type) }

    /// The name of an event code as the installed libevdev gives it.
    public static func codeName(type: EventType, code: UInt16) -> String? { Libevdev.codeName(type: type, code: code) }

    /// The highest code of a type as the installed libevdev knows it.
    public static func maximumCode(of type: EventType) -> Int? { Libevdev.maximumCode(of: type) }

    /// The name of an input property as the installed libevdev gives it.
    public static func propertyName(_ property: UInt16) -> String? { Libevdev.propertyName(property) }
}
