import Foundation
import Logging

/// A small file-backed key-value store for client state (tokens, flags, queued events).
///
/// Each store is one JSON file. Every change rewrites it through a temporary file that is flushed and
/// renamed over the old one, so a crash mid-write leaves either the old or the new content, never half a
/// file. The file is created readable and writable by its owner only (0600).
public final class PersistentStore: Sendable {
    /// Where the file lives; `nil` for a store that keeps its values in memory only.
    public let fileURL: URL?
    private let values: Locked<[String: StoredValue]>
    private static let logger = Logger(label: "CommerceKit.PersistentStore")

    /// Opens (or creates on first write) `<directory>/<namespace>.json`.
    public init(directory: URL, namespace: String) throws(PersistentStoreError) {
        let safeName = namespace.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" }
        let url = directory.appendingPathComponent(String(safeName) + ".json")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io("cannot create \(directory.path): \(error.localizedDescription)")
        }
        self.fileURL = url
        self.values = Locked(Self.load(url))
    }

    /// A store that is never written to disk, for tests and previews.
    public init(inMemory initialValues: [String: StoredValue] = [:]) {
        self.fileURL = nil
        self.values = Locked(initialValues)
    }

    /// The platform's per-user application data directory, under `CommerceKit/`.
    public static var defaultDirectory: URL {
        #if canImport(Darwin)
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        #else
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        #endif
        return base.appendingPathComponent("CommerceKit", isDirectory: true)
    }

    /// Opens the store named `namespace` in ``defaultDirectory``, falling back to memory if that fails.
    public static func standard(namespace: String) -> PersistentStore {
        do { return try PersistentStore(directory: defaultDirectory, namespace: namespace) } catch {
            logger.error("Falling back to an in-memory store for \(namespace): \(error)")
            return PersistentStore()
        }
    }

    /// Every key currently stored, in no particular order.
    public var keys: [String] { values.withLock { Array($0.keys) } }

    /// The raw value under `key`, whatever its type, or nil when absent.
    public func value(forKey key: String) -> StoredValue? { values.withLock { $0[key] } }

    /// The string under `key`; nil when absent or stored as another type.
    public func string(forKey key: String) -> String? {
        if case .string(let value)? = value(forKey: key) { return value }
        return nil
    }

    /// The Boolean under `key`; false when absent or stored as another type, as `UserDefaults` does.
    public func bool(forKey key: String) -> Bool {
        if case .bool(let value)? = value(forKey: key) { return value }
        return false
    }

    /// The bytes under `key`; nil when absent or stored as another type.
    public func data(forKey key: String) -> Data? {
        if case .data(let value)? = value(forKey: key) { return value }
        return nil
    }

    /// Decodes a value stored with ``set(codable:forKey:)``; `nil` when absent or unreadable.
    public func codable<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    /// Stores a string under `key` and writes the file; nil removes the key.
    public func set(_ value: String?, forKey key: String) { update(key, value.map(StoredValue.string)) }
    /// Stores a Boolean under `key` and writes the file.
    public func set(_ value: Bool, forKey key: String) { update(key, .bool(value)) }
    /// Stores bytes under `key` and writes the file; nil removes the key.
    public func set(_ value: Data?, forKey key: String) { update(key, value.map(StoredValue.data)) }

    /// Stores `value` as JSON bytes under `key`; nil, or a value that fails to encode, removes the key.
    public func set<T: Encodable>(codable value: T?, forKey key: String) {
        update(key, value.flatMap { try? JSONEncoder().encode($0) }.map(StoredValue.data))
    }

    /// Removes `key` and writes the file.
    public func removeValue(forKey key: String) { update(key, nil) }

    /// Removes every key that starts with `prefix` in one write.
    public func removeAll(withPrefix prefix: String) {
        mutate { values in values = values.filter { !$0.key.hasPrefix(prefix) } }
    }

    /// Applies several changes under one lock and one write.
    public func mutate(_ change: (inout [String: StoredValue]) -> Void) {
        values.withLock { values in
            var copy = values
            change(&copy)
            guard copy != values else { return }
            values = copy
            persist(copy)
        }
    }

    private func update(_ key: String, _ value: StoredValue?) {
        mutate { $0[key] = value }
    }

    /// Called with the lock held, so writes reach the file in the order they were made.
    private func persist(_ values: [String: StoredValue]) {
        guard let fileURL else { return }
        do {
            let data = try JSONEncoder().encode(values)
            try AtomicFile.write(data, to: fileURL)
        } catch {
            Self.logger.error("Could not save \(fileURL.lastPathComponent): \(error)")
        }
    }

    private static func load(_ url: URL) -> [String: StoredValue] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        do {
            return try JSONDecoder().decode([String: StoredValue].self, from: data)
        } catch {
            // Only something outside this class can leave an unreadable file; keep it for inspection.
            let aside = url.appendingPathExtension("corrupt")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
            logger.error("Moved unreadable store \(url.lastPathComponent) aside; starting empty")
            return [:]
        }
    }
}

/// A value in a ``PersistentStore``.
public enum StoredValue: Codable, Equatable, Sendable {
    /// Text.
    case string(String)
    /// A flag.
    case bool(Bool)
    /// A whole number.
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// Bytes; ``PersistentStore/set(codable:forKey:)`` stores encoded values this way.
    case data(Data)
}

/// Why a ``PersistentStore`` could not be opened.
public enum PersistentStoreError: Error, Equatable, Sendable {
    /// The file system refused an operation; the text names the path and the reason.
    case io(String)
}
