import ArgumentParser
import Foundation
import Reports

/// The parser's words for a bad option, made more useful: an unknown option gets the nearest option
/// of its own command, or, when it names a value of one (`features --json`), that option with the
/// value (`--format json`); and under `--json` the message is one sentence, not the usage screen.
enum OptionSuggestion {
    /// `message` (the parser's, for `arguments`) with a better "Did you mean" for an unknown option.
    static func improve(_ message: String, arguments: [String], root: any ParsableCommand.Type) -> String {
        guard let typedRange = message.range(of: #"Unknown option '--[^']+'"#, options: .regularExpression) else {
            return message
        }
        let typed = String(message[typedRange].dropFirst("Unknown option '".count).dropLast())
        let suggestion = self.suggestion(for: typed, among: options(of: command(for: arguments, root: root)))
        // The parser's own guess (when it made one) is replaced, since it does not weigh the values.
        var rest = message[typedRange.upperBound...]
        if let guess = rest.range(of: #"^\. Did you mean '[^']*'\?"#, options: .regularExpression) {
            rest = rest[guess.upperBound...]
        } else if rest.hasPrefix(".") {
            rest = rest.dropFirst()
        }
        return message[..<typedRange.upperBound] + "." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + rest
    }

    /// `message` as one paragraph for a JSON error: what went wrong and the pointer to the help,
    /// without the usage line and the option's help the terminal shows under it.
    static func compact(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        guard let first = lines.first, lines.count > 1 else { return message }
        let pointer = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("See '") }
        let kept = lines.prefix { !$0.hasPrefix("Usage:") && !$0.hasPrefix("Help:") }
        let head = (kept.isEmpty ? [first] : Array(kept)).joined(separator: " ")
        return head + (pointer.map { " " + $0.trimmingCharacters(in: .whitespaces) } ?? "")
    }

    /// The option meant by `typed` (`--jsn`): an option that takes it as a value (`--format json`),
    /// else the nearest option's name when it is close enough (at most 2 edits, or a third of the word).
    static func suggestion(for typed: String, among options: [(name: String, values: [String])]) -> String? {
        let word = String(typed.drop { $0 == "-" })
        if let taking = options.first(where: { $0.values.contains(word) }) { return "\(taking.name) \(word)" }
        let nearest = options.map { (name: $0.name, distance: CommandSuggestion.editDistance($0.name, typed)) }
            .min { $0.distance < $1.distance }
        return nearest.flatMap { $0.distance <= max(2, typed.count / 3) ? $0.name : nil }
    }

    /// The command `arguments` name (the root's subcommands followed word by word).
    static func command(for arguments: [String], root: any ParsableCommand.Type) -> any ParsableCommand.Type {
        var command = root
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        while let word = words.first, !word.hasPrefix("-"),
            let next = command.configuration.subcommands.first(where: { $0._commandName == word })
        {
            command = next
            words = words.dropFirst()
        }
        return command
    }

    /// The long options of `command` with the values each takes (empty for a free value or a flag),
    /// from the parser's own description of the command.
    static func options(of command: any ParsableCommand.Type) -> [(name: String, values: [String])] {
        guard let tool = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
            let info = tool["command"] as? [String: Any], let arguments = info["arguments"] as? [[String: Any]]
        else { return [] }
        return arguments.flatMap { argument -> [(name: String, values: [String])] in
            let names = argument["names"] as? [[String: Any]] ?? []
            let values = argument["allValueStrings"] as? [String] ?? argument["allValues"] as? [String] ?? []
            return names.compactMap { name in
                guard name["kind"] as? String == "long", let long = name["name"] as? String else { return nil }
                return (name: "--" + long, values: values)
            }
        }
    }
}
