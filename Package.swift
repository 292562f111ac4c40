// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "intentd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "intentd", targets: ["intentd"]),
        .library(name: "IntentModel", targets: ["IntentModel"]),
        .library(name: "Phrases", targets: ["Phrases"]),
        .library(name: "Resolvers", targets: ["Resolvers"]),
        .library(name: "Routing", targets: ["Routing"]),
        .library(name: "Wire", targets: ["Wire"]),
        .library(name: "Memory", targets: ["Memory"]),
        .library(name: "Daemon", targets: ["Daemon"]),
        .library(name: "IntentSDK", targets: ["IntentSDK"]),
        .executable(name: "demo-apps", targets: ["demo-apps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        .target(name: "IntentModel"),
        .target(
            name: "Phrases",
            dependencies: ["IntentModel", .product(name: "Yams", package: "Yams")],
            // The CMU Pronouncing Dictionary (its licence beside it) and the calibrated phone costs.
            resources: [.copy("Sounds/Resources")]
        ),
        .target(name: "Resolvers", dependencies: ["IntentModel"]),
        .target(name: "Routing", dependencies: ["IntentModel", "Phrases", "Resolvers"]),
        .target(name: "Wire", dependencies: ["IntentModel"]),
        // The history, donations and undo journal, in SQLite (docs/memory.md).
        .target(name: "Memory", dependencies: ["IntentModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "Daemon",
            dependencies: [
                "IntentModel", "Phrases", "Resolvers", "Routing", "Wire", "Memory",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "IntentSDK",
            dependencies: [
                "IntentModel", "Wire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DemoApps", dependencies: ["IntentSDK", "IntentModel"], path: "Examples/DemoApps"),
        .executableTarget(
            name: "demo-apps",
            dependencies: [
                "DemoApps", "IntentSDK", "Wire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/demo-apps"
        ),
        .target(name: "IntentTesting", dependencies: ["IntentModel", "Phrases", "Routing"]),
        // GNU readline for `intentd repl` (Debian: libreadline-dev; .ci/run installs it).
        .systemLibrary(
            name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // PAM, opened at run time, for the REPL's check that the person typing is the device's
        // user (docs/protocol.md, "Authentication"): nothing to install to build.
        .target(name: "CDeviceCheck", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(
            name: "intentd",
            dependencies: [
                "IntentModel", "Phrases", "Resolvers", "Routing", "Wire", "Daemon", "IntentSDK", "DemoApps", "CReadline", "Memory",
                "CDeviceCheck",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Each test target names every module it imports: one reached only through another
        // (Routing through IntentTesting) is not rebuilt against when it changes, and a stale
        // copy of a changed struct's layout crashes the tests.
        .testTarget(name: "IntentModelTests", dependencies: ["IntentModel", "IntentTesting"]),
        .testTarget(name: "PhrasesTests", dependencies: ["Phrases", "Routing", "IntentModel", "IntentTesting"]),
        .testTarget(name: "ResolversTests", dependencies: ["Resolvers", "IntentModel", "IntentTesting"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "Phrases", "Resolvers", "IntentModel", "IntentTesting", "Wire"]),
        .testTarget(
            name: "MemoryTests", dependencies: ["Memory", "IntentModel", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "IntentModel", "IntentTesting"]),
        .testTarget(
            name: "DaemonTests",
            dependencies: [
                "Daemon", "Wire", "Routing", "Phrases", "IntentModel", "IntentTesting", "IntentSDK",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "IntentSDKTests",
            dependencies: ["IntentSDK", "DemoApps", "IntentTesting", "IntentModel", "Phrases", "Routing", "Wire", "Daemon"]
        ),
        .testTarget(
            name: "intentdTests", dependencies: ["IntentTesting", "IntentModel", "Wire", "Daemon", "Memory", "Routing"],
            exclude: ["Scripts", "Transcripts"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/README.md): declared only when INTENTD_FUZZ is set, because
// they link libFuzzer's driver, which only a `-sanitize=fuzzer` build has. `Fuzz/run` sets it.
if Context.environment["INTENTD_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "intentd-fuzz",
            dependencies: ["IntentModel", "Phrases", "Resolvers", "Routing", "Wire", "Daemon", "IntentTesting"],
            path: "Fuzz/Sources/intentd-fuzz"))
}
