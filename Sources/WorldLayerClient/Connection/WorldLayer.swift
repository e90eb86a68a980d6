import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
// An app imports WorldLayerClient alone: the generated types and the geodesy its calls take come with it.
@_exported import WorldLayerAPI
@_exported import WorldLayerGeo

/// A WorldLayer server, as an app talks to it.
///
/// ```swift
/// let world = WorldLayer(server: URL(string: "https://worldlayer.example")!, tokens: FileTokenStore(at: file))
/// try await world.accounts.logIn("ada", password: "correct horse")
/// let id = WorldLayer.newID()
/// try await world.stickers.save(id: id, draft)
/// try await world.stickers.place(id: id)
/// ```
///
/// The app-shaped calls (``accounts``, ``stickers``, ``tours``, ``books``, ``routes``) cover what
/// the seed apps do; ``api`` is every operation of the OpenAPI document, generated from it.
public struct WorldLayer: Sendable {
    public let server: URL
    /// Where the session's token is kept between launches.
    public let tokens: any TokenStore
    /// Every operation the server offers, generated from its OpenAPI document.
    public let api: Client

    /// - Parameters:
    ///   - transport: how requests travel; URLSession unless given.
    ///   - middlewares: run around every request after the token is added (logging, tests' network faults).
    public init(
        server: URL, tokens: any TokenStore = MemoryTokenStore(), transport: (any ClientTransport)? = nil,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.server = server
        self.tokens = tokens
        api = Client(
            serverURL: server, configuration: Configuration(dateTranscoder: WireDates()),
            transport: transport ?? URLSessionTransport(),
            middlewares: [RefusalReader(), BearerToken(tokens: tokens)] + middlewares)
    }

    public var accounts: Accounts { Accounts(world: self) }
    public var stickers: Stickers { Stickers(world: self) }
    public var tours: Tours { Tours(world: self) }
    public var books: Books { Books(world: self) }
    public var routes: Routes { Routes(world: self) }

    /// A new id for something this device creates (a sticker, an account, a question): made here,
    /// so that sending it again after a lost answer is the same thing, not a second one.
    public static func newID() -> String { UUID().uuidString.lowercased() }

    /// Runs a generated call, turning what it throws into a ``WorldLayerError``.
    func perform<T: Sendable>(_ call: () async throws -> T) async throws(WorldLayerError) -> T {
        do {
            return try await call()
        } catch {
            throw WorldLayerError(error)
        }
    }
}

extension WorldLayerError {
    /// What a generated call threw, as one of the three things that can go wrong.
    init(_ error: any Error) {
        switch error {
        case let e as WorldLayerError: self = e
        case let e as ClientError: self = WorldLayerError(e.underlyingError)
        case is DecodingError: self = .unexpectedAnswer(String(describing: error))
        default: self = .unreachable(String(describing: error))
        }
    }

    /// A success status the app-shaped call does not expect (the document and the call disagree).
    static func unexpected(_ output: some Sendable) -> WorldLayerError {
        .unexpectedAnswer(String(describing: output).prefix(300).description)
    }
}
