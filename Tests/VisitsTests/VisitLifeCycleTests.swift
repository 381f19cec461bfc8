import Foundation
import Sessions
import TestMaterials
import Testing

@testable import Visits

/// Every event in every state of `VisitLifeCycle` (docs/visit.md, "Life cycle"): where it leads,
/// or that it is refused, and what the caller writes.
@Suite struct VisitLifeCycleTests {
    typealias State = VisitLifeCycle.State
    typealias Event = VisitLifeCycle.Event

    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    static let sums = VisitManifest.Test.Checksums(journal: "j", results: "r")

    /// The visits every event is tried on, by name: a three-test visit in each state it can be in.
    static func visit(_ name: String) throws -> VisitLifeCycle {
        let manifest = VisitManifest.begin(
            participant: "P",
            protocol: VisitProtocol(
                name: "p", tests: [ProtocolTest(test: .clock), ProtocolTest(test: .sdt), ProtocolTest(test: .clock)]),
            facts: .init(name: "p", title: "p", schema: 1, file: "protocol.yaml", source: "p.yaml", sha256: "ab"),
            software: .init(version: "1"), calibration: .init(), at: t0)
        var visit = VisitLifeCycle(new: manifest)
        func go(_ events: Event...) throws { for event in events { _ = try visit.apply(event, at: t0 + 10) } }
        let open0 = Event.open(0, journal: "j0", results: "r0")
        switch name {
        case "not-started": break
        case "running": try go(open0)
        case "between": try go(open0, .end(0, endedBy: .finished, checksums: sums))
        case "complete": try go(.skip(0, reason: "x"), .skip(1, reason: "x"), .skip(2, reason: "x"))
        case "stopped, tests left": try go(open0, .end(0, endedBy: .stopped, checksums: sums))
        case "stopped, none left":
            try go(
                .skip(0, reason: "x"), .skip(1, reason: "x"), .open(2, journal: "j", results: "r"),
                .end(2, endedBy: .stopped, checksums: sums))
        case "aborted, tests left": try go(open0, .abortDuring(0))
        case "aborted, none left":
            try go(.skip(0, reason: "x"), .skip(1, reason: "x"), .open(2, journal: "j", results: "r"), .abortDuring(2))
        case "aborted between": try go(open0, .end(0, endedBy: .finished, checksums: sums), .abortBetween)
        default: Issue.record("no visit \(name)")
        }
        return visit
    }

    static let visits = [
        "not-started", "running", "between", "complete", "stopped, tests left", "stopped, none left",
        "aborted, tests left",
        "aborted, none left", "aborted between",
    ]

    /// Each event, named, at the positions that matter: the next test to take, the running one, another.
    static let events: [(String, Event)] = [
        ("resume", .resume),
        ("open next", .open(-1, journal: "j", results: "r")),
        ("open last", .open(2, journal: "j", results: "r")),
        ("end finished", .end(-2, endedBy: .finished, checksums: sums)),
        ("end moved-on", .end(-2, endedBy: .movedOn, checksums: sums)),
        ("end stopped", .end(-2, endedBy: .stopped, checksums: sums)),
        ("end recovered", .end(-2, endedBy: .recovered, checksums: sums)),
        ("abort during", .abortDuring(-2)),
        ("recover", .recover(-2, checksums: sums)),
        ("forget", .forget(-2)),
        ("skip next", .skip(-1, reason: "tired")),
        ("abort between", .abortBetween),
        ("stop between", .stopBetween),
    ]

    /// What each event does in each visit: the state it leaves (with what the caller does) or nil, refused.
    static let expected: [String: [String: (State, VisitLifeCycle.Action)?]] = [
        "not-started": [
            "open next": (.inProgress, .write), "skip next": (.notStarted, .none),
            "abort between": (.notStarted, .none),
            "stop between": (.notStarted, .none),
        ],
        "running": [
            "end finished": (.inProgress, .write), "end moved-on": (.inProgress, .write),
            "end stopped": (.stopped, .write),
            "abort during": (.aborted, .write), "recover": (.inProgress, .write),
        ],
        "between": [
            "open next": (.inProgress, .write), "skip next": (.inProgress, .write), "abort between": (.aborted, .write),
            "stop between": (.stopped, .write),
        ],
        "complete": [:],
        "stopped, tests left": ["resume": (.inProgress, .write)],
        "stopped, none left": [:],
        "aborted, tests left": ["resume": (.inProgress, .write)],
        "aborted, none left": [:],
        "aborted between": ["resume": (.inProgress, .write)],
    ]

