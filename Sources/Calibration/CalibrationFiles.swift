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
        let directory = WholeFile.folder(of: path)
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

    /// Refuses early (before any work) to replace an existing file without `force`.
    public static func checkWritable(_ path: String, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: path) { throw CalibrationError.wouldOverwrite(file: path) }
    }
}
