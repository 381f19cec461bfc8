import Testing

@testable import Proctoring

@Suite("Clock time in words")
struct ClockTimeWordsTests {
    @Test(
        "Each kind of time is said as a clinician says it",
        arguments: [
            (11, 10, "ten past eleven"),
            (2, 45, "quarter to three"),
            (3, 0, "three o'clock"),
            (12, 0, "twelve o'clock"),
            (4, 15, "quarter past four"),
            (2, 30, "half past two"),
            (9, 25, "twenty-five past nine"),
            (9, 35, "twenty-five to ten"),
            (12, 50, "ten to one"),
            (11, 55, "five to twelve"),
            (2, 1, "one minute past two"),
            (2, 59, "one minute to three"),
            (8, 7, "seven minutes past eight"),
            (8, 53, "seven minutes to nine"),
            (6, 20, "twenty past six"),
            (6, 21, "twenty-one minutes past six"),
            (6, 40, "twenty to seven"),
            (1, 29, "twenty-nine minutes past one"),
            (1, 31, "twenty-nine minutes to two"),
            (10, 13, "thirteen minutes past ten"),
        ])
    func words(hours: Int, minutes: Int, words: String) {
        #expect(ClockTimeWords.spoken(hours: hours, minutes: minutes) == words)
    }

    @Test("Every time of the settings' ranges has words, and past the half hour they name the next hour")
    func everyTime() {
        for hours in 1...12 {
            for minutes in 0...59 {
                let words = ClockTimeWords.spoken(hours: hours, minutes: minutes)
                #expect(!words.isEmpty)
                #expect(!words.contains("  ") && !words.contains("zero"), "\(hours):\(minutes) -> \(words)")
                let said = minutes > 30 ? hours % 12 + 1 : hours
                let hourWord = words.split(separator: " ").last.map(String.init)
                let expected = ClockTimeWords.spoken(hours: said, minutes: 0).split(separator: " ").first.map(
                    String.init)
                #expect(hourWord == expected || hourWord == "o'clock", "\(hours):\(minutes) -> \(words)")
            }
        }
    }

    @Test("The time in digits, as the settings and results files write it")
    func digits() {
        #expect(ClockTimeWords.digits(hours: 2, minutes: 45) == "2:45")
        #expect(ClockTimeWords.digits(hours: 11, minutes: 10) == "11:10")
        #expect(ClockTimeWords.digits(hours: 3, minutes: 5) == "3:05")
        #expect(ClockSettings().hasDefaultTime)
        #expect(ClockSettings().timeInWords == "ten past eleven")
        #expect(!ClockSettings(hours: 2, minutes: 45).hasDefaultTime)
        #expect(ClockSettings(hours: 2, minutes: 45).timeInWords == "quarter to three")
    }
}
