import Yams

/// What a display profile says about one screen: its density and scaling, so the form is drawn
/// (and measured in ADF's `DisplayData`) at its physical size. Calibration/README.md documents
/// the YAML schema.
public struct DisplayProfile: Hashable, Sendable {
    /// The file the profile was read from, for messages.
    public var source: String
    /// Free text: which display and where its numbers come from.
    public var description: String?
    /// The displays the profile applies to.
    public var match: DisplayMatch
    /// Physical pixels per inch.
    public var pixelsPerInch: Double
    /// Physical pixels per point (the desktop's scale: 1, 2, 1.25, ...).
    public var scalingFactor: Double
    /// The native resolution in pixels, for reference.
    public var resolution: (width: Int, height: Int)?
    /// The physical size of the image in millimetres, for reference.
    public var sizeMillimetres: (width: Double, height: Double)?

    public init(
        source: String, description: String? = nil, match: DisplayMatch, pixelsPerInch: Double,
        scalingFactor: Double = 1,
        resolution: (width: Int, height: Int)? = nil, sizeMillimetres: (width: Double, height: Double)? = nil
    ) {
        self.source = source
        self.description = description
        self.match = match
        self.pixelsPerInch = pixelsPerInch
        self.scalingFactor = scalingFactor
        self.resolution = resolution
        self.sizeMillimetres = sizeMillimetres
    }

    /// The profile's name: its file's name without directory and extension (`wacom-cintiq-13hd`),
    /// by which tablet profiles, `--display-profile` and results files refer to it.
    public var name: String { profileName(source: source) }

    /// Points per inch: the canvas density ADF positions are measured in (`pixelsPerInch / scalingFactor`).
    public var pointsPerInch: Double { pixelsPerInch / scalingFactor }

    public static func == (a: DisplayProfile, b: DisplayProfile) -> Bool {
        a.source == b.source && a.description == b.description && a.match == b.match
            && a.pixelsPerInch == b.pixelsPerInch
            && a.scalingFactor == b.scalingFactor && a.resolution?.width == b.resolution?.width
            && a.resolution?.height == b.resolution?.height && a.sizeMillimetres?.width == b.sizeMillimetres?.width
            && a.sizeMillimetres?.height == b.sizeMillimetres?.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(match)
        hasher.combine(pixelsPerInch)
        hasher.combine(scalingFactor)
    }
}

/// Which displays a display profile applies to: every field given must equal the display's.
public struct DisplayMatch: Hashable, Sendable {
    /// The connector name, as DRM (`/sys/class/drm/card0-DP-1` is `DP-1`) and xrandr call it.
    public var output: String?
    /// The EDID's three-letter manufacturer id, e.g. `WAC`.
    public var edidVendor: String?
    /// The EDID's product code, e.g. 0x1040.
    public var edidProduct: UInt16?

    public init(output: String? = nil, edidVendor: String? = nil, edidProduct: UInt16? = nil) {
        self.output = output
        self.edidVendor = edidVendor
        self.edidProduct = edidProduct
    }

    /// True if every field given equals the display's; a field the display does not report
    /// (no EDID) does not match a profile that asks for it. A match without fields matches no
    /// display: its profile is chosen only by name.
    public func matches(_ display: DisplayIdentity) -> Bool {
        specificity > 0
            && (output.map { $0 == display.output } ?? true)
            && (edidVendor.map { $0 == display.edidVendor } ?? true)
            && (edidProduct.map { $0 == display.edidProduct } ?? true)
    }

    /// How many fields the match gives: among profiles that match a display, the highest wins.
    public var specificity: Int {
        [output != nil, edidVendor != nil, edidProduct != nil].filter { $0 }.count
    }
}

/// What identifies a connected display: its connector and, when it has one, its EDID's ids.
public struct DisplayIdentity: Hashable, Sendable {
    public var output: String?
    public var edidVendor: String?
    public var edidProduct: UInt16?
}

extension DisplayIdentity {
    /// The identity of a display from its connector name and EDID.
    public init(output: String?, edid: EDID?) {
        self.init(output: output, edidVendor: edid?.manufacturer, edidProduct: edid?.productCode)
    }
}

/// The display profiles found on the search path, and which one applies to a display.
///
/// The command line reads the files (the `*.yaml` in each search-path directory's `displays/`
/// folder, see `CalibrationSearchPath`) and hands their text here; this type does no I/O.
public struct DisplayProfileCatalog: Hashable, Sendable {
    /// The profiles in the order their files were given.
    public let profiles: [DisplayProfile]

