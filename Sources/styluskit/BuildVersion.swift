import CBuildStamp

/// What `styluskit --version` prints: the release, and the commit and date `make` stamped into the
/// binary after building it (Sources/CBuildStamp), so two builds of one release are told apart.
enum BuildVersion {
    /// The release number; the Debian package's version begins with it (scripts/deb.sh).
    static let release = "0.1.0"

    /// The release and the stamp: `0.1.0 (commit 1a2b3c4d5e6f, built 2026-11-27T05:30Z)`, or, for a
    /// binary built without `make` (`swift build`, the tests), the release and that it is unstamped.
    static var text: String { describe(stamp: String(cString: styluskit_build_stamp())) }

    /// The `--version` line for `stamp`, the text `make` wrote (empty when nothing was).
    static func describe(stamp: String) -> String {
        stamp.isEmpty
            ? "\(release) (not stamped: built without make, so its commit and build date are unknown)"
            : "\(release) (\(stamp))"
    }
}
