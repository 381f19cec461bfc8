public import Yams

/// YAML documents written through Yams' emitter (libyaml), so quoting and escaping are a YAML
/// library's, not ours: the profile and settings writers build a `Node` and hand it here.
///
/// The layout is fixed so that written files stay stable and readable: two-space indentation,
/// no line folding (a long name stays on one line), UTF-8 kept as it is rather than escaped, and
/// mappings in the order built.
public enum YAMLWriting {
    /// A mapping whose keys keep the order given.
    public static func mapping(_ pairs: [(String, Node)]) -> Node {
        .mapping(Node.Mapping(pairs.map { (Node($0.0), $0.1) }))
    }

    /// Free text, always double-quoted (as the hand-written files quote names and descriptions), so
    /// `0003`, `yes` or `1e3` read back as text.
    public static func text(_ value: String) -> Node {
        Node(value, Tag(.str), .doubleQuoted)
    }

    /// A value written as it is (a number, a boolean, `2.5 s`): a plain scalar where YAML allows
    /// one, quoted by the emitter where it must be.
    public static func plain(_ value: String) -> Node {
        Node(value, Tag(.implicit), .plain)
    }

    /// A list on one line: `[1920, 1080]`.
    public static func flow(_ items: [Node]) -> Node {
        .sequence(Node.Sequence(items, Tag(.implicit), .flow))
    }

    /// A list one item a line.
    public static func block(_ items: [Node]) -> Node {
        .sequence(Node.Sequence(items, Tag(.implicit), .block))
    }

    /// `node` as a YAML document, after `comments` (one per line, without `#`).
    public static func document(_ node: Node, comments: [String] = []) -> String {
        let body: String
        do {
            body = try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)
        } catch {
            // The emitter fails only on events out of order, which a Node cannot produce.
            fatalError("Yams could not write a YAML node: \(error)")
        }
        return comments.map { $0.isEmpty ? "#\n" : "# \($0)\n" }.joined() + body
    }
}
