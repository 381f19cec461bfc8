/// An optional that JSON always gives under its key, as null when it is nil: the one rule of the
/// outputs whose every line or object has the same keys (`results --json`'s entries, a visit's
/// manifest). Synthesized `Encodable` leaves a nil optional's key out; this wrapper writes it.
///
/// Reading accepts the key null or absent, both as nil, as an optional reads.
@propertyWrapper
public struct NullWhenNil<Wrapped: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The value; nil is written as null.
    public var wrappedValue: Wrapped?

    /// The wrapper of `wrappedValue`.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }

    /// The value, or nil for null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }

    /// The value, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// A `NullWhenNil` whose key is absent reads as nil, as an optional's would (synthesized
    /// `Decodable` asks for the wrapper by this overload).
    public func decode<Wrapped>(_ type: NullWhenNil<Wrapped>.Type, forKey key: Key) throws -> NullWhenNil<Wrapped> {
        try decodeIfPresent(type, forKey: key) ?? NullWhenNil(wrappedValue: nil)
    }
}
