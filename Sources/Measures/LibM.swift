// The only file of the module that calls the C maths library: the rest uses these names.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cos(3)`.
@inline(__always)
func cosine(_ radians: Double) -> Double { cos(radians) }

/// `sin(3)`.
@inline(__always)
func sine(_ radians: Double) -> Double { sin(radians) }

/// `atan2(3)`: the angle of the vector (x, y), in (-π, π].
@inline(__always)
func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// `log(3)`: the natural logarithm.
@inline(__always)
func logarithm(_ value: Double) -> Double { log(value) }

/// `log10(3)`.
@inline(__always)
func decimalLogarithm(_ value: Double) -> Double { log10(value) }
