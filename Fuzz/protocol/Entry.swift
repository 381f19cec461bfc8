import FuzzTargets

// libFuzzer's entry point for `FuzzTarget.visitProtocol`. Built with --sanitize=fuzzer (scripts/fuzz.sh), SwiftPM
// compiles this file as a library and libFuzzer's main drives it. In an ordinary build the
// file is the executable's main file, with no top-level code: that binary does nothing, and
// the corpus is replayed by Tests/FuzzCorpusTests instead. Top-level code would not compile
// in the fuzzer build (-parse-as-library), and @main would replace libFuzzer's main.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.visitProtocol.entry(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
