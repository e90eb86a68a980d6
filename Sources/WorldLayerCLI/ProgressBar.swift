import Foundation

/// A one-line progress bar on standard error, redrawn only when the shown percentage changes.
/// Unchecked: each bar is driven by one task at a time (an import reports from its one loop).
package final class ProgressBar: @unchecked Sendable {
    private let label: String
    private var shown = -1
    private let interactive = isatty(STDERR_FILENO) != 0
    private let quiet: Bool

    package init(label: String, quiet: Bool = false) {
        self.label = label
        self.quiet = quiet
    }

    package func update(_ done: Int, of total: Int) {
        guard !quiet else { return }
        let percent = total > 0 ? min(100, done * 100 / total) : 0
        guard percent != shown else { return }
        shown = percent
        // When stderr is a file or a pipe, print a line per 10 % instead of redrawing.
        if interactive {
            let filled = percent / 4
            FileHandle.standardError.write(
                Data("\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 25 - filled))] \(percent)%".utf8))
        } else if percent % 10 == 0 {
            FileHandle.standardError.write(Data("\(label) \(percent)%\n".utf8))
        }
    }

    package func finish() {
        if interactive, shown >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
