// Re-exported so `import Storefront2026_04` alone gives `Graph.Client` and the runtime. In a file that imports
// only this module, `Storefront` is the 2026-04 namespace: a module's own declarations shadow those of a module
// it re-exports. A file that also imports `Buy` must qualify (`Storefront2026_04.Storefront`, `Buy.Storefront`)
// or import the namespace it means by name (`import enum Storefront2026_04.Storefront`).
@_exported import Buy
