/// Where the help texts send the reader for a page of the documentation: `docs/PAGE` in a checkout,
/// and in an install (`make install`, the Debian package) the copy under `PREFIX/share/doc/styluskit`,
/// since an installed system has no `docs/` folder.
public enum DocumentationPages {
    /// The page `page` (a path under `docs/`, e.g. `visit.md` or `json/features.md`) for the running binary.
    public static func path(_ page: String) -> String { path(page, projectDirectory: runningProjectDirectory) }

    /// The page `page` for a binary whose data is in `projectDirectory`
    /// (`CalibrationLookup.installedProjectDirectory`): `PREFIX/share/styluskit` when installed.
    public static func path(_ page: String, projectDirectory: String) -> String {
        let installedData = "/share/styluskit"
        guard projectDirectory.hasSuffix(installedData) else { return "docs/\(page)" }
        return "\(projectDirectory.dropLast(installedData.count))/share/doc/styluskit/\(page)"
    }

    // Looked up once: every help text of a run asks, and the answer is the executable's place.
    private static let runningProjectDirectory = CalibrationLookup.installedProjectDirectory
}
