import ArgumentParser
import Reports
import SystemErrors

/// `styluskit devices`: the pen tablets connected, with what a session needs to know about them.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists the pen tablets connected: node, name, ids, axes, pressure and tilt ranges, profile, access.",
        discussion: """
            Tablets are found through udev (ID_INPUT_TABLET=1 on event nodes); without udev data (a \
            container, a chroot) through /sys and the nodes' capabilities, which the output says. \
            Ranges need the node opened: a node you may not read is listed with the udev rule that fixes it.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var profile: ProfileOptions

    @OptionGroup var output: JSONOutput

    func run() throws {
        DevicesReport.scan(profileFile: profile.profileFile).print(json: output.json)
    }
}
