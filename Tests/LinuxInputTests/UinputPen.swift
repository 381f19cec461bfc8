// Every call into libevemu the LinuxInput tests make is in this file.
import CEvemu
import Glibc

/// A kernel pen tablet made through /dev/uinput with libevemu from a recording's description, as
/// `evemu-device` makes one; destroyed with its owner.
final class UinputPen {
    /// Whether this process may make uinput devices (root with the uinput module loaded: the VM suite).
    static var isAvailable: Bool { access("/dev/uinput", W_OK) == 0 }

    /// Why the uinput tests do not run here, for the skip's comment.
    static let unavailable =
        "/dev/uinput is not writable here (no uinput module, or not root); integration/vm runs this test in a VM that has it"

    private let device: OpaquePointer
    /// The event node the kernel gave the device (`/dev/input/eventN`).
    let node: String

    /// Makes the device `descriptionPath` (an evemu recording or .desc) describes; nil when
    /// libevemu cannot read it or the kernel refuses it.
    init?(descriptionPath: String) {
        guard let device = evemu_new(nil) else { return nil }
        guard let file = fopen(descriptionPath, "r") else {
            evemu_delete(device)
            return nil
        }
        let read = evemu_read(device, file)
        fclose(file)
        guard read > 0, evemu_create_managed(device) == 0, let node = evemu_get_devnode(device) else {
            evemu_delete(device)
            return nil
        }
        self.device = device
        self.node = String(cString: node)
    }

    deinit {
        evemu_destroy(device)
        evemu_delete(device)
    }
}
