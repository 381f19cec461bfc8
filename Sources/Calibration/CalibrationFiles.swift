public import Foundation
import StylusGeometry
import SystemErrors

/// Calibration files: where new profiles go, and writing them (reading them is `CalibrationLookup`'s).
public enum CalibrationFiles {
    /// The user's calibration folder `folder` (tablets or displays), where new profiles go by default.
    public static func userFolder(_ folder: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let directories = CalibrationSearchPath.directories(projectDirectory: nil, environment: environment)
        let user = directories.count > 1 ? directories[directories.count - 1] : FileManager.default.currentDirectoryPath
        return (user as NSString).appendingPathComponent(folder)
    }

    /// Writes `text` to `path`, creating its directory; refuses to replace a file unless `force`.
    public static func writeNew(_ text: String, to path: String, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: path) { throw CalibrationError.wouldOverwrite(file: path) }
        let directory = PathText.folder(of: path)
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try WholeFile.write(Data(text.utf8), to: path)
        } catch let error as WholeFileError {
            throw CalibrationError.cannotWrite(file: path, reason: error.reason)
        } catch {
            throw CalibrationError.cannotWrite(file: path, reason: SystemErrorText.reason(error))
        }
    }

    /// The folder beside a profile where the profiles it replaced are kept: `history/` in the profile's own
    /// folder, which the profile search does not read (it lists only a folder's own `.yaml` files).
    public static let historyFolder = "history"

    /// Writes `text` to `path` as `writeNew` does; when `force` replaces a profile, the old one is kept first
    /// as `history/NAME-YYYYMMDD-HHMMSS.yaml` beside it (UTC, `now`), as PsychoPy's Monitor Center keeps
    /// each monitor's earlier calibrations.
    ///
    /// - Returns: the path the old profile was kept at; nil when there was none.
    @discardableResult
    public static func writeKeepingHistory(_ text: String, to path: String, force: Bool, now: Date) throws -> String? {
        guard force, let old = FileManager.default.contents(atPath: path) else {
            try writeNew(text, to: path, force: force)
            return nil
        }
        let kept = historyPath(of: path, at: now)
        do {
            try FileManager.default.createDirectory(
                atPath: PathText.folder(of: kept), withIntermediateDirectories: true)
            // Never over an earlier one: two replacements in one second keep both.
            var candidate = kept
            var number = 2
            while try !WholeFile.writeNew(old, to: candidate) {
                candidate = String(kept.dropLast(".yaml".count)) + "-\(number).yaml"
                number += 1
            }
            try writeNew(text, to: path, force: true)
            return candidate
        } catch let error as WholeFileError {
            throw CalibrationError.cannotWrite(file: error.path, reason: error.reason)
        } catch let error as CalibrationError {
            throw error
        } catch {
            throw CalibrationError.cannotWrite(file: kept, reason: SystemErrorText.reason(error))
        }
    }

    /// Where the profile at `path` is kept when replaced at `now`.
    public static func historyPath(of path: String, at now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stamp =
            String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "-" + two(parts.hour)
            + two(parts.minute) + two(parts.second)
        let name = (path as NSString).lastPathComponent
        let stem = name.hasSuffix(".yaml") || name.hasSuffix(".yml") ? (name as NSString).deletingPathExtension : name
        let folder = (PathText.folder(of: path) as NSString).appendingPathComponent(historyFolder)
        return (folder as NSString).appendingPathComponent("\(stem)-\(stamp).yaml")
    }

    /// Refuses early (before any work) to replace an existing file without `force`.
    public static func checkWritable(_ path: String, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: path) { throw CalibrationError.wouldOverwrite(file: path) }
    }
}
