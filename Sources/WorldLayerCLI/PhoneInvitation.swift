import Foundation

/// What `serve --tls-local` prints so a person can open the demo on their phone without a manual:
/// the https address on the network, as text and as a QR code (Debian's `qrencode`), and where to
/// trust this machine's certificate authority first.
enum PhoneInvitation {
    static func print(host: String, port: Int, addresses: [String], fingerprint: String?) {
        let lan = addresses.filter { $0 != "localhost" && !$0.hasPrefix("127.") }
        let reachable = host == "0.0.0.0" || host == "::" ? lan.first : (host == "127.0.0.1" || host == "localhost" ? nil : host)
        let url = "https://\(reachable ?? "localhost"):\(port)"
        var lines = ["", "WorldLayer is serving \(url)"]
        if reachable == nil {
            lines.append("Only this machine can reach it: start with --host 0.0.0.0 (make run HOST=0.0.0.0) for phones on the network.")
        } else {
            lines.append("On a phone on the same network: scan the code, open \(url)/trust once to trust this machine, then \(url).")
        }
        if let fingerprint { lines.append("The certificate authority's SHA-256 fingerprint, to check on the phone: \(fingerprint)") }
        Swift.print(lines.joined(separator: "\n"))
        if reachable != nil, let code = qrCode(url) { Swift.print(code) }
        fflush(nil)  // all streams: the server logs next
    }

    /// The code drawn with block characters, or nil when `qrencode` is not installed.
    static func qrCode(_ text: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["qrencode", "-t", "ANSIUTF8", "-m", "2", text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
