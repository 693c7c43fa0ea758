// swift-tools-version:6.1
import Foundation
import PackageDescription

// Shoji's benchmarks: a package of their own so that the main package's `swift build` and
// `make test` never build package-benchmark (see DECISIONS.md, Our own code or a package). `make bench` runs them:
//   ShojiFrames   package-benchmark: per animation frame, wall clock, main-thread CPU and
//                 mallocs, p0…p100 per scene (`swift package benchmark`)
//   shoji-bench   one-off figures that are not per-frame samples (`shoji-bench stack-memory 1000 2`,
//                 `shoji-bench text-typing`, `paste-typing`, `field-typing`, `long-word`)
// Shoji is a path dependency on the folder above; a path dependency's identity is its folder's
// name (`shoji` in a clone, `main` or `docs` in a worktree), so it is read from the path.
let shoji = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "ShojiBenchmarks",
    products: [
        .executable(name: "shoji-bench", targets: ["ShojiBench"])
    ],
    dependencies: [
        .package(path: ".."),
        // MallocInterposer counts allocations on Swift 6.3 without jemalloc; naming the trait
        // (not the defaults) also leaves out RuntimeInterposer, whose package is not needed.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"])
    ],
    targets: [
        // The scenes and the frame driver, shared by both executables.
        .target(
            name: "BenchScenes",
            dependencies: [
                .product(name: "Shoji", package: shoji),
                .product(name: "ShojiTerminal", package: shoji),
                .product(name: "ShojiTesting", package: shoji)
            ]
        ),
        .executableTarget(
            name: "ShojiFrames",
            dependencies: ["BenchScenes", .product(name: "Benchmark", package: "package-benchmark")],
            path: "Benchmarks/ShojiFrames",
            // package-benchmark's closures are not Sendable-annotated for Swift 6 mode.
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(name: "ShojiBench", dependencies: ["BenchScenes"])
    ],
    swiftLanguageModes: [.v6]
)
