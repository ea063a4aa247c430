import CommerceCore
import Foundation

/// Opens the ATH Móvil app link. Injectable so the hand-off also works where there is no ATH Móvil app:
/// on Linux, on servers and in tests.
public protocol ATHMURLOpening: Sendable {
    /// Opens `url`; when that fails and `fallback` is non-nil, opens `fallback`. Returns whether either opened.
    func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool
}

/// An opener for platforms with no way to reach the ATH Móvil app: it always fails, so `pay` reports
/// `URL is invalid`.
public struct ATHMUnavailableURLOpener: ATHMURLOpening {
    /// Creates the opener; it holds no state.
    public init() {}
    /// Always answers `false`: nothing can be opened here.
    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool { false }
}

/// An opener for tests: it records every link and answers with a fixed result.
public final class ATHMRecordingURLOpener: ATHMURLOpening, Sendable {
    private struct Record {
        var opened: [URL] = []
        var fallbacks: [URL?] = []
        var universalOnly: [Bool] = []
        var waiters: [(index: Int, continuation: CheckedContinuation<URL, Never>)] = []
    }

    private let result: Bool
    private let record = Locked(Record())

    /// - Parameter result: what every `open` answers.
    public init(result: Bool = true) {
        self.result = result
    }

    /// Every link opened so far, oldest first.
    public var openedURLs: [URL] { record[\.opened] }

    /// The fallback passed with each opened link.
    public var fallbackURLs: [URL?] { record[\.fallbacks] }

    /// The `universalLinksOnly` flag passed with each opened link.
    public var universalLinksOnlyFlags: [Bool] { record[\.universalOnly] }

    /// The link opened at position `index` (0-based), waiting until that many links have been opened.
    public func openedURL(at index: Int = 0) async -> URL {
        await withCheckedContinuation { continuation in
            let ready: URL? = record.withLock { record in
                if record.opened.indices.contains(index) { return record.opened[index] }
                record.waiters.append((index, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Records the link, its fallback and flag, wakes any ``openedURL(at:)`` waiting for it, and answers the fixed result.
    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        let toResume: [CheckedContinuation<URL, Never>] = record.withLock { record in
            record.opened.append(url)
            record.fallbacks.append(fallback)
            record.universalOnly.append(universalLinksOnly)
            let index = record.opened.count - 1
            let due = record.waiters.filter { $0.index == index }.map(\.continuation)
            record.waiters.removeAll { $0.index == index }
            return due
        }
        for waiter in toResume { waiter.resume(returning: url) }
        return result
    }
}
