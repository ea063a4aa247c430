// swift-tools-version:6.0
import PackageDescription

// CommerceKit: client SDK modules for five commerce systems plus one local sandbox that emulates their back ends.
// Client modules depend on CommerceCore only (and swift-crypto where they hash); server libraries stay in the sandbox
// targets (SandboxCore, one <Service>Sandbox target per emulated back end, and CommerceSandbox, which assembles them).
/// The test target of one sandbox service, `Tests/<service>SandboxTests`: its own service target, the core, the
/// assembled sandbox (the tests start whole sandboxes), the shared helpers and the outside products it imports; never
/// another service's target.
func sandboxServiceTests(_ service: String, _ products: [Target.Dependency]) -> Target {
    .testTarget(
        name: "\(service)SandboxTests",
        dependencies: [
            .target(name: "\(service)Sandbox"), "CommerceSandbox", "SandboxCore", "SandboxTestSupport", "CommerceCore",
            "CommerceTestSupport",
        ] + products)
}

let package = Package(
    name: "CommerceKit",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .library(name: "CommerceCore", targets: ["CommerceCore"]),
        .library(name: "ButtonMerchant", targets: ["ButtonMerchant"]),
        .library(name: "ButtonOrders", targets: ["ButtonOrders"]),
        .library(name: "ATHMovilCheckout", targets: ["ATHMovilCheckout"]),
        .library(name: "PaytronixPush", targets: ["PaytronixPush"]),
        .library(name: "Buy", targets: ["Buy"]),
        .library(name: "Storefront2026_04", targets: ["Storefront2026_04"]),
        .library(name: "Pay", targets: ["Pay"]),
        .library(name: "CommerceSandbox", targets: ["CommerceSandbox"]),
        .library(name: "CommerceTesting", targets: ["CommerceTesting"]),
        .library(name: "CommerceSandboxTesting", targets: ["CommerceSandboxTesting"]),
        .library(name: "RezolveSDK", targets: ["RezolveSDK"]),
        .library(name: "RezolvePartnerServer", targets: ["RezolvePartnerServer"]),
        .executable(name: "commercekit", targets: ["commercekit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // Adds `swift package generate-documentation` for the DocC catalogs; no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CommerceCore",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // Test doubles for apps' own tests as well as ours: an in-memory transport and a hand-moved clock.
        .target(name: "CommerceTesting", dependencies: ["CommerceCore"]),
        .target(name: "ButtonMerchant", dependencies: ["CommerceCore"]),
        .target(name: "ButtonOrders", dependencies: ["CommerceCore"]),
        .target(name: "ATHMovilCheckout", dependencies: ["CommerceCore"]),
        .target(name: "PaytronixPush", dependencies: ["CommerceCore"]),
        .target(name: "Buy", dependencies: ["CommerceCore", .product(name: "Logging", package: "swift-log")]),
        // Storefront API 2026-04 models (generated, `Storefront` namespace) on Buy's runtime and Graph.Client.
        .target(name: "Storefront2026_04", dependencies: ["Buy", "CommerceCore"]),
        .target(
            name: "RezolveSDK",
            dependencies: [
                "CommerceCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(
            name: "RezolvePartnerServer",
            dependencies: [
                "CommerceCore", "RezolveSDK",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Apple Pay models and session; like the original, no dependency on Buy.
        .target(name: "Pay", dependencies: ["CommerceCore", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "StorefrontCodegen",
            dependencies: [
                "CommerceCore",
                .product(name: "GraphQL", package: "GraphQL"),
            ]),
        // The sandbox: a core with no vendor knowledge (requests, routing, control plane, database), one target per
        // emulated service (each depends on SandboxCore only, never on another service), and CommerceSandbox, the
        // product users import, which assembles them with the console and OpenAPI documents. Cross-target
        // internals are `package`; only what a user of the product calls is `public`.
        .target(
            name: "SandboxCore",
            dependencies: [
                "CommerceCore", "CommerceTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]),
        .target(
            name: "ButtonSandbox",
            dependencies: [
                "SandboxCore", "CommerceCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "ATHMovilSandbox",
            dependencies: [
                "SandboxCore", "CommerceCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "PaytronixSandbox",
            dependencies: [
                "SandboxCore", "CommerceCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        .target(
            name: "StorefrontSandbox",
            dependencies: [
                "SandboxCore", "CommerceCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GraphQL", package: "GraphQL"),
            ], resources: [.copy("Resources")]),
        .target(
            name: "RezolveSandbox",
            dependencies: [
                "SandboxCore", "CommerceCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]),
        .target(
            name: "CommerceSandbox",
            dependencies: [
                "SandboxCore", "ButtonSandbox", "ATHMovilSandbox", "PaytronixSandbox", "StorefrontSandbox",
                "RezolveSandbox", "CommerceCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ], resources: [.copy("Console/Assets"), .copy("OpenAPI/Documents")]),
        // The `.sandboxSession` Swift Testing trait. Its own target because it imports Testing (from the toolchain;
        // there is no package to depend on), which must never be linked into the libraries above, the CLI or an app.
        .target(name: "CommerceSandboxTesting", dependencies: ["CommerceSandbox", "CommerceTesting"]),
        .executableTarget(
            name: "commercekit",
            dependencies: [
                "CommerceSandbox", "PaytronixSandbox", "CommerceCore", "ButtonMerchant", "ButtonOrders",
                "StorefrontCodegen", "RezolvePartnerServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "CommerceBenchmarks",
            dependencies: [
                "CommerceSandbox", "RezolveSandbox", "ButtonOrders", "Buy", "CommerceCore", "CommerceTesting",
                "RezolveSDK",
            ], path: "Benchmarks/Sources/CommerceBenchmarks"),
        // One harness per parser of outside data, and the libFuzzer driver / corpus replayer (scripts/fuzz.sh).
        .target(
            name: "CommerceFuzzHarness",
            dependencies: [
                "CommerceCore", "Buy", "RezolveSDK", "RezolvePartnerServer", "SandboxCore", "ATHMovilSandbox",
                "PaytronixSandbox", "RezolveSandbox", "StorefrontSandbox",
                .product(name: "Crypto", package: "swift-crypto"),
            ], path: "Fuzz/Sources/CommerceFuzzHarness"),
        .target(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"),
        .executableTarget(
            name: "CommerceFuzz", dependencies: ["CommerceFuzzHarness", "CLibFuzzer"], path: "Fuzz/Sources/CommerceFuzz"
        ),

        // Helpers more than one test target needs (never a product).
        .target(name: "CommerceTestSupport", dependencies: ["Buy", "Pay"], path: "Tests/CommerceTestSupport"),
        .testTarget(
            name: "CommerceCoreTests", dependencies: ["CommerceCore", "CommerceTesting", "CommerceTestSupport"]),
        .testTarget(name: "CommerceTestSupportTests", dependencies: ["CommerceTestSupport"]),
        .testTarget(
            name: "ButtonMerchantTests",
            dependencies: ["ButtonMerchant", "CommerceCore", "CommerceTesting", "CommerceTestSupport"]),
        .testTarget(
            name: "ButtonOrdersTests",
            dependencies: ["ButtonOrders", "CommerceCore", "CommerceTesting", "CommerceTestSupport"]),
        .testTarget(
            name: "ATHMovilCheckoutTests",
            dependencies: ["ATHMovilCheckout", "CommerceCore", "CommerceTesting", "CommerceTestSupport"]),
        .testTarget(name: "PaytronixPushTests", dependencies: ["PaytronixPush", "CommerceCore", "CommerceTesting"]),
        .testTarget(
            name: "BuyTests",
            dependencies: ["Buy", "Pay", "CommerceCore", "CommerceTestSupport", "CommerceTesting", "StorefrontCodegen"]),
        .testTarget(
            name: "Storefront2026_04Tests",
            dependencies: ["Storefront2026_04", "Buy", "CommerceCore", "CommerceTesting", "CommerceTestSupport"]),
        .testTarget(name: "PayTests", dependencies: ["Pay"]),
        .testTarget(
            name: "RezolveSDKTests",
            dependencies: [
                "RezolveSDK", "CommerceCore", "CommerceTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "RezolvePartnerServerTests",
            dependencies: ["RezolvePartnerServer", "RezolveSDK", "CommerceCore", "CommerceTesting"]),
        // The sandbox's tests: one target per service (each depends on its own service target, never another's) and
        // CommerceSandboxTests for the core, the console, the OpenAPI documents, sessions and anything that needs two
        // services at once. All of them start whole sandboxes through CommerceSandbox.
        // Helpers more than one of them needs (the in-process router rig); `@testable import`s the sandbox, so debug
        // builds only, as `swift test` builds (never a product).
        .target(
            name: "SandboxTestSupport",
            dependencies: [
                "CommerceSandbox", "SandboxCore", "CommerceCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ], path: "Tests/SandboxTestSupport"),
        .testTarget(
            name: "CommerceSandboxTests",
            dependencies: [
                "CommerceSandbox", "SandboxCore", "StorefrontSandbox", "CommerceCore", "CommerceTestSupport",
                "SandboxTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        sandboxServiceTests("Button", [.product(name: "GRDB", package: "GRDB.swift")]),
        sandboxServiceTests("ATHMovil", [.product(name: "GRDB", package: "GRDB.swift")]),
        sandboxServiceTests(
            "Paytronix",
            [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")]),
        sandboxServiceTests(
            "Storefront",
            [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GraphQL", package: "GraphQL")]),
        sandboxServiceTests(
            "Rezolve",
            [
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // Code written as the vendors' documents write it, from plain classes and completion closures. The same
        // Samples folder is compiled in Swift 6 mode here and, through a symbolic link, in Swift 5 mode below, so an
        // isolation or conformance change that breaks document-shaped code fails the build.
        .testTarget(
            name: "SeedCodeTests",
            dependencies: [
                "ButtonMerchant", "ButtonOrders", "ATHMovilCheckout", "PaytronixPush", "Buy", "Pay", "RezolveSDK",
                "RezolvePartnerServer", "CommerceCore", "CommerceTesting", "CommerceSandbox", "CommerceTestSupport",
            ]),
        .testTarget(
            name: "SeedCodeSwift5Tests",
            dependencies: [
                "ButtonMerchant", "ButtonOrders", "ATHMovilCheckout", "PaytronixPush", "Buy", "Pay", "RezolveSDK",
                "RezolvePartnerServer", "CommerceCore", "CommerceTesting",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "CommerceFuzzTests", dependencies: ["CommerceFuzzHarness"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "CommerceSandbox", "PaytronixSandbox", "CommerceCore", "CommerceTesting", "ButtonMerchant",
                "ButtonOrders", "ATHMovilCheckout", "PaytronixPush", "Buy", "CommerceTestSupport",
                "RezolveSDK", "RezolvePartnerServer", "Pay", "CommerceSandboxTesting", "Storefront2026_04",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
