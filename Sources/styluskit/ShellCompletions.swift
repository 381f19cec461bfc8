import ArgumentParser
import FileLocations
import Foundation
import StylusGeometry

/// What the shells complete for option values that are neither files nor fixed words: display
/// profile names, pen nodes and monitors. swift-argument-parser's scripts call the binary back for
/// these (`.custom`); a path argument is `.file()` or `.directory` instead, so every shell keeps its
/// own filename completion there (and the bash script is registered with `-o default`, see Makefile).
enum ShellCompletions {
    /// The names of the display profiles on the search path (`--display-profile NAME`), or, once the
    /// word looks like a path, nothing, so the shell completes the file instead.
    static let displayProfileNames = CompletionKind.custom { _, _, prefix in
        if prefix.contains("/") || prefix.hasPrefix(".") { return [] }
        let names = (try? CalibrationLookup().displayCatalog().names) ?? []
        return names.filter { $0.hasPrefix(prefix) }
    }

    /// The pen nodes (`--device /dev/input/eventN`): the input nodes whose device reports a pen
    /// tool and absolute X, as sysfs says; every event node when sysfs names no pen.
    static let penNodes = CompletionKind.custom { _, _, prefix in
        let nodes = eventNodes(sysfs: "/sys/class/input")
        let pens = nodes.filter { isPen(sysfs: "/sys/class/input/\($0)/device/capabilities") }
        return (pens.isEmpty ? nodes : pens).map { "/dev/input/\($0)" }.filter { $0.hasPrefix(prefix) }
    }

    /// The connected monitors' connectors (`--output-display DP-1`), as /sys/class/drm names them.
    static let monitors = CompletionKind.custom { _, _, prefix in
        connectedConnectors(drm: "/sys/class/drm").filter { $0.hasPrefix(prefix) }
    }

    /// The `eventN` names under `sysfs`, in number order.
    static func eventNodes(sysfs: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sysfs)) ?? []
        return names.filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }
            .sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }
    }

    /// Whether the device whose `capabilities` folder is `folder` has BTN_TOOL_PEN (key 320) and ABS_X (axis 0).
    static func isPen(sysfs folder: String) -> Bool {
        func bits(_ name: String) -> String {
            (try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? ""
        }
        return hasBit(320, in: bits("key")) && hasBit(0, in: bits("abs"))
    }

    /// Whether `bit` is set in a sysfs capability mask: hexadecimal words of the machine's long,
    /// most significant first, leading zero words left out.
    static func hasBit(_ bit: Int, in mask: String) -> Bool {
        let words = mask.split(whereSeparator: \.isWhitespace).reversed().map { UInt64($0, radix: 16) ?? 0 }
        let (index, offset) = (bit / 64, bit % 64)
        return index < words.count && words[index] & (1 << UInt64(offset)) != 0
    }

    /// The connectors under `drm` (`card0-DP-1`) whose status is `connected`, without the card: `DP-1`.
    static func connectedConnectors(drm: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: drm)) ?? []
        return names.sorted().compactMap { name in
            guard name.hasPrefix("card"), let dash = name.firstIndex(of: "-") else { return nil }
            let status = try? String(contentsOfFile: "\(drm)/\(name)/status", encoding: .utf8)
            guard status?.trimmingCharacters(in: .whitespacesAndNewlines) == "connected" else { return nil }
            return String(name[name.index(after: dash)...])
        }
    }
}
