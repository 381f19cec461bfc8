public import StylusGeometry

extension TrailLayout {
    /// The keys a layout file's header may hold, in the order they are written.
    public static let fileKeys = ["name", "part", "form", "circles"]

    /// The largest layout file read: a 25-circle layout with comments is under 4 KB.
    public static let fileSizeLimit = 64 * 1024

    /// The largest form a layout may describe, in cm, either side: beyond any tablet or paper.
    static let largestFormCentimetres = 200.0

    /// Reads a layout file (the format is in docs/trails-layouts.md).
    ///
    /// The file is checked as written (keys, numbers, the part's labels in order, one circle per
    /// label), not against the spec's geometric rules: `TrailLayoutValidator` does that.
    ///
    /// - Parameters:
    ///   - text: the file's contents (the caller reads the file).
    ///   - source: the file's name, used in error messages.
    /// - Throws: `TrailLayoutFileError` naming the line and column of the first mistake and what was expected there.
    public init(parsing text: String, source: String = "layout") throws(TrailLayoutFileError) {
        guard text.utf8.count <= Self.fileSizeLimit else {
            throw .tooLarge(source: source, bytes: text.utf8.count, limit: Self.fileSizeLimit)
        }
        var parser = TrailLayoutFileParser(source: source)
        self = try parser.parse(NumberedLine.lines(of: text))
    }

    /// The layout as a layout file: what `init(parsing:)` reads back to an equal layout when the
    /// centres are whole tenths of a millimetre.
    ///
    /// - Parameter comment: the lines of the comment written first, without their `# `.
    public func fileText(comment: [String] = []) -> String {
        var lines = comment.map { "# \($0)" }
        lines.append("name: \(name)")
        lines.append("part: \(part.rawValue)")
        lines.append(
            "form: \(Self.centimetres(formSize.widthCentimetres)) x \(Self.centimetres(formSize.heightCentimetres))")
        lines.append("circles:")
        for circle in circles {
            lines.append(
                "  - \(circle.label) at \(Self.centimetres(circle.centre.xCentimetres)), \(Self.centimetres(circle.centre.yCentimetres))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `12.35 cm`: a length with at most two decimals (tenths of a millimetre), no trailing zeros.
    static func centimetres(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return "\(sign)\(whole) cm" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits) cm"
    }
}

/// Reads a layout file line by line: a header of `key: value` lines, then `circles:` and one
/// `- LABEL at X, Y` item a line. The format is a subset of YAML (a YAML reader sees the same
/// keys and strings) read by hand, so that a hostile file can cost no more than its lines.
private struct TrailLayoutFileParser {
    let source: String
    private var name: String?
    private var part: TrailPart?
    private var formSize: FormSize?
    private var circles: [TrailCircle] = []
    private var keyLines: [String: Int] = [:]
    private var inCircles = false

    init(source: String) {
        self.source = source
    }

    mutating func parse(_ lines: [NumberedLine]) throws(TrailLayoutFileError) -> TrailLayout {
        for line in lines where !line.isBlank && !line.isComment {
            let indent = line.characters.prefix { $0 == " " }.count
            if let tab = line.characters.firstIndex(of: "\t"), tab <= indent {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: tab + 1,
                        expected: "spaces for indentation (YAML allows no tabs)",
                        found: "a tab"))
            }
            if indent > 0 {
                try readCircle(line, indent: indent)
            } else {
                try readKey(line)
            }
        }
        guard let name else { throw .keyed(.missingKey(source: source, key: "name", example: "name: standard-A")) }
        guard let part else { throw .keyed(.missingKey(source: source, key: "part", example: "part: A")) }
        guard let formSize else {
            throw .keyed(.missingKey(source: source, key: "form", example: "form: 25 cm x 18 cm"))
        }
        guard keyLines["circles"] != nil else {
            throw .keyed(.missingKey(source: source, key: "circles", example: "circles:"))
        }
        guard circles.count == part.circleCount else {
            throw .circleCount(source: source, line: keyLines["circles"], part: part, found: circles.count)
        }
        return TrailLayout(name: name, part: part, formSize: formSize, circles: circles)
    }

