import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("worldlayer-bench live-subscribers: the live benchmark's load generator")
struct LiveSubscribersToolTests {
    @Test("a hundred subscribers through a real server: each placement reaches every one, and the step is reported once its mark has")
    func oneStep() async throws {
        try await withLiveApplication(.sqlite, configure: { $0.trustedProxies = ["127.0.0.1"] }) { client in
            let api = API(client: client)
            let ada = try await api.signUpAndLogIn("ada")
            let map = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "bench", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude], token: ada)
            let cell = try #require(map.json["cell"] as? String)
            let tool = Process()
            tool.executableURL = CLI.executable("worldlayer-bench")
            tool.arguments = ["live-subscribers", "--urls", "ws://127.0.0.1:\(api.port)/v1/live", "--cell", cell, "--count", "100"]
            let input = Pipe(), output = Pipe(), errors = Pipe()
            (tool.standardInput, tool.standardOutput, tool.standardError) = (input, output, errors)
            try tool.run()
            defer { if tool.isRunning { tool.terminate() } }
            // Ended after two minutes whatever happens, so that the lines read below end too, rather than hang the run.
            DispatchQueue.global().asyncAfter(deadline: .now() + 120) { if tool.isRunning { tool.terminate() } }
            let ready = try await offThePool { errors.fileHandleForReading.readLine() }
            #expect(ready == "ready", "the tool said \(ready ?? "nothing") instead of ready")

            // Step 0: two placements due 50 ms apart from now, then the mark that closes the step.
            let start = Int64(Date().timeIntervalSince1970 * 1e9)
            input.fileHandleForWriting.write(Data("step 0 \(start) 50000000\n".utf8))
            for text in ["live 0 0", "live 0 1", "mark 0"] {
                let id = UUID().text
                #expect(
                    try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(north: 1, text: text), token: ada).status
                        == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            }
            let line = try await offThePool { output.fileHandleForReading.readLine() }
            let report = try #require(
                line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }, "\(line ?? "")")
            #expect(report["step"] as? Int == 0)
            #expect(report["deliveries"] as? Int == 200, "two placements to each of 100 subscribers: \(report)")
            #expect(report["connected"] as? Int == 100)
            #expect((report["p50_ms"] as? Double ?? -1) >= 0)
            try input.fileHandleForWriting.close()
            tool.waitUntilExit()
            #expect(tool.terminationStatus == 0)
        }
    }
}

extension FileHandle {
    /// One line of a child's output, without its newline; nil at its end.
    fileprivate func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
