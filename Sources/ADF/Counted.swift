/// `count` and `noun`, the noun plural unless the count is one: "1 stroke", "2 strokes", "3 boxes".
///
/// Every summary a person reads counts through this, so none says "1 strokes". `noun` is the
/// singular; nouns ending in s, x, ch or sh take "es".
public func counted(_ count: Int, _ noun: String) -> String {
    guard count != 1 else { return "\(count) \(noun)" }
    let es = ["s", "x", "ch", "sh"].contains { noun.hasSuffix($0) }
    return "\(count) \(noun)\(es ? "es" : "s")"
}
