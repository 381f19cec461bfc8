/// A mistake in a maze file or a battery file, with the place it was found and what was expected there.
///
/// Lines and columns count from 1; a column counts characters.
public enum MazeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A mistake every keyed file can make: an unexpected character, an unknown, repeated or missing key.
    case keyed(KeyedFileMistake)
    /// The file has no grid (a maze) or lists no maze (a battery).
    case missingContent(source: String, expected: String)
    /// No path through the maze joins the start and the end.
    case unreachableEnd(source: String, line: Int, start: MazeOpening, end: MazeOpening)
    /// The grid has more cells than the proctor's distance table holds.
    case tooLarge(source: String, line: Int, rows: Int, columns: Int)

    /// The line the mistake is on, if it is on one.
    public var line: Int? {
        switch self {
        case .keyed(let mistake): return mistake.line
        case .unreachableEnd(_, let line, _, _), .tooLarge(_, let line, _, _): return line
        case .missingContent: return nil
        }
    }

    /// The column the mistake starts at, if it has one.
    public var column: Int? {
        switch self {
        case .keyed(let mistake): return mistake.column
        case .missingContent, .unreachableEnd, .tooLarge: return nil
        }
    }

    public var description: String {
        switch self {
        case .keyed(let mistake):
            return mistake.description
        case .missingContent(let source, let expected):
            return "\(source): expected \(expected), found the end of the file."
        case .unreachableEnd(let source, let line, let start, let end):
            return "\(source), line \(line): no path joins the start (\(start)) and the end (\(end)); "
                + "open a wall on the way or move the end."
        case .tooLarge(let source, let line, let rows, let columns):
            return "\(source), line \(line): the grid has \(rows) × \(columns) = \(rows * columns) cells; "
                + "at most \(MazeGraph.maximumCellCount) are supported, use larger cells instead."
        }
    }
}

/// The text of a found character or word for error messages.
func describeFound(_ text: String) -> String {
    switch text {
    case "": return "the end of the line"
    case " ": return "a space"
    default: return "'\(text)'"
    }
}

/// One line of a text file, split into characters, with its 1-based number.
struct NumberedLine {
    var number: Int
    var characters: [Character]

    /// Splits `text` into lines at line feeds and CR-LF pairs (one `Character` in Swift).
    static func lines(of text: String) -> [NumberedLine] {
        var result: [NumberedLine] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            result.append(NumberedLine(number: index + 1, characters: Array(line)))
        }
        if result.last?.characters.isEmpty == true { result.removeLast() }
        return result
    }

    /// True for a line of spaces and tabs only.
    var isBlank: Bool { characters.allSatisfy { $0 == " " || $0 == "\t" } }

    /// True for a comment: a line whose first character other than spaces and tabs is `#`.
    var isComment: Bool { characters.first { $0 != " " && $0 != "\t" } == "#" }

    /// The words from index `start` on, each with its 0-based index.
    func words(from start: Int) -> [(text: String, index: Int)] {
        var words: [(text: String, index: Int)] = []
        var index = start
        while index < characters.count {
            if characters[index] == " " || characters[index] == "\t" {
                index += 1
                continue
            }
            let wordStart = index
            while index < characters.count, characters[index] != " ", characters[index] != "\t" { index += 1 }
            words.append((String(characters[wordStart..<index]), wordStart))
        }
        return words
    }
}

/// A `key: value` line: the key, and the value's text and 0-based start index.
struct KeyValueLine {
    var key: String
    var keyIndex: Int
    var value: String
    var valueIndex: Int

    /// Reads `key: value` from `line`, where the key starts at `keyIndex`.
    static func parse(_ line: NumberedLine, keyIndex: Int, source: String) throws(MazeFileError) -> KeyValueLine {
        let characters = line.characters
        var index = keyIndex
        while index < characters.count,
            characters[index].isLetter || characters[index].isNumber
                || characters[index] == "-"
        {
            index += 1
        }
        guard index > keyIndex else {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: keyIndex + 1, expected: "a key such as 'name:'",
                    found: describeFound(String(characters[keyIndex]))))
        }
        let key = String(characters[keyIndex..<index])
        guard index < characters.count, characters[index] == ":" else {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: index + 1, expected: "':' after the key '\(key)'",
                    found: describeFound(index < characters.count ? String(characters[index]) : "")))
        }
        var valueIndex = index + 1
        while valueIndex < characters.count, characters[valueIndex] == " " || characters[valueIndex] == "\t" {
            valueIndex += 1
        }
        var valueEnd = characters.count
        while valueEnd > valueIndex, characters[valueEnd - 1] == " " || characters[valueEnd - 1] == "\t" {
            valueEnd -= 1
        }
        return KeyValueLine(
            key: key, keyIndex: keyIndex, value: String(characters[valueIndex..<valueEnd]), valueIndex: valueIndex)
    }
}