    // MARK: Header

    private mutating func readKey(_ line: NumberedLine) throws(TrailLayoutFileError) {
        let characters = line.characters
        var end = 0
        while end < characters.count, characters[end].isLetter || characters[end] == "-" { end += 1 }
        let key = String(characters[0..<end])
        guard end > 0, end < characters.count, characters[end] == ":" else {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: end + 1,
                    expected: end == 0 ? "a key such as 'name:'" : "':' after the key '\(key)'",
                    found: found(end < characters.count ? String(characters[end]) : "")))
        }
        guard TrailLayout.fileKeys.contains(key) else {
            throw .keyed(
                .unknownKey(source: source, line: line.number, column: 1, key: key, known: TrailLayout.fileKeys))
        }
        if let first = keyLines[key] {
            throw .keyed(.duplicateKey(source: source, line: line.number, column: 1, key: key, firstLine: first))
        }
        if inCircles {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: 1,
                    expected: "a circle such as '  - 2 at 8.5 cm, 4 cm' (the list ends the file)",
                    found: "the key '\(key)'"))
        }
        keyLines[key] = line.number
        let words = line.words(from: end + 1)
        switch key {
        case "name":
            guard let first = words.first else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: end + 2,
                        expected: "the layout's name, such as 'standard-A'",
                        found: "the end of the line"))
            }
            let value = first.text
            try expectEnd(words, after: 1, line: line)
            // A name becomes part of results and messages: one printable word, as step identifiers are.
            guard value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
                value.count <= 64
            else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: first.index + 1,
                        expected: "a name of letters, digits, '-', '_' and '.' (at most 64), such as 'alternate-1-A'",
                        found: found(value)))
            }
            name = value
        case "part":
            guard let first = words.first, let value = TrailPart(rawValue: first.text) else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: (words.first?.index ?? end + 1) + 1,
                        expected: "the part: " + TrailPart.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "),
                        found: found(words.first?.text ?? "")))
            }
            try expectEnd(words, after: 1, line: line)
            part = value
        case "form":
            // `25 cm x 18 cm`
            let example = "the form's size such as '25 cm x 18 cm'"
            let width = try length(words, 0, line: line, expected: example)
            guard words.count > 2, words[2].text == "x" else {
                throw unexpectedWord(
                    words, 2, line: line, expected: "'x' between the width and the height, as in '25 cm x 18 cm'")
            }
            let height = try length(words, 3, line: line, expected: example)
            try expectEnd(words, after: 5, line: line)
            for (value, index) in [(width, 0), (height, 3)]
            where value <= 0 || value > TrailLayout.largestFormCentimetres {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: words[index].index + 1,
                        expected: "a side of more than 0 and at most \(Int(TrailLayout.largestFormCentimetres)) cm",
                        found: "'\(words[index].text) \(words[index + 1].text)'"))
            }
            formSize = FormSize(widthCentimetres: width, heightCentimetres: height)
        default:  // circles
            try expectEnd(words, after: 0, line: line)
            guard part != nil else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: 1,
                        expected: "'part:' before the circles (the labels depend on it)",
                        found: "'circles:'"))
            }
            inCircles = true
        }
    }

    // MARK: Circles

    /// `  - LABEL at X, Y` (X and Y lengths such as `8.5 cm`), the next circle in order.
    private mutating func readCircle(_ line: NumberedLine, indent: Int) throws(TrailLayoutFileError) {
        let example = "'  - 2 at 8.5 cm, 4 cm'"
        guard inCircles, let part else {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: 1,
                    expected: "a key at the start of the line, such as 'name:'",
                    found: "an indented line"))
        }
        let characters = line.characters
        guard characters[indent] == "-", indent + 1 < characters.count, characters[indent + 1] == " " else {
            throw .keyed(
                .unexpected(
                    source: source, line: line.number, column: indent + 1, expected: "a circle such as \(example)",
                    found: found(String(characters[indent...]).trimmingTrailingSpaces)))
        }
        let order = circles.count + 1
        guard order <= part.circleCount else {
            throw .circleCount(source: source, line: line.number, part: part, found: order)
        }
        // The comma after X is its own word or stuck to the unit: `8.5 cm, 4 cm` or `8.5 cm , 4 cm`.
        var words = line.words(from: indent + 2)
        if words.count > 3, words[3].text.hasSuffix(","), words[3].text.count > 1 {
            let unit = words[3]
            words[3] = (String(unit.text.dropLast()), unit.index)
            words.insert((",", unit.index + unit.text.count - 1), at: 4)
        }
        let expectedLabel = part.labels[order - 1]
        guard let label = words.first, label.text == expectedLabel else {
            throw unexpectedWord(
                words, 0, line: line,
                expected:
                    "the label '\(expectedLabel)' (circle \(order) of part \(part.rawValue) goes \(TrailLayout.labelList(part)))"
            )
        }
        guard words.count > 1, words[1].text == "at" else {
            throw unexpectedWord(words, 1, line: line, expected: "'at' after the label, as in \(example)")
        }
        let x = try length(
            words, 2, line: line, expected: "the centre's distance from the form's left edge, such as '8.5 cm'")
        guard words.count > 4, words[4].text == "," else {
            throw unexpectedWord(words, 4, line: line, expected: "',' between the two distances, as in \(example)")
        }
        let y = try length(
            words, 5, line: line, expected: "the centre's distance from the form's top edge, such as '4 cm'")
        try expectEnd(words, after: 7, line: line)
        let centre = FormPosition(xCentimetres: x, yCentimetres: y)
        circles.append(TrailCircle(label: label.text, order: order, centre: centre))
    }

    // MARK: Words

    private typealias Words = [(text: String, index: Int)]

    /// A length `words[index] words[index + 1]`: a number and `cm` or `mm`, in cm, 0 to 1000 cm.
    private func length(_ words: Words, _ index: Int, line: NumberedLine, expected: String) throws(TrailLayoutFileError)
        -> Double
    {
        guard index < words.count, let number = Double(words[index].text), number.isFinite, number >= 0,
            number <= 10_000,
            words[index].text.allSatisfy({ $0.isNumber || $0 == "." })
        else {
            throw unexpectedWord(words, index, line: line, expected: expected)
        }
        guard index + 1 < words.count, let unit = ["cm": 1.0, "mm": 0.1][words[index + 1].text] else {
            throw unexpectedWord(words, index + 1, line: line, expected: "a unit, 'cm' or 'mm'")
        }
        return number * unit
    }

    private func expectEnd(_ words: Words, after count: Int, line: NumberedLine) throws(TrailLayoutFileError) {
        guard words.count > count else { return }
        // A YAML comment may end a line.
        if words[count].text.hasPrefix("#") { return }
        throw .keyed(
            .unexpected(
                source: source, line: line.number, column: words[count].index + 1, expected: "the end of the line",
                found: found(words[count].text)))
    }

    private func unexpectedWord(_ words: Words, _ index: Int, line: NumberedLine, expected: String)
        -> TrailLayoutFileError
    {
        guard index < words.count else {
            return .keyed(
                .unexpected(
                    source: source, line: line.number, column: line.characters.count + 1, expected: expected,
                    found: "the end of the line"))
        }
        return .keyed(
            .unexpected(
                source: source, line: line.number, column: words[index].index + 1, expected: expected,
                found: found(words[index].text)))
    }

    /// How a found text reads in a message: quoted, and cut short when long.
    private func found(_ text: String) -> String {
        if text.isEmpty { return "the end of the line" }
        return "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
