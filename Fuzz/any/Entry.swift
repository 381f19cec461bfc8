import FuzzTargets
import Glibc

// libFuzzer's entry point for every `FuzzTarget`, the one named by STYLUSKIT_FUZZ_TARGET (its raw name:
// `protocol`, `web-request`, ...; scripts/fuzz.sh sets it). Built with --sanitize=fuzzer, SwiftPM compiles this
// file as a library and libFuzzer's main drives it. In an ordinary build the file is the executable's main file,
// with no top-level code: that binary does nothing, and the corpus is replayed by Tests/FuzzCorpusTests instead.
// Top-level code would not compile in the fuzzer build (-parse-as-library), and @main would replace libFuzzer's
// main. One binary serves every target: a binary per target cost every debug build eighteen links.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    ChosenTarget.entry(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

/// The target named by the environment, read once.
enum ChosenTarget {
    static let entry: @Sendable (UnsafeRawBufferPointer) -> Void = {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
        guard let name = getenv("STYLUSKIT_FUZZ_TARGET").map({ String(cString: $0) }),
            let target = FuzzTarget(rawValue: name)
        else {
            fatalError("set STYLUSKIT_FUZZ_TARGET to one of: \(names)")
        }
        return target.entry
    }()
}
