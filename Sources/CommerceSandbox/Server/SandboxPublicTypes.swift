import SandboxCore

// What a user of the product names, from SandboxCore (an internal target of the package): options to start a
// sandbox with, and what `Sandbox.context` offers a test (the clock, fault rules, the request journal).

/// How a sandbox instance is started (see ``Sandbox/start(_:logger:)``).
public typealias SandboxOptions = SandboxCore.SandboxOptions
/// What every emulated back end of a running sandbox shares (``Sandbox/context``).
public typealias SandboxContext = SandboxCore.SandboxContext
/// The sandbox's clock, which tests move (``SandboxContext/clock``).
public typealias SandboxClock = SandboxCore.SandboxClock
/// The fault rules of a running sandbox (``SandboxContext/faults``).
public typealias FaultInjector = SandboxCore.FaultInjector
/// One injected fault.
public typealias FaultRule = SandboxCore.FaultRule
/// Which paths a fault rule or a journal filter matches.
public typealias PathPattern = SandboxCore.PathPattern
/// The recorded exchanges of a running sandbox (``SandboxContext/journal``).
public typealias RequestJournal = SandboxCore.RequestJournal
/// One recorded exchange.
public typealias JournalEntry = SandboxCore.JournalEntry
/// Which recorded exchanges to read.
public typealias JournalFilter = SandboxCore.JournalFilter
