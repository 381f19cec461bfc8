import Foundation
import SystemErrors

/// One compact line of JSON with sorted keys in which every optional key is present: `null` when
/// the value is unknown, never left out, so a script reads the same keys from every run
/// (docs/json/README.md). JSONEncoder leaves out a nil optional (synthesized `encodeIfPresent`);
/// this encoder writes it as `null`, and otherwise writes what JSONEncoder would with
/// `.sortedKeys` and `.withoutEscapingSlashes`.
public enum JSONLine {
    /// `value` as one line of JSON.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = TreeEncoder(path: [])
        try value.encode(to: encoder)
        var out = ""
        write(encoder.storage.value ?? .null, to: &out)
        return out
    }

    indirect enum Node {
        case null
        case literal(String)
        case string(String)
        case array([Box])
        case object([String: Box])
    }

    /// A node a container fills in after handing it out.
    final class Box {
        var value: Node?
        init(_ value: Node? = nil) { self.value = value }
    }

    static func write(_ node: Node, to out: inout String) {
        switch node {
        case .null: out += "null"
        case .literal(let text): out += text
        case .string(let text): JSONString.write(text, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element.value ?? .null, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                JSONString.write(key, to: &out)
                out += ":"
                write(member.value ?? .null, to: &out)
            }
            out += "}"
        }
    }

    /// A finite Double as JSONEncoder writes it (`3` for 3.0); a non-finite one cannot be encoded.
    static func number(_ value: Double, path: [any CodingKey]) throws -> Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "not a finite number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    final class TreeEncoder: Encoder, SingleValueEncodingContainer {
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        let storage: Box

        init(path: [any CodingKey], storage: Box = Box()) {
            codingPath = path
            self.storage = storage
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = storage.value {} else { storage.value = .object([:]) }
            return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            storage.value = .array([])
            return UnkeyedContainer(encoder: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        func encodeNil() throws { storage.value = .null }
        func encode(_ value: Bool) throws { storage.value = .literal(value ? "true" : "false") }
        func encode(_ value: String) throws { storage.value = .string(value) }
        func encode(_ value: Double) throws { storage.value = try number(value, path: codingPath) }
        func encode(_ value: Float) throws { storage.value = try number(Double(value), path: codingPath) }
        func encode(_ value: Int) throws { storage.value = .literal(String(value)) }
        func encode(_ value: Int8) throws { storage.value = .literal(String(value)) }
        func encode(_ value: Int16) throws { storage.value = .literal(String(value)) }
        func encode(_ value: Int32) throws { storage.value = .literal(String(value)) }
        func encode(_ value: Int64) throws { storage.value = .literal(String(value)) }
        func encode(_ value: UInt) throws { storage.value = .literal(String(value)) }
        func encode(_ value: UInt8) throws { storage.value = .literal(String(value)) }
        func encode(_ value: UInt16) throws { storage.value = .literal(String(value)) }
        func encode(_ value: UInt32) throws { storage.value = .literal(String(value)) }
        func encode(_ value: UInt64) throws { storage.value = .literal(String(value)) }
        func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }

        /// A child node at `key`, encoded by `value`.
        func child(_ key: any CodingKey, _ value: some Encodable) throws -> Box {
            let box = Box()
            try value.encode(to: TreeEncoder(path: codingPath + [key], storage: box))
            return box
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        func set(_ key: Key, _ box: Box) {
            guard case .object(var members) = encoder.storage.value else { return }
            members[key.stringValue] = box
            encoder.storage.value = .object(members)
        }

        mutating func encodeNil(forKey key: Key) throws { set(key, Box(.null)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            set(key, try encoder.child(key, value))
        }

        // The reason for this encoder: a nil optional is written as null, not left out.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeIfPresent(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeIfPresent(value, key) }

        private mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = TreeEncoder(path: codingPath + [key])
            set(key, child.storage)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = TreeEncoder(path: codingPath + [key])
            set(key, child.storage)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = TreeEncoder(path: codingPath + [key])
            set(key, child.storage)
            return child
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            if case .array(let elements) = encoder.storage.value { return elements.count }
            return 0
        }

        struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "Index \(intValue ?? 0)" }
            init(intValue: Int) { self.intValue = intValue }
            init?(stringValue: String) { nil }
        }

        func append(_ box: Box) {
            guard case .array(var elements) = encoder.storage.value else { return }
            elements.append(box)
            encoder.storage.value = .array(elements)
        }

        mutating func encodeNil() throws { append(Box(.null)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            append(try encoder.child(Index(intValue: count), value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            let child = TreeEncoder(path: codingPath + [Index(intValue: count)])
            append(child.storage)
            return child.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = TreeEncoder(path: codingPath + [Index(intValue: count)])
            append(child.storage)
            return child.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }
}
