/// A tool's serial number (`MSC_SERIAL`) or tool id (`ABS_MISC`) as every place shows it:
/// `0x` and lowercase hexadecimal of its 32 bits, as ADF's PencilID writes it, never a negative decimal.
public func hexadecimalToolNumber(_ value: Int32) -> String {
    "0x" + String(UInt32(bitPattern: value), radix: 16)
}
