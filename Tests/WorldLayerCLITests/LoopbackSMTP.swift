import Foundation

/// A real SMTP server on loopback (Debian's python3-aiosmtpd) that keeps what it receives in a
/// Maildir, for the tests of the digest's and the server's mail.
final class LoopbackSMTP {
    let port: Int
    let maildir: URL
    private let process = Process()

    init() throws {
        port = try RunningServer.freePort()
        maildir = FileManager.default.temporaryDirectory.appendingPathComponent("wl-maildir-\(UUID().uuidString)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")  // Debian's, which has the package
        process.arguments = ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", maildir.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Every message delivered so far, as received.
    func delivered() -> [String] {
        let new = maildir.appendingPathComponent("new")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: new.path)) ?? []
        return files.compactMap { try? String(contentsOf: new.appendingPathComponent($0), encoding: .utf8) }
    }

    func stop() {
        // SIGKILL: a child of the test process may inherit SIGTERM ignored (aiosmtpd outlived every
        // test run that way).
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: maildir)
    }
}
