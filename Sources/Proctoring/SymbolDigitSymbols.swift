/// A point of a glyph in its unit square: x right, y down, both in 0...1.
public struct GlyphPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// One pen-stroke of a glyph, as a renderer draws it.
public enum GlyphPath: Hashable, Sendable {
    /// Straight segments through the points; a closed polyline joins the last point to the first.
    case polyline([GlyphPoint], closed: Bool)
    /// A circular arc from `startAngle` to `endAngle` (radians, 0 toward +x, growing clockwise
    /// since y is down); a full circle spans 2π.
    case arc(centre: GlyphPoint, radius: Double, startAngle: Double, endAngle: Double)
}

/// A symbol of the symbol-digit form: simple vector paths in a unit square, scaled to the cell it is printed in.
///
/// These are the project's own drawings, not the commercial SDMT symbols: distinct at a glance
/// (closed and open, straight and round), each drawable in one or two strokes.
public struct SymbolGlyph: Hashable, Sendable {
    /// A short name for logs, tests and figures.
    public var name: String
    public var paths: [GlyphPath]
}

/// The symbol sets and digit pairings of the form, and the order symbols appear in the boxes.
public enum SymbolDigitSymbols {
    /// The nine symbols of the administered form; symbol `i` pairs with digit `i + 1`.
    public static let standard: [SymbolGlyph] = [
        SymbolGlyph(
            name: "ring", paths: [.arc(centre: GlyphPoint(0.5, 0.5), radius: 0.35, startAngle: 0, endAngle: 2 * .pi)]),
        SymbolGlyph(
            name: "chevron",
            paths: [.polyline([GlyphPoint(0.15, 0.25), GlyphPoint(0.5, 0.75), GlyphPoint(0.85, 0.25)], closed: false)]),
        SymbolGlyph(
            name: "gate",
            paths: [
                .polyline(
                    [GlyphPoint(0.2, 0.85), GlyphPoint(0.2, 0.15), GlyphPoint(0.8, 0.15), GlyphPoint(0.8, 0.85)],
                    closed: false)
            ]),
        SymbolGlyph(
            name: "zigzag",
            paths: [
                .polyline(
                    [
                        GlyphPoint(0.1, 0.7), GlyphPoint(0.3, 0.3), GlyphPoint(0.5, 0.7), GlyphPoint(0.7, 0.3),
                        GlyphPoint(0.9, 0.7),
                    ], closed: false)
            ]),
        SymbolGlyph(
            name: "bowtie",
            paths: [
                .polyline(
                    [GlyphPoint(0.15, 0.2), GlyphPoint(0.85, 0.8), GlyphPoint(0.85, 0.2), GlyphPoint(0.15, 0.8)],
                    closed: true)
            ]),
        SymbolGlyph(
            name: "hook",
            paths: [
                .polyline([GlyphPoint(0.65, 0.15), GlyphPoint(0.65, 0.6)], closed: false),
                .arc(centre: GlyphPoint(0.45, 0.6), radius: 0.2, startAngle: 0, endAngle: .pi),
            ]),
        SymbolGlyph(
            name: "step",
            paths: [
                .polyline(
                    [
                        GlyphPoint(0.15, 0.8), GlyphPoint(0.15, 0.5), GlyphPoint(0.5, 0.5), GlyphPoint(0.5, 0.2),
                        GlyphPoint(0.85, 0.2),
                    ], closed: false)
            ]),
        SymbolGlyph(
            name: "crossed ring",
            paths: [
                .arc(centre: GlyphPoint(0.5, 0.5), radius: 0.28, startAngle: 0, endAngle: 2 * .pi),
                .polyline([GlyphPoint(0.1, 0.5), GlyphPoint(0.9, 0.5)], closed: false),
            ]),
        SymbolGlyph(
            name: "triangle",
            paths: [.polyline([GlyphPoint(0.5, 0.15), GlyphPoint(0.85, 0.8), GlyphPoint(0.15, 0.8)], closed: true)]),
    ]

