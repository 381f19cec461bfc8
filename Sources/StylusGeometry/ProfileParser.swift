import StylusInput
import SystemErrors
import Yams

extension TabletProfile {
    /// The schema version this parser reads, written as `schema: 1` in every profile.
    public static let schemaVersion = 1

    /// Reads a tablet profile from YAML text.
    ///
    /// - Parameters:
    ///   - yaml: the profile's text.
    ///   - source: where it came from (a path), named in errors and kept in `source`.
    /// - Throws: `ProfileError` naming the file and the key for anything the schema does not allow:
    ///   unknown keys, wrong types, missing keys, out-of-range values.
    public init(yaml: String, source: String) throws(ProfileError) {
        let reader = ProfileReader(source: source)
        self = try reader.tabletProfile(reader.root(of: yaml))
    }
}

/// The two kinds of profile, each in its own folder of the search path (`kind:` in the file).
enum ProfileKind: String {
    case tablet
    case display

    /// The other kind: a profile of it in this kind's folder is refused by name.
    var other: ProfileKind { self == .tablet ? .display : .tablet }

    /// The search-path folder profiles of this kind live in.
    var folder: String { self == .tablet ? CalibrationSearchPath.tabletsFolder : CalibrationSearchPath.displaysFolder }

    /// What else `kind:` may say, in the message for a wrong kind (a tablet's folder is the
    /// default one, so a tablet profile's message points at the other).
    var alternative: String { self == .tablet ? " (or 'display' in the displays folder)" : "" }
}

/// Walks a profile's YAML node tree, checking each key and type against the schema.
struct ProfileReader {
    let source: String

    static let topLevelKeys = [
        "schema", "kind", "description", "match", "resolution", "pressure", "active_area", "tablet_to_form", "display",
    ]
    static let matchKeys = ["bus", "vendor", "product", "name"]
    static let resolutionKeys = ["x", "y"]
    static let pressureKeys = ["minimum", "maximum", "tip_threshold", "maximum_force"]
    static let activeAreaKeys = ["x", "y"]

