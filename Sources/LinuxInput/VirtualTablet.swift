public import StylusInput

#if canImport(Glibc)
    import Glibc
#endif

/// Why a virtual tablet could not be made or written to.
public enum VirtualTabletError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The uinput node is there but this user may not write to it.
    case permissionDenied(uinput: String)
    /// There is no uinput node (the module is not loaded).
    case noUinput(uinput: String)
    /// The node opened but is not uinput, or the kernel refused the device.
    case refused(uinput: String, reason: String)
    /// Writing an event failed (the device went away).
    case writeFailed(reason: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .permissionDenied(let uinput):
            "Cannot open \(uinput): permission denied. Playing a recording makes a kernel input device, which needs "
                + "write access to \(uinput): run `sudo styluskit play …`, or on a test machine give your user that "
                + "access (e.g. a udev rule setting GROUP and MODE on the uinput node); the tablet rule of "
                + "`make install-udev-rules` deliberately does not."
        case .noUinput(let uinput):
            "\(uinput) does not exist: the kernel's uinput module is not loaded. Load it with `sudo modprobe uinput` "
                + "(or give the node with --uinput FILE when it is elsewhere, e.g. /dev/input/uinput)."
        case .refused(let uinput, let reason):
            "The kernel refused a virtual tablet through \(uinput): \(reason). Check that \(uinput) is the uinput "
                + "node (`ls -l /dev/uinput` shows character device 10, 223) and that the recording's description "
                + "is a device's (`styluskit info RECORDING`)."
        case .writeFailed(let reason):
            "Writing an event to the virtual tablet failed: \(reason). Something destroyed the device while it "
                + "played; play the recording again."
        }
    }
}

/// A pen tablet the kernel believes in: a uinput device made from a recording's description, so
/// every reader of `/dev/input` (libinput, X, a live StylusKit session) sees the recording's device.
///
/// Made with each absolute axis's fuzz set to 0: the recorded values are already what the kernel's
/// fuzz filter let through, and a second pass of it would smooth them again (a 2-unit step of an
/// axis with fuzz 4 would be dropped). The kernel stamps each event with its own time.
public final class VirtualTablet {
    private let device: EvdevUinputDevice

    /// The description the kernel was given (the recording's, with no fuzz).
    public let description: DeviceDescription

    /// The uinput node devices are made through, unless the caller says otherwise.
    public static let defaultUinput = "/dev/uinput"

    /// Makes the device through `uinput`.
    ///
    /// - Throws: `VirtualTabletError` naming the fix (permission, the module, a refused description).
    public init(description: DeviceDescription, uinput: String = VirtualTablet.defaultUinput)
        throws(VirtualTabletError)
    {
        var unfuzzed = description
        for (code, info) in unfuzzed.absInfo {
            var info = info
            info.fuzz = 0
            unfuzzed.absInfo[code] = info
        }
        switch EvdevUinputDevice.create(unfuzzed, uinputPath: uinput) {
        case .success(let device): self.device = device
        case .failure(.open(let number, let text)):
            if number == EACCES || number == EPERM || number == EROFS { throw .permissionDenied(uinput: uinput) }
            if number == ENOENT { throw .noUinput(uinput: uinput) }
            throw .refused(uinput: uinput, reason: text)
        case .failure(.create(_, let text)):
            throw .refused(uinput: uinput, reason: text)
        }
        self.description = unfuzzed
    }

    /// The event node the kernel gave the device (`/dev/input/eventN`), or nil while sysfs does not show it yet.
    public var node: String? { device.node }

    /// Writes one frame's events; their times are ignored (the kernel stamps its own).
    ///
    /// - Throws: `VirtualTabletError.writeFailed`.
    public func write(_ events: some Sequence<InputEvent>) throws(VirtualTabletError) {
        for event in events {
            if let failure = device.write(event) { throw .writeFailed(reason: failure) }
        }
    }
}
