// swift-tools-version: 6.1
import PackageDescription

// An app for intentd in its own package, written with IntentSDK: the example of docs/sdk.md.
// In your own package, depend on intentd by URL instead of by path.
let package = Package(
    name: "Greenhouse",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "intentd", path: "../..")
    ],
    targets: [
        .target(name: "Greenhouse", dependencies: [.product(name: "IntentSDK", package: "intentd")]),
        .executableTarget(name: "greenhouse", dependencies: ["Greenhouse", .product(name: "IntentSDK", package: "intentd")]),
        .testTarget(name: "GreenhouseTests", dependencies: ["Greenhouse", .product(name: "IntentSDK", package: "intentd")]),
    ],
    swiftLanguageModes: [.v6]
)
