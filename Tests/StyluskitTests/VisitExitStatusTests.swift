import ArgumentParser
import Foundation
import SystemErrors
import Testing
import Visiting
import Visits

@testable import styluskit

/// A visit's run ends with a status of its own for each way it can end (README, "Exit status").
@Suite struct VisitExitStatusTests {
    static func runner() throws -> (VisitOptions, VisitRunner) {
        let root = NSTemporaryDirectory() + "visit-exit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "schema: 1\nname: one\ntests:\n  - test: clock\n".write(
            toFile: root + "/one.yaml", atomically: true, encoding: .utf8)
        let options = try VisitOptions.parse([
            "--protocol", root + "/one.yaml", "--participant", "P-1", "--out", root + "/out",
        ])
        return (options, try options.runner())
    }

    static func status(_ ended: VisitRunEnd) throws -> Int32 {
        let (options, runner) = try runner()
        do {
            try options.finish(runner, ended: ended)
            return 0
        } catch let code as ExitCode {
            return code.rawValue
        }
    }

    @Test func aStoppedRunDoesNotExitAsACompleteOne() throws {
        #expect(try Self.status(.complete) == 0)
        #expect(try Self.status(.aborted) == 3)
        #expect(try Self.status(.stopped) == 4)
    }
}

/// `administer` alone ends with the statuses a visit's run uses (issue 28, item 5): a test a
/// signal stopped is not a test run to its end.
@Suite struct AdministerExitStatusTests {
    @Test func aStoppedTestDoesNotExitAsOneRunToItsEnd() {
        #expect(Administer.exitStatus(aborted: false, stoppedBy: nil).rawValue == 0)
        #expect(Administer.exitStatus(aborted: true, stoppedBy: nil).rawValue == 3)
        #expect(Administer.exitStatus(aborted: false, stoppedBy: "SIGINT").rawValue == 4)
        #expect(Administer.exitStatus(aborted: false, stoppedBy: "SIGTERM").rawValue == 4)
    }
}
