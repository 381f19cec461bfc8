public import Foundation

/// A time as StylusKit's file and folder names write it (journals, results files, visit folders):
/// `20261121T165543Z`. One home, so a visit folder and the journals in it spell time alike.
public enum FileNameTime {
    /// `date` in UTC to the second: `20261121T165543Z`.
    public static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// A Unix time in microseconds (a tablet's realtime clock) in UTC to the second.
    public static func utc(unixMicroseconds: Int64) -> String {
        utc(Date(timeIntervalSince1970: Double(unixMicroseconds) / 1_000_000))
    }
}
