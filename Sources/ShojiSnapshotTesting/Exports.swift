// `import ShojiSnapshotTesting` is enough for a snapshot test: it brings the headless kit
// (`Pilot`, and through it `Shoji`) and swift-snapshot-testing's `assertSnapshot`.
@_exported import ShojiTesting
@_exported import SnapshotTesting
