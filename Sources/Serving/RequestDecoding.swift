public import Foundation
import Hummingbird
import Scoring

/// The parts of a request the server decodes itself, over raw bytes, for the fuzzer (ROBUSTNESS.md, issue 34).
///
/// Hummingbird and NIO parse the HTTP itself; what the server then makes of a request is its own code: the
/// `?path=` name resolved inside the served folders, a POST's body as a JSON object and a rater's marks, and
/// the token and Origin checks. Each must give a value or a 4xx with words, never trap or hang.
public enum RequestDecoding {
    /// Decodes `name` as a `?path=` value against `folders`, `body` as a POST's JSON body and, when it is an
    /// object, as a rater's marks on `results` (a file of the served folders); `header` as a token and an
    /// Origin. Returns the words of every refusal, so that a caller can hold each to having some.
    public static func refusals(
        path name: String, body: Data, header: String, folders: ServedFolders, results: String
    ) -> [String] {
        var words: [String] = []
        func refused(_ error: any Error) {
            words.append((error as? HTTPError)?.body ?? "\(error)")
        }
        do {
            _ = try ResultsServer.resolving { try folders.resolve(name) }
        } catch {
            refused(error)
        }
        do {
            _ = try ResultsServer.resolving { try folders.resolve(name, folder: true) }
        } catch {
            refused(error)
        }
        do {
            let object = try ResultsServer.jsonObject(bytes: body)
            _ = try ScoringPages.record(
                from: object, results: results, system: .rouleau, sha256: String(repeating: "0", count: 64),
                now: Date(timeIntervalSince1970: 0))
        } catch {
            refused(error)
        }
        _ = AccessCheck<BasicRequestContext>.same(header, String(repeating: "a", count: 48))
        _ = AccessCheck<BasicRequestContext>.isLoopback(host: header)
        return words
    }
}
