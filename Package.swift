// swift-tools-version:6.0
import PackageDescription

// Layers (see ../shared/ARCHITECTURE.md and DECISIONS.md):
//   Shoji (pure Swift core) <- ShojiTerminal (ncursesw + libtermkey) <- shoji-demo
//   Shoji <- ShojiTesting (headless kit) <- tests
let package = Package(
    name: "Shoji",
    products: [
        .library(name: "Shoji", targets: ["Shoji"]),
        .library(name: "ShojiTerminal", targets: ["ShojiTerminal"]),
        .library(name: "ShojiTesting", targets: ["ShojiTesting"]),
        .executable(name: "shoji-demo", targets: ["ShojiDemo"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CTermKey",
            path: "Sources/CTermKey",
            pkgConfig: "termkey",
            providers: [.apt(["libtermkey-dev"])]
        ),
        // Async-signal-safe handlers: a signal handler must not run Swift code (see DECISIONS.md).
        .target(name: "CTerminalSignals", path: "Sources/CTerminalSignals"),
        .target(name: "Shoji", path: "Sources/Shoji"),
        .target(
            name: "ShojiTerminal",
            dependencies: ["Shoji", "CNcursesw", "CTermKey", "CTerminalSignals"],
            path: "Sources/ShojiTerminal"
        ),
        .target(name: "ShojiTesting", dependencies: ["Shoji"], path: "Sources/ShojiTesting"),
        .executableTarget(
            name: "ShojiDemo",
            dependencies: ["Shoji", "ShojiTerminal"],
            path: "Sources/ShojiDemo"
        ),
        .testTarget(name: "ShojiTests", dependencies: ["Shoji", "ShojiTesting"]),
        .testTarget(name: "ShojiTerminalTests", dependencies: ["Shoji", "ShojiTerminal"]),
        // Depends on the demo so that `swift test` builds the binary it drives in tmux.
        .testTarget(name: "EndToEndTests", dependencies: ["ShojiDemo"]),
    ],
    swiftLanguageModes: [.v6]
)
