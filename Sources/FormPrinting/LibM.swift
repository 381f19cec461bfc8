// The only file of the module that calls the C maths library: the rest uses these names.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Double {
    /// `cos(3)` of this angle in radians.
    var cos: Double { cosine(self) }
    /// `sin(3)` of this angle in radians.
    var sin: Double { sine(self) }
}

@inline(__always) private func cosine(_ radians: Double) -> Double { cos(radians) }
@inline(__always) private func sine(_ radians: Double) -> Double { sin(radians) }