    @Test(arguments: visits)
    func everyEventInEveryState(name: String) throws {
        for (eventName, template) in Self.events {
            var visit = try Self.visit(name)
            let before = visit
            let next = visit.manifest.tests.firstIndex { $0.status == .pending } ?? 0
            let running = visit.manifest.tests.firstIndex { $0.status == .running } ?? 0
            let event: Event =
                switch template {
                case .open(let p, let j, let r): .open(p == -1 ? next : p, journal: j, results: r)
                case .end(_, let by, let c): .end(running, endedBy: by, checksums: c)
                case .abortDuring: .abortDuring(running)
                case .recover(_, let c): .recover(running, checksums: c)
                case .forget: .forget(running)
                case .skip(_, let reason): .skip(next, reason: reason)
                default: template
                }
            let expected = Self.expected[name]?[eventName] ?? nil
            do {
                let action = try visit.apply(event, at: Self.t0 + 100)
                #expect(expected != nil, "\(name): \(eventName) should be refused")
                if let expected {
                    #expect(visit.state == expected.0, "\(name): \(eventName)")
                    #expect(action == expected.1, "\(name): \(eventName)")
                }
                // The manifest on disk always says the state, unless nothing is on disk.
                if visit.state != .notStarted { #expect(visit.manifest.status.rawValue == visit.state.rawValue) }
            } catch {
                #expect(expected == nil, "\(name): \(eventName) was refused: \(error)")
                #expect(visit == before, "a refused event changes nothing")
            }
        }
    }

    /// A rerun resumes a visit with a test left, in whatever state its last run ended; otherwise it is over.
    @Test(arguments: visits.filter { $0 != "not-started" })
    func aRerunResumesOrSaysTheVisitIsOver(name: String) throws {
        let visit = try Self.visit(name)
        let expected: VisitLifeCycle.Rerun =
            switch name {
            case "complete": .over(.complete)
            case "stopped, none left": .over(.stopped)
            case "aborted, none left": .over(.aborted)
            default: .resume
            }
        #expect(VisitLifeCycle.rerun(visit.manifest) == expected)
    }

    /// Who ended a test decides its status: a stop is never `done`.
    @Test(arguments: VisitManifest.Outcome.allCases.filter { $0 != .recovered })
    func aTestsStatusFollowsWhoEndedIt(outcome: VisitManifest.Outcome) throws {
        var visit = try Self.visit("running")
        _ = try visit.apply(.end(0, endedBy: outcome, checksums: Self.sums), at: Self.t0 + 20)
        #expect(visit.manifest.tests[0].status == (outcome == .stopped ? .stopped : .done))
        #expect(visit.manifest.tests[0].outcome == outcome.rawValue)
    }

    /// The visit's start is its first test's start; skips before it, and a resumed run, do not move it.
    @Test func theVisitStartsWithItsFirstTest() throws {
        var visit = VisitLifeCycle(new: try Self.visit("not-started").manifest)
        _ = try visit.apply(.skip(0, reason: "x"), at: Self.t0 + 5)
        _ = try visit.apply(.open(1, journal: "j", results: "r"), at: Self.t0 + 65)
        #expect(visit.manifest.started == VisitFolder.isoTime(Self.t0 + 65))
        _ = try visit.apply(.end(1, endedBy: .stopped, checksums: Self.sums), at: Self.t0 + 120)
        _ = try visit.apply(.resume, at: Self.t0 + 600)
        _ = try visit.apply(.open(2, journal: "j2", results: "r2"), at: Self.t0 + 700)
        #expect(visit.manifest.started == VisitFolder.isoTime(Self.t0 + 65))
    }

    /// A visit of skips alone is written when the last is skipped, started at its first skip.
    @Test func aVisitOfSkipsAloneIsWrittenWhenOver() throws {
        var visit = VisitLifeCycle(new: try Self.visit("not-started").manifest)
        #expect(try visit.apply(.skip(0, reason: "x"), at: Self.t0 + 5) == .none)
        #expect(try visit.apply(.skip(1, reason: "x"), at: Self.t0 + 6) == .none)
        #expect(try visit.apply(.skip(2, reason: "x"), at: Self.t0 + 7) == .write)
        #expect(visit.state == .complete && visit.manifest.started == VisitFolder.isoTime(Self.t0 + 5))
    }
}
