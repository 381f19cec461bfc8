// The only file that calls the C maths library: the rest of the module uses these names.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tan(3)`.
@inline(__always)
func tangent(_ radians: Double) -> Double { tan(radians) }

/// `atan(3)`.
@inline(__always)
func arcTangent(_ value: Double) -> Double { atan(value) }

/// `atan2(3)`: the angle of the vector (x, y), in (-π, π].
@inline(__always)
func arcTangent(y: Double, x: Double) -> Double { atan2(y, x) }

/// `cos(3)`.
@inline(__always)
func cosine(_ radians: Double) -> Double { cos(radians) }

/// `sin(3)`.
@inline(__always)
func sine(_ radians: Double) -> Double { sin(radians) }
