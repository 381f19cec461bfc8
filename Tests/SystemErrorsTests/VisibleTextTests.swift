import SystemErrors
import Testing

/// Control characters from files shown, not sent, to a terminal or a PDF (issue 34, item 4).
@Suite struct VisibleTextTests {
    @Test(
        "ESC, OSC, BEL, CR, DEL and C1 controls are written in caret or U+ notation; line feeds, tabs and letters kept")
    func controlsShown() {
        #expect(VisibleText.shown("Title\u{1B}]0;owned\u{07}\u{1B}[2J") == "Title^[]0;owned^G^[[2J")
        #expect(VisibleText.shown("a\rb\u{7F}c\u{9B}31m") == "a^Mb^?c<U+009B>31m")
        #expect(VisibleText.shown("line one\n\tline two, é ü 日本") == "line one\n\tline two, é ü 日本")
        #expect(VisibleText.shown("\u{0}") == "^@")
    }
}
