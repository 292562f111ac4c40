// swift-tools-version: 6.1
import PackageDescription

// The benchmarks are their own package, so the main package carries no benchmark
// dependency and `swift build` at the root does not build them.
//
// Run from this folder:
//     swift package --disable-sandbox benchmark
// (see docs/performance.md for the figures and how to read them).
let package = Package(
    name: "intentd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "intentd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // Deterministic synthetic apps (100 to 10,000 intents) and the utterances run against them.
        .target(
            name: "SyntheticApps",
            dependencies: [
                .product(name: "Phrases", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
            ]
        ),
        // Home Assistant's test sentences and a router per home (../shared/ha), for
        // ha-yardstick and the route benchmark.
        .target(
            name: "HomeAssistantSuite",
            dependencies: [
                .product(name: "Phrases", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
                .product(name: "Routing", package: "intentd"),
            ]
        ),
        .executableTarget(
            name: "MatcherBenchmark",
            dependencies: [
                "SyntheticApps",
                "HomeAssistantSuite",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Phrases", package: "intentd"),
                .product(name: "Routing", package: "intentd"),
                .product(name: "Resolvers", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
            ],
            path: "Benchmarks/MatcherBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // What recording in the history costs (docs/memory.md).
        .executableTarget(
            name: "MemoryBenchmark",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Memory", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
            ],
            path: "Benchmarks/MemoryBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Matches the benchmark utterances once per size and prints what was matched and how
        // long it took; the program to run under `valgrind --tool=callgrind`.
        .executableTarget(
            name: "matcher-probe",
            dependencies: [
                "SyntheticApps",
                .product(name: "Phrases", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
            ]
        ),
        // Writes the synthetic apps as phrase files: `synthetic-apps --intents N --out DIR`.
        .executableTarget(
            name: "synthetic-apps",
            dependencies: ["SyntheticApps"]
        ),
        // Routes a corpus with the demo phrases and prints the time of each stage of Router.route.
        .executableTarget(
            name: "route-probe",
            dependencies: [
                "SyntheticApps",
                .product(name: "Phrases", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
                .product(name: "Resolvers", package: "intentd"),
                .product(name: "Routing", package: "intentd"),
            ]
        ),
        // Home Assistant's test sentences routed with the converted hassil templates, one router
        // per fixture set; writes predictions for run_hassil.py --score (HomeAssistant/README.md).
        .executableTarget(
            name: "ha-yardstick",
            dependencies: [
                "HomeAssistantSuite",
                .product(name: "Phrases", package: "intentd"),
                .product(name: "IntentModel", package: "intentd"),
                .product(name: "Resolvers", package: "intentd"),
                .product(name: "Routing", package: "intentd"),
            ]
        ),
        // Route requests per second over the daemon's socket with 1, 16 and 64 clients.
        .executableTarget(
            name: "socket-bench",
            dependencies: [
                .product(name: "Daemon", package: "intentd"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
