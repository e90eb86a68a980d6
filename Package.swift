// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Everything but the app library: the server, the CLI, the benchmarks and the tests. An app that
/// links only `WorldLayerClient` turns it off (`traits: []`) and resolves only what the client needs.
let serverOnly: TargetDependencyCondition? = .when(traits: ["Server"])

let package = Package(
    name: "WorldLayer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "WorldLayerGeo", targets: ["WorldLayerGeo"]),
        .library(name: "WorldLayerCore", targets: ["WorldLayerCore"]),
        .library(name: "WorldLayerStore", targets: ["WorldLayerStore"]),
        .library(name: "WorldLayerRouting", targets: ["WorldLayerRouting"]),
        .library(name: "WorldLayerServer", targets: ["WorldLayerServer"]),
        .library(name: "WorldLayerAPI", targets: ["WorldLayerAPI"]),
        .library(name: "WorldLayerClient", targets: ["WorldLayerClient"]),
        .library(name: "WorldLayerVision", targets: ["WorldLayerVision"]),
        .executable(name: "worldlayer", targets: ["worldlayer"]),
        .executable(name: "worldlayer-bench", targets: ["worldlayer-bench"]),
    ],
    traits: [
        .trait(name: "Server", description: "The server, the CLI, the benchmarks and the tests (on by default)."),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // `swift package generate-documentation --target WorldLayerClient`; built only when asked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure geodesy: no I/O, Foundation only, compiles for iOS unchanged.
        .target(name: "WorldLayerGeo", swiftSettings: swiftSettings),
        // Domain types and rules (pure).
        .target(name: "WorldLayerCore", dependencies: ["WorldLayerGeo"], swiftSettings: swiftSettings),
        // zlib from the system, for OSM PBF blocks.
        .systemLibrary(name: "CSystemZlib"),
        // Linux's epoll, for the live benchmark's subscribers (one thread, 10,000 sockets).
        .systemLibrary(name: "CLinuxEpoll"),
        // OpenStreetMap files (PBF and XML) and what WorldLayer takes from them.
        .target(name: "WorldLayerOSM", dependencies: ["CSystemZlib", "WorldLayerGeo", "WorldLayerCore"], swiftSettings: swiftSettings),
        // Walking graph, routes, steps, AR waypoints, label layout (pure).
        .target(name: "WorldLayerRouting", dependencies: ["WorldLayerGeo", "WorldLayerCore"], swiftSettings: swiftSettings),
        // The API's types and client, generated at build time from the served OpenAPI document.
        .target(
            name: "WorldLayerAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // What apps link: sessions, app-shaped calls, the offline queue, live surroundings, AR placement,
        // beacons. Foundation and URLSession only, so it compiles for iOS unchanged.
        .target(
            name: "WorldLayerClient",
            dependencies: [
                "WorldLayerAPI", "WorldLayerGeo", "WorldLayerCore", "WorldLayerRouting",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        // Image-target recognition on OpenCV (Debian's libopencv-*-dev), behind a C interface.
        // Optimized even in debug builds: the tests recognize real frames.
        .target(
            name: "CWorldLayerVision",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [
                "jpeg", "opencv_core", "opencv_imgproc", "opencv_imgcodecs", "opencv_features2d", "opencv_flann", "opencv_calib3d",
            ].map {
                .linkedLibrary($0)
            }
        ),
        // Swift face of the recognizer: reference images, their quality, indexes, recognitions.
        .target(name: "WorldLayerVision", dependencies: ["CWorldLayerVision", "WorldLayerCore"], swiftSettings: swiftSettings),
        .target(
            name: "WorldLayerStore",
            dependencies: [
                "WorldLayerCore",
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "SQLKit", package: "sql-kit", condition: serverOnly),
                .product(name: "SQLiteKit", package: "sqlite-kit", condition: serverOnly),
                .product(name: "PostgresKit", package: "postgres-kit", condition: serverOnly),
                .product(name: "Crypto", package: "swift-crypto", condition: serverOnly),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: serverOnly),
                .product(name: "Instrumentation", package: "swift-distributed-tracing", condition: serverOnly),
            ],
            swiftSettings: swiftSettings
        ),
        // Traces sent to an OpenTelemetry collector (OTLP/HTTP), behind swift-distributed-tracing's API.
        .target(
            name: "WorldLayerTracing",
            dependencies: [
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: serverOnly),
                .product(name: "Instrumentation", package: "swift-distributed-tracing", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: serverOnly),
            ],
            swiftSettings: swiftSettings
        ),
        // The application layer that the server and the CLI both call: sign-up, the built-in templates.
        .target(
            name: "WorldLayerServices",
            dependencies: [
                "WorldLayerCore",
                "WorldLayerStore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth", condition: serverOnly),
                .product(name: "NIOPosix", package: "swift-nio", condition: serverOnly),
                .product(name: "Crypto", package: "swift-crypto", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "NIOCore", package: "swift-nio", condition: serverOnly),
            ],
            resources: [.copy("Resources/Templates")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WorldLayerServer",
            dependencies: [
                "CSystemZlib",
                "WorldLayerCore",
                "WorldLayerStore",
                "WorldLayerServices",
                "WorldLayerRouting",
                "WorldLayerVision",
                "WorldLayerTracing",
                .product(name: "Hummingbird", package: "hummingbird", condition: serverOnly),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: serverOnly),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: serverOnly),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "Metrics", package: "swift-metrics", condition: serverOnly),
                .product(name: "Prometheus", package: "swift-prometheus", condition: serverOnly),
                .product(name: "Crypto", package: "swift-crypto", condition: serverOnly),
                .product(name: "NIOPosix", package: "swift-nio", condition: serverOnly),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: serverOnly),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: serverOnly),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: serverOnly),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: serverOnly),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: serverOnly),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: serverOnly),
                .product(name: "X509", package: "swift-certificates", condition: serverOnly),
                .product(name: "SwiftASN1", package: "swift-asn1", condition: serverOnly),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: serverOnly),
                .product(name: "Instrumentation", package: "swift-distributed-tracing", condition: serverOnly),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WorldLayerCLI",
            dependencies: [
                "WorldLayerCore",
                "WorldLayerGeo",
                "WorldLayerOSM",
                "WorldLayerRouting",
                "WorldLayerStore",
                "WorldLayerServices",
                "WorldLayerServer",
                "WorldLayerClient",
                "WorldLayerVision",
                "WorldLayerTracing",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: serverOnly),
                .product(name: "Yams", package: "Yams", condition: serverOnly),
                .product(name: "ZIPFoundation", package: "ZIPFoundation", condition: serverOnly),
                .product(name: "NIOCore", package: "swift-nio", condition: serverOnly),
                .product(name: "NIOPosix", package: "swift-nio", condition: serverOnly),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: serverOnly),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: serverOnly),
            ],
            swiftSettings: swiftSettings
        ),
        // The benchmarks' and the walk rehearsal's tool, apart from the product (bench/README.md).
        .executableTarget(
            name: "worldlayer-bench",
            dependencies: [
                "WorldLayerCLI", "WorldLayerCore", "WorldLayerGeo", "WorldLayerRouting", "WorldLayerStore", "WorldLayerServices",
                "WorldLayerServer", "WorldLayerClient", "WorldLayerVision",
                .target(name: "CLinuxEpoll", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: serverOnly),
                // The nearby benchmark's PostGIS peer runs as a statement prepared once per connection;
                // its R*Tree peer reads SQLite's own rows, as WorldLayer's nearby search does.
                .product(name: "PostgresKit", package: "postgres-kit", condition: serverOnly),
                .product(name: "SQLiteKit", package: "sqlite-kit", condition: serverOnly),
                // The R*Tree peer's connections run on a thread pool of the tool's own.
                .product(name: "NIOPosix", package: "swift-nio", condition: serverOnly),
            ],
            path: "Sources/WorldLayerBench",
            swiftSettings: swiftSettings
        ),
        // What the test targets share: scratch databases (both engines), live servers and their one HTTP and live clients, fixtures.
        .target(
            name: "WorldLayerTestSupport",
            dependencies: [
                "WorldLayerStore", "WorldLayerServer", "WorldLayerServices", "WorldLayerOSM", "WorldLayerCore", "WorldLayerClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: serverOnly),
                .product(name: "NIOCore", package: "swift-nio", condition: serverOnly),
                .product(name: "SQLKit", package: "sql-kit", condition: serverOnly),
                .product(name: "Hummingbird", package: "hummingbird", condition: serverOnly),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: serverOnly),
                .product(name: "Crypto", package: "swift-crypto", condition: serverOnly),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "worldlayer", dependencies: ["WorldLayerCLI"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerGeoTests", dependencies: ["WorldLayerGeo"], resources: [.copy("Vectors")], swiftSettings: swiftSettings),
        .testTarget(name: "WorldLayerCoreTests", dependencies: ["WorldLayerCore", "WorldLayerGeo"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerRoutingTests", dependencies: ["WorldLayerRouting", "WorldLayerOSM", "WorldLayerCore", "WorldLayerGeo"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerClientTests",
            dependencies: [
                "WorldLayerClient", "WorldLayerAPI", "WorldLayerServer", "WorldLayerTestSupport", "WorldLayerStore", "WorldLayerGeo",
                "WorldLayerRouting",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: serverOnly),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerVisionTests", dependencies: ["WorldLayerVision", "CWorldLayerVision", "WorldLayerCore"],
            resources: [.copy("RealLens"), .copy("ChanceShapes")], swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerOSMTests", dependencies: ["WorldLayerOSM", "WorldLayerCore", "WorldLayerGeo"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerStoreTests", dependencies: ["WorldLayerStore", "WorldLayerCore", "WorldLayerGeo", "WorldLayerTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WorldLayerServerTests",
            dependencies: [
                "WorldLayerServer",
                "WorldLayerServices",
                "WorldLayerCore",
                "WorldLayerOSM",
                "WorldLayerRouting",
                "WorldLayerTestSupport",
                "WorldLayerVision",
                .product(name: "Crypto", package: "swift-crypto", condition: serverOnly),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: serverOnly),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "Yams", package: "Yams", condition: serverOnly),
            ],
            resources: [.copy("Media")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WorldLayerCLITests",
            dependencies: [
                "worldlayer", "worldlayer-bench", "WorldLayerCLI", "WorldLayerServer", "WorldLayerCore", "WorldLayerGeo",
                "WorldLayerClient", "WorldLayerStore", "WorldLayerTracing",
                "WorldLayerTestSupport",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: serverOnly),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: serverOnly),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: serverOnly),
                .product(name: "Logging", package: "swift-log", condition: serverOnly),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: serverOnly),
            ], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
