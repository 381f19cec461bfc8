import FuzzTargets
import Glibc

// libFuzzer's entry point for every `FuzzTarget` at once, the one named by STYLUSKIT_FUZZ_TARGET (its raw name:
// `protocol`, `web-request`, ...). `make fuzz FUZZ_SECONDS=N` links this one binary instead of eighteen: on a
// loaded machine each link of a fuzzer took minutes. See Fuzz/protocol/Entry.swift for why there is no main.
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
