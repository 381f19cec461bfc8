public import Foundation
public import StylusGeometry
public import StylusInput
import TestMaterials

/// Where a session's profiles come from: `Calibration/` of the StylusKit checkout or install,
/// `/etc/styluskit/calibration` and the user's `~/.config/styluskit/calibration`, in that order
/// (`CalibrationSearchPath`), read for a tablet profile or a display profile.
public struct CalibrationLookup: Sendable {
    /// The checkout or install whose `Calibration/` ships the profiles.
    public var projectDirectory: String
    /// The environment the search path reads (`XDG_CONFIG_HOME`, `HOME`, ...).
    public var environment: [String: String]

    public init(
        projectDirectory: String = CalibrationLookup.installedProjectDirectory,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.projectDirectory = projectDirectory
        self.environment = environment
    }

    /// The StylusKit checkout or install whose `Calibration/` ships the profiles: the nearest
    /// directory above the running executable that has one (a build under `.build/` or an install
    /// with `share/styluskit/Calibration`), else the working directory. Found from the executable,
    /// not the working directory, so results do not depend on where a site runs the command from.
    public static var installedProjectDirectory: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in [directory, directory.appendingPathComponent("share/styluskit")] {
                var isDirectory: ObjCBool = false
                let calibration = candidate.appendingPathComponent("Calibration").path
                if FileManager.default.fileExists(atPath: calibration, isDirectory: &isDirectory), isDirectory.boolValue
                {
                    return candidate.path
                }
            }
            directory = directory.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    /// The tablet profile for `device`: the file given (`--profile`), which must match it, or
    /// the best match on the search path.
    public func tabletProfile(for device: DeviceDescription, file: String?) throws -> ProfileMatch? {
        if let file {
            let profile = try TabletProfile(yaml: try readText(file, purpose: "tablet profile"), source: file)
            guard profile.match.matches(device) else {
                throw CalibrationLookupError.profileDoesNotMatch(file: file, device: device.name, id: device.id)
            }
            return ProfileMatch(profile: profile)
        }
        return try ProfileCatalog(files: try files(in: CalibrationSearchPath.tabletsFolder, purpose: "tablet profile"))
            .profile(for: device)
    }

    /// Every display profile on the search path, in reading order (shipped, /etc, the user's).
    public func displayCatalog() throws -> DisplayProfileCatalog {
        try DisplayProfileCatalog(
            files: try files(in: CalibrationSearchPath.displaysFolder, purpose: "display profile"))
    }

    private func files(in folder: String, purpose: String) throws -> [(source: String, text: String)] {
        var files: [(source: String, text: String)] = []
        for directory in CalibrationSearchPath.directories(projectDirectory: projectDirectory, environment: environment)
        {
            let profiles = (directory as NSString).appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: profiles) else { continue }
            // Sorted, so the outcome does not depend on the order the file system lists them in.
            for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                let path = (profiles as NSString).appendingPathComponent(name)
                files.append((path, try readText(path, purpose: purpose)))
            }
        }
        return files
    }
}

/// Why a session's profile could not be used.
public enum CalibrationLookupError: Error, CustomStringConvertible {
    case profileDoesNotMatch(file: String, device: String, id: InputID)

    public var description: String {
        switch self {
        case .profileDoesNotMatch(let file, let device, let id):
            "The tablet profile \(file) does not match the recording's device \"\(device)\" (\(id.busVendorProduct)). "
                + "Fix its 'match:' section, or leave out --profile to search Calibration/."
        }
    }
}