    /// Parses every file.
    ///
    /// - Parameter files: `(source, text)` pairs, in search-path order.
    /// - Throws: the first broken file's `ProfileError`; a broken profile is never skipped.
    public init(files: [(source: String, text: String)]) throws(ProfileError) {
        profiles = try files.map { file throws(ProfileError) in try DisplayProfile(yaml: file.text, source: file.source)
        }
    }

    public init(profiles: [DisplayProfile]) {
        self.profiles = profiles
    }

    /// The profile for `display`: the matching one giving the most match fields, the last in
    /// search-path order among equally specific ones (as for tablet profiles). Nil when none matches.
    public func profile(for display: DisplayIdentity) -> DisplayProfile? {
        let candidates = profiles.indices.filter { profiles[$0].match.matches(display) }
        return mostSpecific(of: candidates) { profiles[$0].match.specificity }.map { profiles[$0] }
    }

    /// The profile named by its file's name without extension (`wacom-cintiq-13hd`), for a site
    /// that chooses its display by hand; the last such file on the search path wins.
    public func profile(named name: String) -> DisplayProfile? {
        profiles.last { $0.name == name }
    }

    /// The names of the profiles, sorted and without repeats, for messages.
    public var names: [String] { Array(Set(profiles.map(\.name))).sorted() }
}

extension DisplayProfile {
    /// The schema version this parser reads.
    public static let schemaVersion = 1

    /// Reads a display profile from YAML text.
    ///
    /// - Parameters:
    ///   - yaml: the profile's text.
    ///   - source: where it came from (a path), named in errors and kept in `source`.
    /// - Throws: `ProfileError` naming the file and the key for anything the schema does not allow.
    public init(yaml: String, source: String) throws(ProfileError) {
        let reader = ProfileReader(source: source)
        self = try reader.displayProfile(reader.root(of: yaml))
    }

    /// The profile as YAML, schema 1, with `comments` (one per line, without `#`) at the top.
    public func yaml(comments: [String]) -> String {
        typealias Y = YAMLWriting
        var root: [(String, Node)] = [("schema", Y.plain("\(Self.schemaVersion)")), ("kind", Y.plain("display"))]
        if let description { root.append(("description", Y.text(description))) }
        let match = [
            self.match.output.map { ("output", Y.text($0)) }, self.match.edidVendor.map { ("edid_vendor", Y.text($0)) },
            self.match.edidProduct.map { ("edid_product", Y.text(hex4($0))) },
        ].compactMap { $0 }
        if !match.isEmpty { root.append(("match", Y.mapping(match))) }
        root.append(("pixels_per_inch", Y.plain(decimal(pixelsPerInch))))
        root.append(("scaling_factor", Y.plain(decimal(scalingFactor))))
        if let resolution {
            root.append(("resolution", Y.flow([Y.plain("\(resolution.width)"), Y.plain("\(resolution.height)")])))
        }
        if let size = sizeMillimetres {
            root.append(("size_mm", Y.flow([Y.plain(decimal(size.width)), Y.plain(decimal(size.height))])))
        }
        return Y.document(Y.mapping(root), comments: comments)
    }
}

/// The name of the profile read from `source`: the file's name without directory and `.yaml`/`.yml`.
func profileName(source: String) -> String {
    let file = source.split(separator: "/").last.map(String.init) ?? source
    return file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file.hasSuffix(".yml") ? String(file.dropLast(4)) : file
}

