import Testing

@testable import Reports

@Suite("A mistyped command")
struct CommandSuggestionTests {
    @Test("The nearest command when it is close enough, none when nothing is")
    func nearest() {
        let commands = ["replay", "render", "record", "recover", "results"]
        #expect(
            CommandSuggestion(typed: "replya", path: "styluskit", commands: commands).description
                == "Error: 'replya' is not a styluskit command. Did you mean 'replay'? See 'styluskit --help' for the commands."
        )
        #expect(CommandSuggestion(typed: "zzzzzz", path: "styluskit", commands: commands).nearest == nil)
        #expect(
            CommandSuggestion.editDistance("", "abc") == 3 && CommandSuggestion.editDistance("kitten", "sitting") == 3)
    }
}
