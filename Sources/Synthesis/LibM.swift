// The only file of the module that calls the C maths library: the rest uses these names.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sin(3)`.
@inline(__always)
func sine(_ radians: Double) -> Double { sin(radians) }

/// `cos(3)`.
@inline(__always)
func cosine(_ radians: Double) -> Double { cos(radians) }
