import Features
import Testing

/// Cells safe to open in a spreadsheet (issue 34, item 4): OWASP's CSV injection neutralised, CR and LF quoted.
@Suite struct CSVSafetyTests {
    @Test("A value holding CR LF is quoted: Swift's one Character for CR LF no longer slips past the check")
    func lineBreaksQuoted() {
        #expect(FeaturesTable.csvField("skipped:\r\nunwell") == "\"skipped:\r\nunwell\"")
        #expect(FeaturesTable.csvField("a\rb") == "\"a\rb\"")
        #expect(FeaturesTable.csvField("a\nb") == "\"a\nb\"")
    }

    @Test(
        "Cells beginning with =, +, -, @, a tab or a CR get an apostrophe before them; numbers and other text are kept",
        arguments: [
            ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("+cmd", "'+cmd"), ("-2+3", "'-2+3"), ("\tx", "'\tx"), ("\rx", "\"'\rx\""),
            ("-1.5", "-1.5"), ("+2", "+2"), ("-0.000125", "-0.000125"), ("1e-3", "1e-3"), ("plain", "plain"), ("", ""),
        ])
    func formulasNeutralised(value: String, written: String) {
        #expect(FeaturesTable.csvField(value) == written)
    }
}
