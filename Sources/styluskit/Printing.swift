import Foundation
import Reports

extension CommandReport {
    /// Prints the report as text or JSON; on standard error when standard output carries `--events` lines.
    func print(json: Bool, toStandardError: Bool = false) {
        let text = json ? self.json : self.text
        if toStandardError {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            Swift.print(text)
        }
    }
}
