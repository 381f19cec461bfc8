import ADF
import Foundation
import Testing

/// A FIFO planted as a results file is refused before it is opened (issue 34, item 5): opening it would wait
/// for a writer for ever (`report` hung on one).
@Suite struct SpecialFileTests {
    @Test("A FIFO named as a results file is refused at once, saying what it is", .timeLimit(.minutes(1)))
    func fifoRefused() throws {
        let directory = NSTemporaryDirectory() + "adf-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/clock.csk"
        try #require(mkfifo(fifo, 0o600) == 0)
        do {
            _ = try ADFReader.readValidated(path: fifo)
            Issue.record("a FIFO was read as a results file")
        } catch {
            #expect("\(error)".contains("it is a FIFO (named pipe), not a file"), "\(error)")
        }
    }
}
