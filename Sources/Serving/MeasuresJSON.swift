import VisitReport

/// A results file's measures for the visit and test pages: the measures the report shows, each with its value
/// and, with `--ranges`, its normative range and where the value lies (the page draws a range bar).
enum MeasuresJSON {
    /// `{"test", "hasRanges", "measures": [{"column", "label", "unit", "value", "text", "count", "low", "high",
    /// "rangeLabel", "place"}]}`: `value` null where the measure does not apply; the range's fields only when
    /// the ranges file gives one for the measure (`low` or `high` null for a range open at that end).
    static func text(test: String, measures: [ReportedMeasure], hasRanges: Bool) -> String {
        var out = "{\"test\":" + InkJSON.quoted(test) + ",\"hasRanges\":\(hasRanges),\"measures\":["
        out += measures.map { measure in
            var item = "{\"column\":" + InkJSON.quoted(measure.column) + ",\"label\":" + InkJSON.quoted(measure.label)
            item += ",\"unit\":" + InkJSON.quoted(measure.unit)
            item += ",\"value\":" + (measure.value.map(InkJSON.number) ?? "null")
            item += ",\"text\":" + InkJSON.quoted(measure.valueText) + ",\"count\":\(measure.isCount)"
            if let range = measure.range {
                item += ",\"low\":" + (range.low.map(InkJSON.number) ?? "null")
                item += ",\"high\":" + (range.high.map(InkJSON.number) ?? "null")
                item += ",\"rangeLabel\":" + (range.label.map(InkJSON.quoted) ?? "null")
                item += ",\"place\":" + (measure.place.map { InkJSON.quoted($0.rawValue) } ?? "null")
            }
            return item + "}"
        }.joined(separator: ",")
        return out + "]}"
    }
}
