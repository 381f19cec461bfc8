public import StylusInput

/// The tablet profiles found on the search path, and which one applies to a device.
///
/// The command line reads the files (see `CalibrationSearchPath`) and hands their text here;
/// this type does no I/O.
public struct ProfileCatalog: Hashable, Sendable {
    /// The profiles in the order their files were given.
    public let profiles: [TabletProfile]

    /// Parses every file.
    ///
    /// - Parameter files: `(source, text)` pairs, in search-path order (later files override
    ///   earlier ones that match a device equally specifically).
    /// - Throws: the first file's `ProfileError`; a broken profile is never skipped silently.
    public init(files: [(source: String, text: String)]) throws(ProfileError) {
        profiles = try files.map { file throws(ProfileError) in try TabletProfile(yaml: file.text, source: file.source)
        }
    }

    /// The profile for `device`: among those whose `match` fits it, the one giving the most
    /// match fields; among equally specific ones, the last in search-path order (so a user's
    /// profile overrides a system one, which overrides a shipped one). Nil when none matches.
    public func profile(for device: DeviceDescription) -> ProfileMatch? {
        let candidates = profiles.indices.filter { profiles[$0].match.matches(device) }
        guard let best = mostSpecific(of: candidates, { profiles[$0].match.specificity }) else { return nil }
        let others = candidates.filter { $0 != best }.map { profiles[$0].source }
        return ProfileMatch(profile: profiles[best], alsoMatching: others)
    }
}

/// Of `candidates` (indices in search-path order), the one giving the most match fields, the last among equally
/// specific ones (so a user's profile overrides a system one, which overrides a shipped one): how both catalogs,
/// tablets' and displays', choose. Nil when there is no candidate.
func mostSpecific(of candidates: [Int], _ specificity: (Int) -> Int) -> Int? {
    guard let highest = candidates.map(specificity).max() else { return nil }
    return candidates.last { specificity($0) == highest }
}

/// The profile chosen for a device, and the files it was chosen over.
public struct ProfileMatch: Hashable, Sendable {
    public var profile: TabletProfile
    /// Files whose profiles also match the device but lost to `profile`, in search-path order.
    public var alsoMatching: [String]

    /// The file the chosen profile came from.
    public var source: String { profile.source }

    public init(profile: TabletProfile, alsoMatching: [String] = []) {
        self.profile = profile
        self.alsoMatching = alsoMatching
    }
}

/// Where calibration profiles live, in the order they are read.
public enum CalibrationSearchPath {
    /// The folder of each search-path directory that holds tablet profiles (`*.yaml`).
    public static let tabletsFolder = "tablets"
    /// The folder of each search-path directory that holds display profiles (`*.yaml`).
    public static let displaysFolder = "displays"

    /// The calibration directories, in reading order: later ones override earlier ones.
    ///
    /// 1. `<project>/Calibration`: the profiles shipped with StylusKit;
    /// 2. `/etc/styluskit/calibration`: the machine's;
    /// 3. `$XDG_CONFIG_HOME/styluskit/calibration`: the user's (`$HOME/.config` when
    ///    `XDG_CONFIG_HOME` is unset, empty or not absolute, as the XDG Base Directory
    ///    specification says; left out when neither gives an absolute path).
    ///
    /// Tablet profiles are the `*.yaml` files in each directory's `tablets/` folder.
    ///
    /// - Parameters:
    ///   - projectDirectory: the StylusKit checkout or install prefix holding `Calibration/`;
    ///     nil to leave it out.
    ///   - environment: the process environment (`XDG_CONFIG_HOME`, `HOME`).
    public static func directories(projectDirectory: String?, environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let projectDirectory {
            directories.append(joined(projectDirectory, "Calibration"))
        }
        directories.append("/etc/styluskit/calibration")
        if let config = userConfigDirectory(environment) {
            directories.append(joined(config, "styluskit/calibration"))
        }
        return directories
    }

    static func userConfigDirectory(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(home, ".config")
        }
        return nil
    }

    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