    /// The node tree of a profile's text; broken YAML or an empty file is refused.
    func root(of yaml: String) throws(ProfileError) -> Node {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw .notYAML(source: source, detail: SystemErrorText.yamlProblem(error))
        }
        guard let root else { throw .notAMapping(source: source, key: nil, found: "an empty file") }
        return root
    }

    /// The top-level fields of a profile of `kind`, after checking what every profile starts
    /// with: its keys are among `allowed`, `schema` is `schemaVersion`, and `kind` is `kind`.
    func fields(of root: Node, kind: ProfileKind, allowed: [String], schemaVersion: Int) throws(ProfileError)
        -> [String: Node]
    {
        // A profile of the other kind in this folder would otherwise be reported key by key.
        let other = kind.other
        if case .mapping(let mapping) = root, case .scalar(let written)? = mapping["kind"],
            written.string == other.rawValue
        {
            throw .invalidValue(
                source: source, key: "kind",
                problem:
                    "must be '\(kind.rawValue)' in a \(kind.rawValue) profile, found '\(other.rawValue)'; \(other.rawValue) "
                    + "profiles belong in the '\(other.folder)' folder, not '\(kind.folder)'")
        }
        let fields = try keyed(root, at: nil, allowed: allowed)

        guard let schemaNode = fields["schema"] else {
            throw .missingKey(source: source, key: "schema", example: "schema: 1")
        }
        guard case .scalar(let schema) = schemaNode, schema.style == Node.Scalar.Style.plain, Int(schema.string) != nil
        else {
            throw .wrongType(source: source, key: "schema", expected: "a whole number (1)", found: describe(schemaNode))
        }
        guard Int(schema.string) == schemaVersion else {
            throw .unsupportedSchema(source: source, found: schema.string)
        }

        guard let kindNode = fields["kind"] else {
            throw .missingKey(source: source, key: "kind", example: "kind: \(kind.rawValue)")
        }
        let written = try string(kindNode, at: "kind")
        guard written == kind.rawValue else {
            throw .invalidValue(
                source: source, key: "kind",
                problem:
                    "must be '\(kind.rawValue)' in a \(kind.rawValue) profile\(kind.alternative), found '\(written)'")
        }
        return fields
    }

    func tabletProfile(_ root: Node) throws(ProfileError) -> TabletProfile {
        let fields = try fields(
            of: root, kind: .tablet, allowed: Self.topLevelKeys, schemaVersion: TabletProfile.schemaVersion)
        let description = try fields["description"].map { (node) throws(ProfileError) in
            try string(node, at: "description")
        }

        guard let matchNode = fields["match"] else {
            throw .missingKey(source: source, key: "match", example: "match: {bus: 0003, vendor: 056a, product: 0059}")
        }
        let match = try deviceMatch(matchNode)

        var profile = TabletProfile(source: source, description: description, match: match)
        if let node = fields["resolution"] {
            profile.resolution = try resolution(node)
        }
        if let node = fields["pressure"] {
            profile.pressure = try pressure(node)
        }
        if let node = fields["active_area"] {
            profile.activeArea = try activeArea(node)
        }
        if let node = fields["tablet_to_form"] {
            profile.tabletToForm = try transform(node)
        }
        if let node = fields["display"] {
            let name = try string(node, at: "display")
            // A name, not a path: the display profile is looked up on the same search path as this one.
            guard !name.isEmpty, !name.contains("/"), !name.hasSuffix(".yaml"), !name.hasSuffix(".yml") else {
                throw .invalidValue(
                    source: source, key: "display",
                    problem: "must be a display profile's name (its file name in a displays/ folder without .yaml, "
                        + "e.g. wacom-cintiq-13hd), found '\(name)'")
            }
            profile.display = name
        }
        return profile
    }

    func deviceMatch(_ node: Node) throws(ProfileError) -> DeviceMatch {
        let fields = try keyed(node, at: "match", allowed: Self.matchKeys)
        var match = DeviceMatch()
        match.bus = try fields["bus"].map { (node) throws(ProfileError) in try hexID(node, at: "match.bus") }
        match.vendor = try fields["vendor"].map { (node) throws(ProfileError) in try hexID(node, at: "match.vendor") }
        match.product = try fields["product"].map { (node) throws(ProfileError) in try hexID(node, at: "match.product")
        }
        match.name = try fields["name"].map { (node) throws(ProfileError) in try string(node, at: "match.name") }
        guard match.specificity > 0 else {
            throw .invalidValue(
                source: source, key: "match",
                problem: "must give at least one of bus, vendor, product, name (a profile cannot apply to every device)"
            )
        }
        return match
    }

    func resolution(_ node: Node) throws(ProfileError) -> UnitsPerMillimetre {
        let fields = try keyed(node, at: "resolution", allowed: Self.resolutionKeys)
        var values: [Double] = []
        for axis in Self.resolutionKeys {
            let key = "resolution.\(axis)"
            guard let value = fields[axis] else {
                throw .missingKey(source: source, key: key, example: "resolution: {x: 200, y: 200}")
            }
            let number = try number(value, at: key, expected: "a number of units per mm")
            guard number > 0 else {
                throw .invalidValue(
                    source: source, key: key, problem: "must be greater than 0 units per mm, found \(format(number))")
            }
            values.append(number)
        }
        return UnitsPerMillimetre(x: values[0], y: values[1])
    }

    func pressure(_ node: Node) throws(ProfileError) -> PressureSettings {
        let fields = try keyed(node, at: "pressure", allowed: Self.pressureKeys)
        var settings = PressureSettings()
        settings.minimum = try fields["minimum"].map { (node) throws(ProfileError) in
            try integer(node, at: "pressure.minimum")
        }
        settings.maximum = try fields["maximum"].map { (node) throws(ProfileError) in
            try integer(node, at: "pressure.maximum")
        }
        settings.tipThreshold = try fields["tip_threshold"].map { (node) throws(ProfileError) in
            try integer(node, at: "pressure.tip_threshold")
        }
        settings.maximumForce = try fields["maximum_force"].map { (node) throws(ProfileError) in
            try number(node, at: "pressure.maximum_force", expected: "a number (the force of full-scale pressure)")
        }
        if let minimum = settings.minimum, let maximum = settings.maximum, maximum <= minimum {
            throw .invalidValue(
                source: source, key: "pressure.maximum",
                problem: "must be greater than pressure.minimum (\(minimum)), found \(maximum)")
        }
        if let threshold = settings.tipThreshold, threshold < 0 {
            throw .invalidValue(
                source: source, key: "pressure.tip_threshold", problem: "must not be negative, found \(threshold)")
        }
        if let force = settings.maximumForce, force <= 0 {
            throw .invalidValue(
                source: source, key: "pressure.maximum_force", problem: "must be greater than 0, found \(format(force))"
            )
        }
        return settings
    }

    func activeArea(_ node: Node) throws(ProfileError) -> DeviceArea {
        let fields = try keyed(node, at: "active_area", allowed: Self.activeAreaKeys)
        var ranges: [(Int32, Int32)] = []
        for axis in Self.activeAreaKeys {
            let key = "active_area.\(axis)"
            guard let value = fields[axis] else {
                throw .missingKey(source: source, key: key, example: "active_area: {x: [0, 44704], y: [0, 27940]}")
            }
            let ends = try list(value, at: key, count: 2, expected: "a list of two device units [minimum, maximum]")
            let minimum = try integer(ends[0], at: "\(key)[0]")
            let maximum = try integer(ends[1], at: "\(key)[1]")
            guard maximum > minimum else {
                throw .invalidValue(
                    source: source, key: key,
                    problem: "must be [minimum, maximum] with maximum > minimum, found [\(minimum), \(maximum)]")
            }
            ranges.append((minimum, maximum))
        }
        return DeviceArea(minimumX: ranges[0].0, maximumX: ranges[0].1, minimumY: ranges[1].0, maximumY: ranges[1].1)
    }

    func transform(_ node: Node) throws(ProfileError) -> TabletToFormTransform {
        let expectedRows =
            "a 2x3 matrix [[xx, xy, x0], [yx, yy, y0]] from tablet mm to form cm "
            + "(or 3x3 with a third row [px, py, 1] for a homography)"
        guard case .sequence(let sequence) = node, sequence.count == 2 || sequence.count == 3 else {
            throw .wrongType(source: source, key: "tablet_to_form", expected: expectedRows, found: describe(node))
        }
        var matrix: [[Double]] = []
        for (r, row) in sequence.enumerated() {
            let key = "tablet_to_form[\(r)]"
            let cells = try list(row, at: key, count: 3, expected: "a row of three numbers")
            var values: [Double] = []
            for (c, cell) in cells.enumerated() {
                values.append(try number(cell, at: "\(key)[\(c)]", expected: "a number"))
            }
            matrix.append(values)
        }
        if matrix.count == 3, matrix[2][2] != 1 {
            throw .invalidValue(
                source: source, key: "tablet_to_form[2][2]",
                problem:
                    "must be 1 (a homography's third row is [px, py, 1]; divide the matrix by its last entry), found \(format(matrix[2][2]))"
            )
        }
        let determinant = matrix[0][0] * matrix[1][1] - matrix[0][1] * matrix[1][0]
        guard determinant != 0 else {
            throw .invalidValue(
                source: source, key: "tablet_to_form",
                problem: "must not squash the tablet onto a line (its 2x2 part has determinant 0)")
        }
        return TabletToFormTransform(rows: matrix)
    }

    // MARK: Node helpers

    /// The values of a mapping by key, after checking every key is a plain string the schema allows.
    func keyed(_ node: Node, at path: String?, allowed: [String]) throws(ProfileError) -> [String: Node] {
        guard case .mapping(let mapping) = node else {
            throw .notAMapping(source: source, key: path, found: describe(node))
        }
        var fields: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw .wrongType(
                    source: source, key: path ?? "(top level)", expected: "keys that are words",
                    found: "the key \(describe(keyNode))")
            }
            let key = scalar.string
            let fullKey = path.map { "\($0).\(key)" } ?? key
            guard allowed.contains(key) else {
                throw .unknownKey(source: source, key: fullKey, allowed: allowed)
            }
            guard fields[key] == nil else {
                throw .invalidValue(source: source, key: fullKey, problem: "is given twice; keep one")
            }
            fields[key] = value
        }
        return fields
    }

    func string(_ node: Node, at key: String) throws(ProfileError) -> String {
        guard case .scalar(let scalar) = node, !isNull(scalar) else {
            throw .wrongType(source: source, key: key, expected: "text", found: describe(node))
        }
        return scalar.string
    }

    /// A plain (unquoted) decimal number; quoted text is refused so that a typo is not read as a number.
    func number(_ node: Node, at key: String, expected: String) throws(ProfileError) -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, isDecimal(scalar.string),
            let value = Double(scalar.string), value.isFinite
        else {
            throw .wrongType(source: source, key: key, expected: expected, found: describe(node))
        }
        return value
    }

    func integer(_ node: Node, at key: String) throws(ProfileError) -> Int32 {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int32(scalar.string) else {
            throw .wrongType(
                source: source, key: key, expected: "a whole number of device units", found: describe(node))
        }
        return value
    }

    /// A bus, vendor or product id in hex, as `evtest` and `lsusb` print it (`056a`, `0x056a`).
    ///
    /// Read from the scalar's text, never as a YAML number: an unquoted `0333` would otherwise be
    /// taken as octal and `0059` as text.
    func hexID(_ node: Node, at key: String) throws(ProfileError) -> UInt16 {
        let expected = "a hex id of up to 4 digits, e.g. 056a"
        guard case .scalar(let scalar) = node, !isNull(scalar) else {
            throw .wrongType(source: source, key: key, expected: expected, found: describe(node))
        }
        var digits = Substring(scalar.string)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
        }
        guard (1...4).contains(digits.count), let value = UInt16(digits, radix: 16) else {
            throw .wrongType(source: source, key: key, expected: expected, found: describe(node))
        }
        return value
    }

    func list(_ node: Node, at key: String, count: Int, expected: String) throws(ProfileError) -> [Node] {
        guard case .sequence(let sequence) = node, sequence.count == count else {
            throw .wrongType(source: source, key: key, expected: expected, found: describe(node))
        }
        return Array(sequence)
    }

    func isNull(_ scalar: Node.Scalar) -> Bool {
        scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// Digits with an optional sign, point and exponent: what YAML calls a number, without the
    /// hex, infinity and NaN spellings `Double.init` would also take.
    func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "0123456789+-.eE".contains($0) } && text.contains(where: \.isNumber)
    }

    /// How a value reads in a message: `the text 'abc'`, `a list`, `nothing`.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if isNull(scalar) { return "nothing" }
            if scalar.style == .plain, isDecimal(scalar.string), Double(scalar.string) != nil {
                return "the number \(scalar.string)"
            }
            return "the text '\(scalar.string)'"
        case .mapping:
            return "a mapping"
        case .sequence(let sequence):
            return "a list of \(sequence.count)"
        case .alias:
            return "an alias"
        }
    }

    func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension TabletProfile {
    /// The profile as YAML, schema 1, with `comments` (one per line, without `#`) at the top: what
    /// `styluskit calibrate tablet` writes. Reading it back gives the same profile.
    public func yaml(comments: [String]) -> String {
        typealias Y = YAMLWriting
        var root: [(String, Node)] = [("schema", Y.plain("\(Self.schemaVersion)")), ("kind", Y.plain("tablet"))]
        if let description { root.append(("description", Y.text(description))) }
        let match = [
            self.match.bus.map { ("bus", Y.text(hex4($0))) }, self.match.vendor.map { ("vendor", Y.text(hex4($0))) },
            self.match.product.map { ("product", Y.text(hex4($0))) }, self.match.name.map { ("name", Y.text($0)) },
        ].compactMap { $0 }
        root.append(("match", Y.mapping(match)))
        if let resolution {
            root.append(
                (
                    "resolution",
                    Y.mapping([("x", Y.plain(decimal(resolution.x))), ("y", Y.plain(decimal(resolution.y)))])
                ))
        }
        let pressure = [
            self.pressure.minimum.map { ("minimum", Y.plain("\($0)")) },
            self.pressure.maximum.map { ("maximum", Y.plain("\($0)")) },
            self.pressure.tipThreshold.map { ("tip_threshold", Y.plain("\($0)")) },
            self.pressure.maximumForce.map { ("maximum_force", Y.plain(decimal($0))) },
        ].compactMap { $0 }
        if !pressure.isEmpty { root.append(("pressure", Y.mapping(pressure))) }
        if let area = activeArea {
            root.append(
                (
                    "active_area",
                    Y.mapping([
                        ("x", Y.flow([Y.plain("\(area.minimumX)"), Y.plain("\(area.maximumX)")])),
                        ("y", Y.flow([Y.plain("\(area.minimumY)"), Y.plain("\(area.maximumY)")])),
                    ])
                ))
        }
        if let transform = tabletToForm {
            // Full precision: a homography's perspective terms are tiny and matter.
            root.append(
                ("tablet_to_form", Y.block(transform.rows.map { row in Y.flow(row.map { Y.plain(String($0)) }) })))
        }
        if let display { root.append(("display", Y.text(display))) }
        return Y.document(Y.mapping(root), comments: comments)
    }
}