    /// The nine symbols display mode shows instead, for publishable figures that keep the real form private.
    public static let alternate: [SymbolGlyph] = [
        SymbolGlyph(
            name: "square",
            paths: [
                .polyline(
                    [GlyphPoint(0.2, 0.2), GlyphPoint(0.8, 0.2), GlyphPoint(0.8, 0.8), GlyphPoint(0.2, 0.8)],
                    closed: true)
            ]),
        SymbolGlyph(
            name: "diamond",
            paths: [
                .polyline(
                    [GlyphPoint(0.5, 0.1), GlyphPoint(0.9, 0.5), GlyphPoint(0.5, 0.9), GlyphPoint(0.1, 0.5)],
                    closed: true)
            ]),
        SymbolGlyph(
            name: "plus",
            paths: [
                .polyline([GlyphPoint(0.5, 0.15), GlyphPoint(0.5, 0.85)], closed: false),
                .polyline([GlyphPoint(0.15, 0.5), GlyphPoint(0.85, 0.5)], closed: false),
            ]),
        SymbolGlyph(
            name: "saltire",
            paths: [
                .polyline([GlyphPoint(0.2, 0.2), GlyphPoint(0.8, 0.8)], closed: false),
                .polyline([GlyphPoint(0.8, 0.2), GlyphPoint(0.2, 0.8)], closed: false),
            ]),
        SymbolGlyph(
            name: "dome",
            paths: [
                .arc(centre: GlyphPoint(0.5, 0.65), radius: 0.33, startAngle: .pi, endAngle: 2 * .pi),
                .polyline([GlyphPoint(0.17, 0.65), GlyphPoint(0.83, 0.65)], closed: false),
            ]),
        SymbolGlyph(
            name: "tee",
            paths: [
                .polyline([GlyphPoint(0.15, 0.2), GlyphPoint(0.85, 0.2)], closed: false),
                .polyline([GlyphPoint(0.5, 0.2), GlyphPoint(0.5, 0.85)], closed: false),
            ]),
        SymbolGlyph(
            name: "wave",
            paths: [
                .arc(centre: GlyphPoint(0.3, 0.5), radius: 0.2, startAngle: .pi, endAngle: 2 * .pi),
                .arc(centre: GlyphPoint(0.7, 0.5), radius: 0.2, startAngle: 0, endAngle: .pi),
            ]),
        SymbolGlyph(
            name: "equals",
            paths: [
                .polyline([GlyphPoint(0.15, 0.35), GlyphPoint(0.85, 0.35)], closed: false),
                .polyline([GlyphPoint(0.15, 0.65), GlyphPoint(0.85, 0.65)], closed: false),
            ]),
        SymbolGlyph(
            name: "corner",
            paths: [.polyline([GlyphPoint(0.2, 0.15), GlyphPoint(0.2, 0.8), GlyphPoint(0.85, 0.8)], closed: false)]),
    ]

    /// The digit display mode pairs with alternate symbol `i`: no symbol keeps its real digit, so a
    /// published figure reveals neither the symbols nor the key.
    public static let alternateDigits = [4, 7, 1, 9, 2, 8, 3, 6, 5]

    /// The seed of round `round`'s symbol order (round 1 is the first administration, round 2 the repeat).
    public static func seed(round: Int) -> UInt64 { UInt64(round) }

    /// The symbols of `count` boxes of round `round`, as indices into a symbol set (0...8).
    ///
    /// The order is fixed, so every administration of a round shows the same form: blocks of
    /// nine, each a Fisher-Yates shuffle of 0...8 drawn from SplitMix64 seeded with
    /// `seed(round:)` (for i from 8 down to 1: j = next() % (i + 1), swap i and j); when a block
    /// would begin with the symbol that ended the previous one, its first two symbols swap, so no
    /// symbol follows itself. Every symbol appears equally often in each run of nine.
    public static func sequence(round: Int, count: Int) -> [Int] {
        var generator = SplitMix64(seed: seed(round: round))
        var symbols: [Int] = []
        symbols.reserveCapacity(count + 9)
        while symbols.count < count {
            var block = Array(0..<9)
            for i in stride(from: 8, through: 1, by: -1) {
                let j = Int(generator.next() % UInt64(i + 1))
                block.swapAt(i, j)
            }
            if let last = symbols.last, block[0] == last {
                block.swapAt(0, 1)
            }
            symbols += block
        }
        return Array(symbols.prefix(count))
    }
}

/// Steele, Lea and Flood's SplitMix64: a tiny, fully specified generator, so the form's order
/// can be reproduced from its documentation alone.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
