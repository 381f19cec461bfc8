/// A time on a clock face said as a clinician says it to the patient: "ten past eleven", "quarter
/// to three", "half past two", "three o'clock".
///
/// Minutes that are a multiple of five are said bare ("twenty-five past four"), others with the
/// word minute(s) ("one minute past two", "seven minutes to nine"), as people say them; past the
/// half hour the time is counted to the next hour (12 is followed by 1).
public enum ClockTimeWords {
    /// The words for `hours` (1-12) and `minutes` (0-59); outside those ranges the hour is taken
    /// modulo 12 (0 as twelve) and the minutes modulo 60, so every input has words.
    public static func spoken(hours: Int, minutes: Int) -> String {
        let minute = ((minutes % 60) + 60) % 60
        let hour = ((hours % 12) + 12) % 12
        let thisHour = hourWords[hour]
        let nextHour = hourWords[(hour + 1) % 12]
        switch minute {
        case 0: return "\(thisHour) o'clock"
        case 15: return "quarter past \(thisHour)"
        case 30: return "half past \(thisHour)"
        case 45: return "quarter to \(nextHour)"
        case 1..<30: return "\(minuteWords(minute)) past \(thisHour)"
        default: return "\(minuteWords(60 - minute)) to \(nextHour)"
        }
    }

    /// The time as digits, `H:MM` ("2:45", "11:10"), as the settings file and the results file write it.
    public static func digits(hours: Int, minutes: Int) -> String {
        "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// Index 0 is twelve, so an hour taken modulo 12 reads directly.
    private static let hourWords = [
        "twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    ]

    private static let units = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen",
        "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]

    /// 1-29 minutes in words: bare for a multiple of five, else with "minute" or "minutes".
    private static func minuteWords(_ minutes: Int) -> String {
        let number = minutes < 20 ? units[minutes] : "twenty" + (minutes == 20 ? "" : "-" + units[minutes - 20])
        if minutes % 5 == 0 { return number }
        return number + (minutes == 1 ? " minute" : " minutes")
    }
}

extension ClockSettings {
    /// The time of the spec's default (10 past 11), which results files leave unwritten.
    public static let defaultTime = (hours: 11, minutes: 10)

    /// Whether the time is the spec's default, 10 past 11.
    public var hasDefaultTime: Bool { hours == Self.defaultTime.hours && minutes == Self.defaultTime.minutes }

    /// The time said as a clinician says it ("ten past eleven", "quarter to three").
    public var timeInWords: String { ClockTimeWords.spoken(hours: hours, minutes: minutes) }

    /// The time as digits, `H:MM` ("11:10").
    public var timeInDigits: String { ClockTimeWords.digits(hours: hours, minutes: minutes) }
}
