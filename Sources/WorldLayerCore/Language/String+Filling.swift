extension String {
    /// The text with each `{key}` replaced by its value, in one pass: a value's own braces stay as they are.
    public func filling(_ values: [String: String]) -> String {
        var text = ""
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            text += values[key] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }
}