/// A number with at most four decimals and no trailing zeros: `165.6`, `2`, `0.1`.
func decimal(_ value: Double) -> String {
    let scaled = (value * 10_000).rounded()
    guard abs(scaled) < 1e15 else { return String(value) }
    let negative = scaled < 0
    let magnitude = Int64(abs(scaled))
    var text = String(magnitude / 10_000)
    var fraction = String(magnitude % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if !fraction.isEmpty { text += "." + fraction }
    return (negative && magnitude != 0 ? "-" : "") + text
}

/// Four hex digits, lower case: `1040`, `056a`.
func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension ProfileReader {
    static let displayTopLevelKeys = [
        "schema", "kind", "description", "match", "pixels_per_inch", "scaling_factor", "resolution", "size_mm",
    ]
    static let displayMatchKeys = ["output", "edid_vendor", "edid_product"]

    /// The two values of a `[width, height]` list that must both be above 0 (`resolution`,
    /// `size_mm`): one rule for both lists; `value` reads a cell at its key (`resolution[0]`) and
    /// `shown` writes a value into the message, `unit` after the bound.
    func positivePair<Value: Comparable & AdditiveArithmetic>(
        _ node: Node, at key: String, expected: String, unit: String,
        value: (Node, String) throws(ProfileError) -> Value, shown: (Value) -> String
    ) throws(ProfileError) -> (width: Value, height: Value) {
        let cells = try list(node, at: key, count: 2, expected: expected)
        var values: [Value] = []
        for (index, cell) in cells.enumerated() {
            let cellKey = "\(key)[\(index)]"
            let number = try value(cell, cellKey)
            guard number > .zero else {
                throw .invalidValue(
                    source: source, key: cellKey, problem: "must be greater than 0 \(unit), found \(shown(number))")
            }
            values.append(number)
        }
        return (values[0], values[1])
    }

    func displayProfile(_ root: Node) throws(ProfileError) -> DisplayProfile {
        let fields = try fields(
            of: root, kind: .display, allowed: Self.displayTopLevelKeys, schemaVersion: DisplayProfile.schemaVersion)
        let description = try fields["description"].map { (node) throws(ProfileError) in
            try string(node, at: "description")
        }

        // Without 'match' the profile is chosen by name only (a display whose EDID ids are unknown).
        let matchFields =
            try fields["match"].map { (node) throws(ProfileError) in
                try keyed(node, at: "match", allowed: Self.displayMatchKeys)
            } ?? [:]
        var match = DisplayMatch()
        match.output = try matchFields["output"].map { (node) throws(ProfileError) in
            try string(node, at: "match.output")
        }
        if let node = matchFields["edid_vendor"] {
            let vendor = try string(node, at: "match.edid_vendor")
            guard vendor.count == 3, vendor.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw .invalidValue(
                    source: source, key: "match.edid_vendor",
                    problem: "must be the EDID's three capital letters (e.g. WAC, DEL), found '\(vendor)'")
            }
            match.edidVendor = vendor
        }
        match.edidProduct = try matchFields["edid_product"].map { (node) throws(ProfileError) in
            try hexID(node, at: "match.edid_product")
        }
        if fields["match"] != nil, match.specificity == 0 {
            throw .invalidValue(
                source: source, key: "match",
                problem: "must give at least one of output, edid_vendor, edid_product; leave 'match' out for a profile "
                    + "chosen by name only")
        }

        guard let densityNode = fields["pixels_per_inch"] else {
            throw .missingKey(source: source, key: "pixels_per_inch", example: "pixels_per_inch: 165.6")
        }
        let pixelsPerInch = try number(densityNode, at: "pixels_per_inch", expected: "a number of pixels per inch")
        guard pixelsPerInch > 0 else {
            throw .invalidValue(
                source: source, key: "pixels_per_inch",
                problem: "must be greater than 0, found \(format(pixelsPerInch))")
        }
        var scalingFactor = 1.0
        if let node = fields["scaling_factor"] {
            scalingFactor = try number(
                node, at: "scaling_factor", expected: "a number of pixels per point (1, 2, 1.25, ...)")
            guard scalingFactor > 0 else {
                throw .invalidValue(
                    source: source, key: "scaling_factor",
                    problem: "must be greater than 0, found \(format(scalingFactor))")
            }
        }
        var profile = DisplayProfile(
            source: source, description: description, match: match, pixelsPerInch: pixelsPerInch,
            scalingFactor: scalingFactor)
        if let node = fields["resolution"] {
            profile.resolution = try positivePair(
                node, at: "resolution", expected: "a list of two pixel counts [width, height]", unit: "pixels",
                value: { (cell, key) throws(ProfileError) -> Int in
                    guard case .scalar(let scalar) = cell, scalar.style == .plain, let value = Int(scalar.string)
                    else {
                        throw .wrongType(
                            source: source, key: key, expected: "a whole number of pixels", found: describe(cell))
                    }
                    return value
                }, shown: { String($0) })
        }
        if let node = fields["size_mm"] {
            profile.sizeMillimetres = try positivePair(
                node, at: "size_mm", expected: "a list of two lengths in mm [width, height]", unit: "mm",
                value: { (cell, key) throws(ProfileError) -> Double in
                    try number(cell, at: key, expected: "a length in millimetres")
                }, shown: { format($0) })
        }
        return profile
    }
}
