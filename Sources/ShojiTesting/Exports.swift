// A test that imports ShojiTesting programs against the core types too: `import ShojiTesting`
// is enough.
@_exported import Shoji
