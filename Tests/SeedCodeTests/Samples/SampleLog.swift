import CommerceCore

/// Where the samples record what their callbacks saw, so a test can read it. An app would update its own state
/// here; a plain class that mutated itself from main-actor callbacks would be a data race, which Swift 6 refuses.
final class SampleLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) { entries.withLock { $0.append(entry) } }

    var all: [String] { entries.current }
}
