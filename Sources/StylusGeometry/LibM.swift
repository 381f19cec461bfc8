// The package's one wrapper of the C maths library (issue 29: one libm wrapper): every module that
// needs a trigonometric function or a logarithm imports StylusGeometry and uses these names, so no
// other file calls libm. Inlinable, so a proctor's or a measure's inner loop pays no call for them.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

/// `tan(3)`.
@inlinable @inline(__always)
public func tangent(_ radians: Double) -> Double { tan(radians) }

/// `atan(3)`.
@inlinable @inline(__always)
public func arcTangent(_ value: Double) -> Double { atan(value) }

/// `atan2(3)`: the angle of the vector (x, y), in (-π, π].
@inlinable @inline(__always)
public func arcTangent(y: Double, x: Double) -> Double { atan2(y, x) }

/// `cos(3)`.
@inlinable @inline(__always)
public func cosine(_ radians: Double) -> Double { cos(radians) }

/// `sin(3)`.
@inlinable @inline(__always)
public func sine(_ radians: Double) -> Double { sin(radians) }

/// `log(3)`: the natural logarithm.
@inlinable @inline(__always)
public func logarithm(_ value: Double) -> Double { log(value) }

/// `log10(3)`.
@inlinable @inline(__always)
public func decimalLogarithm(_ value: Double) -> Double { log10(value) }
