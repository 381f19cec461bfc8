/// A mistyped command (`styluskit replya`, `styluskit help foo`): named, with the nearest command.
public struct CommandSuggestion: Error, CustomStringConvertible {
    public var typed: String
    public var path: String
    public var nearest: String?

    /// `typed`, which names none of `commands` of `path`, with the nearest of them when it is
    /// close enough to be what was meant (at most 2 edits, or a third of the word).
    public init(typed: String, path: String, commands: [String]) {
        self.typed = typed
        self.path = path
        let nearest = commands.map { (name: $0, distance: Self.editDistance($0, typed)) }.min {
            $0.distance < $1.distance
        }
        self.nearest = nearest.flatMap { $0.distance <= max(2, typed.count / 3) ? $0.name : nil }
    }

    public var description: String {
        "Error: '\(typed)' is not a \(path) command." + (nearest.map { " Did you mean '\($0)'?" } ?? "")
            + " See '\(path) --help' for the commands."
    }

    /// The Levenshtein distance of two words.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
