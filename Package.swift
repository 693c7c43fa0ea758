// swift-tools-version:6.0
import PackageDescription

// Layers (see ../shared/ARCHITECTURE.md and DECISIONS.md):
//   Shoji (pure Swift core) <- ShojiTerminalCore (frame writer, capability table, input sanitizer: no C)
//     <- ShojiTerminal (ncursesw + libtermkey + dispatch's main queue) <- shoji-demo
//   Shoji, ShojiLogging <- ShojiDemoKit (the demo's testable code) <- shoji-demo
//   Shoji <- ShojiTesting (headless kit) <- tests
//   ShojiTesting, SnapshotTesting <- ShojiSnapshotTesting (screen snapshots; opt-in product) <- tests
//   ShojiTesting <- TestSupport (Shoji's own test helpers, not a product) <- tests
//   Shoji <- ShojiLogging (swift-log lifecycle logger; kept out of the dependency-free core)
//   ShojiTerminal <- ShojiSSH (an SSH server on swift-nio-ssh; each session a TerminalConnection)
// The benchmarks are a package of their own, `Benchmarks/` (`make bench`), so that this
// package's build and `make test` never build package-benchmark.
let package = Package(
    name: "Shoji",
    products: [
        .library(name: "Shoji", targets: ["Shoji"]),
        .library(name: "ShojiTerminal", targets: ["ShojiTerminal"]),
        .library(name: "ShojiTesting", targets: ["ShojiTesting"]),
        // Opt-in, so that ShojiTesting alone brings no dependency: strategies for pointfreeco's
        // swift-snapshot-testing (its SnapshotTesting library only, which needs no swift-syntax).
        .library(name: "ShojiSnapshotTesting", targets: ["ShojiSnapshotTesting"]),
        .library(name: "ShojiLogging", targets: ["ShojiLogging"]),
        // Opt-in: serving apps over SSH brings SwiftNIO, swift-nio-ssh and swift-crypto, which
        // apps that never serve do not build.
        .library(name: "ShojiSSH", targets: ["ShojiSSH"]),
        .executable(name: "shoji-demo", targets: ["ShojiDemo"]),
        // `shoji-demo --ssh` runs this one beside it (as git runs git-NAME): the SSH server links
        // SwiftNIO, swift-crypto and Foundation, which the demo itself need not load.
        .executable(name: "shoji-demo-ssh", targets: ["ShojiDemoSSH"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `make docs`: the DocC catalogs of Shoji and ShojiTesting (a command plugin: nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Property tests that shrink failing sequences; tests only (in TestSupport, no product).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Screen snapshots (ShojiSnapshotTesting). Resolving it also fetches swift-syntax and
        // swift-custom-dump, which only its other libraries use: neither is built here.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // ShojiSSH: the SSH protocol (swift-nio-ssh on SwiftNIO), the host key (swift-crypto),
        // a clean shutdown on SIGTERM (swift-service-lifecycle). See DECISIONS.md, Serving over SSH.
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0")
    ],
    targets: [
        // No pkgConfig: SwiftPM would drop ncursesw's -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 with a
        // "prohibited flag(s)" warning on every build. The modulemap links ncursesw itself and
        // the shim asks for the wide-character API (NCURSES_WIDECHAR), which is all those flags gave.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
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
        // libdispatch's main-queue hooks, so the terminal loop serves the main actor (DECISIONS.md).
        .target(name: "CMainQueue", path: "Sources/CMainQueue", linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "Shoji", path: "Sources/Shoji"),
        // The terminal layer's plain Swift: the frame writer, the capability table (read from
        // terminfo once, by ShojiTerminal), colours and the input sanitizer. No C module, so it
        // is tested without a terminal and serves any backend (DECISIONS.md, Terminal).
        .target(name: "ShojiTerminalCore", dependencies: ["Shoji"], path: "Sources/ShojiTerminalCore"),
        .target(
            name: "ShojiTerminal",
            dependencies: ["Shoji", "ShojiTerminalCore", "CNcursesw", "CTermKey", "CTerminalSignals", "CMainQueue"],
            path: "Sources/ShojiTerminal"
        ),
        .target(name: "ShojiTesting", dependencies: ["Shoji"], path: "Sources/ShojiTesting"),
        .target(
            name: "ShojiSnapshotTesting",
            dependencies: ["ShojiTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            path: "Sources/ShojiSnapshotTesting"
        ),
        .target(
            name: "ShojiLogging",
            dependencies: ["Shoji", .product(name: "Logging", package: "swift-log")],
            path: "Sources/ShojiLogging"
        ),
        // An SSH server for Shoji apps: each session a `TerminalConnection` in one process.
        .target(
            name: "ShojiSSH",
            dependencies: [
                "Shoji", "ShojiTerminal",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log")
            ],
            path: "Sources/ShojiSSH"
        ),
        // The demo's testable code (menu file, options, panes, log writer); the executable is
        // only `main.swift`, so `ShojiDemoTests` can `@testable import` everything else.
        .target(
            name: "ShojiDemoKit",
            dependencies: ["Shoji", "ShojiLogging"],
            path: "Sources/ShojiDemoKit"
        ),
        // Release builds link the Swift libraries statically (what `--static-swift-stdlib` does,
        // but for every release build, so `make test`'s and the benchmark's are one build): no
        // shared Swift libraries to load and bind at start-up. Linked by lld (the toolchain's) with
        // packed relative relocations and no exported symbols: the loader then reads a few KB of
        // relocations instead of 0.7 MB, and no symbol table is searched (DECISIONS.md, Demo).
        .executableTarget(
            name: "ShojiDemo",
            dependencies: ["Shoji", "ShojiTerminal", "ShojiDemoKit"],
            path: "Sources/ShojiDemo",
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker", "--no-export-dynamic"
                    ],
                    .when(configuration: .release))
            ]
        ),
        // The demo served over SSH (`shoji-demo --ssh` execs it): its own binary, so the demo's
        // start-up and size do not carry the SSH stack (DECISIONS.md, Serving over SSH).
        .executableTarget(
            name: "ShojiDemoSSH",
            dependencies: ["Shoji", "ShojiDemoKit", "ShojiSSH"],
            path: "Sources/ShojiDemoSSH"
        ),
        // Test helpers shared by Shoji's own test targets, not a product: the property tests'
        // runner on swift-property-based (random step sequences, shrinking, replay by seed) and
        // the steps they share, the held-back event recorder, and `TerminalModel` (an xterm-like
        // terminal the backend's and the end-to-end tests feed bytes to and read cells from).
        .target(
            name: "TestSupport",
            dependencies: [
                "Shoji", "ShojiTesting", .product(name: "PropertyBased", package: "swift-property-based")
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ShojiTests",
            dependencies: [
                "Shoji", "ShojiTesting", "ShojiSnapshotTesting", "ShojiLogging", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log")
            ],
            // swift-snapshot-testing's references, read from the source tree, not resources.
            exclude: [
                "Containers/OverlayMenu/__Snapshots__", "Core/Presentation/__Snapshots__",
                "Core/Views/Rows/__Snapshots__", "Testing/__Snapshots__"
            ]
        ),
        .testTarget(
            name: "ShojiTerminalTests",
            dependencies: ["Shoji", "ShojiTerminal", "ShojiTerminalCore", "ShojiTesting", "TestSupport"]),
        .testTarget(
            name: "ShojiSSHTests",
            dependencies: [
                "Shoji", "ShojiSSH", "ShojiTerminal", "TestSupport",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log")
            ]),
        // The core's tests: hand-made capability tables, no ncurses or libtermkey linked.
        .testTarget(
            name: "ShojiTerminalCoreTests", dependencies: ["Shoji", "ShojiTerminalCore", "ShojiTesting", "TestSupport"]),
        // ShojiTerminal for its KeyDecoder: the input flood test decodes real bytes for the demo.
        .testTarget(
            name: "ShojiDemoTests",
            dependencies: ["Shoji", "ShojiTesting", "ShojiDemoKit", "ShojiTerminal", "TestSupport"]
        ),
        // Examples/: small apps to copy, each with its headless test, built and run by `make test`
        // so they cannot rot. Hello is the README's minimal app (HelloShojiTests also checks that
        // the README shows exactly its files).
        .executableTarget(name: "HelloShoji", dependencies: ["Shoji", "ShojiTerminal"], path: "Examples/Hello/App"),
        .testTarget(
            name: "HelloShojiTests", dependencies: ["HelloShoji", "ShojiTesting"], path: "Examples/Hello/Tests"),
        .executableTarget(name: "InboxExample", dependencies: ["Shoji", "ShojiTerminal"], path: "Examples/Inbox/App"),
        // The inbox's test also records screen snapshots (ShojiSnapshotTesting), beside the test.
        .testTarget(
            name: "InboxExampleTests", dependencies: ["InboxExample", "ShojiSnapshotTesting"],
            path: "Examples/Inbox/Tests", exclude: ["__Snapshots__"]),
        .executableTarget(name: "TabsExample", dependencies: ["Shoji", "ShojiTerminal"], path: "Examples/Tabs/App"),
        .testTarget(
            name: "TabsExampleTests", dependencies: ["TabsExample", "ShojiTesting"], path: "Examples/Tabs/Tests"),
        .executableTarget(
            name: "SettingsExample", dependencies: ["Shoji", "ShojiTerminal"], path: "Examples/Settings/App"),
        .testTarget(
            name: "SettingsExampleTests", dependencies: ["SettingsExample", "ShojiTesting"],
            path: "Examples/Settings/Tests"),
        // A tiny app that writes to stderr and traps on demand, for the terminal-hygiene tests.
        .executableTarget(
            name: "ShojiTerminalProbe", dependencies: ["Shoji", "ShojiTerminal"], path: "Sources/ShojiTerminalProbe"),
        // Depends on the binaries it drives in tmux, so that `swift test` builds them, and on the
        // terminal backend, whose frames it also shows in tmux.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ShojiDemo", "ShojiDemoSSH", "ShojiTerminalProbe", "Shoji", "ShojiTerminal", "ShojiTerminalCore",
                "ShojiTesting",
                "TestSupport"
            ])
    ],
    swiftLanguageModes: [.v6]
)
