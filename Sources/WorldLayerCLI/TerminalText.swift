/// Text from strangers (feedback, e-mail addresses, names) made safe to print to a terminal: an
/// escape sequence in it could retitle the window, hide lines or fake a prompt, so every control
/// character but the line breaks the caller lays out is shown as a visible `\u{…}` escape instead.
enum TerminalText {
    static func safe(_ text: String, keepingNewlines: Bool = false) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if keepingNewlines, scalar == "\n" {
                out.unicodeScalars.append(scalar)
            } else if isControl(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0, DEL and C1 controls, and the bidirectional overrides that reorder what a line shows.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
