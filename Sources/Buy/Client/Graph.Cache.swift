import CommerceCore
import Foundation
import Logging

extension Graph {
    /// The response cache of one client: a bounded memory tier in front of one directory per shop.
    /// Every file is written atomically with mode 0600 inside a 0700 directory.
    final class Cache: Sendable {
        static let memoryLimit = 200
        static let diskLimit = 20 * 1024 * 1024
        static let diskTarget = 16 * 1024 * 1024
        private static let logger = Logger(label: "CommerceKit.Buy.Cache")

        /// The shop's directory, or `nil` when the disk tier is disabled.
        let directory: URL?
        /// The memory tier. Its lock is held across each operation's disk work too, so the two tiers change
        /// together.
        private let memory = Locked(MemoryTier())

        init(directory: URL?) {
            self.directory = directory
        }

        /// `<root>/CommerceKit/Buy/GraphCache/<api>/<sdk>/<sha256(shopDomain)>`.
        static func directory(root: URL, apiVersion: String, sdkVersion: String, shopDomain: String) -> URL {
            root.appendingPathComponent("CommerceKit/Buy/GraphCache", isDirectory: true)
                .appendingPathComponent(apiVersion, isDirectory: true)
                .appendingPathComponent(sdkVersion, isDirectory: true)
                .appendingPathComponent(HexDigest.sha256(shopDomain), isDirectory: true)
        }

        /// The platform cache root: Caches on Apple platforms, `$XDG_CACHE_HOME` or `~/.cache` elsewhere.
        static var defaultRoot: URL {
            #if canImport(Darwin)
            return FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSTemporaryDirectory())
            #else
            if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], !xdg.isEmpty {
                return URL(fileURLWithPath: xdg, isDirectory: true)
            }
            return URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent(
                ".cache", isDirectory: true)
            #endif
        }

        func item(forKey key: String) -> CacheItem? {
            memory.withLock { memory in
                if let item = memory.items[key] { return item }
                guard let directory,
                    let data = try? Data(contentsOf: directory.appendingPathComponent(key)),
                    let meta = try? Data(contentsOf: directory.appendingPathComponent(key + ".meta")),
                    let timestamp = CacheItem.timestamp(fromMeta: meta, hash: key)
                else { return nil }
                let item = CacheItem(hash: key, data: data, timestamp: timestamp)
                memory.remember(item)
                return item
            }
        }

        func set(_ item: CacheItem) {
            memory.withLock { memory in
                memory.remember(item)
                guard let directory else { return }
                do {
                    try FileManager.default.createDirectory(
                        at: directory, withIntermediateDirectories: true,
                        attributes: [.posixPermissions: 0o700])
                    try AtomicFile.write(item.data, to: directory.appendingPathComponent(item.hash))
                    try AtomicFile.write(item.metaData, to: directory.appendingPathComponent(item.hash + ".meta"))
                } catch {
                    Self.logger.warning("Could not write a cache item: \(error)")
                    return
                }
                Self.trimDisk(directory, memory: &memory)
            }
        }

        func remove(key: String) {
            memory.withLock { memory in
                memory.forget(key)
                guard let directory else { return }
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(key + ".meta"))
            }
        }

        func purge() {
            memory.withLock { memory in
                memory = MemoryTier()
                if let directory { try? FileManager.default.removeItem(at: directory) }
            }
        }

        func purgeMemory() {
            memory.set(MemoryTier())
        }

        /// Items by hash, and their hashes from least to most recently stored.
        private struct MemoryTier {
            var items: [String: CacheItem] = [:]
            var order: [String] = []

            mutating func remember(_ item: CacheItem) {
                if items.updateValue(item, forKey: item.hash) != nil {
                    order.removeAll { $0 == item.hash }
                }
                order.append(item.hash)
                while order.count > Cache.memoryLimit {
                    items.removeValue(forKey: order.removeFirst())
                }
            }

            mutating func forget(_ key: String) {
                if items.removeValue(forKey: key) != nil { order.removeAll { $0 == key } }
            }
        }

        /// Over 20 MiB, deletes the oldest items until the directory is under 16 MiB.
        private static func trimDisk(_ directory: URL, memory: inout MemoryTier) {
            let manager = FileManager.default
            guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
            var items: [(key: String, size: Int, timestamp: Double)] = []
            var total = 0
            for name in names where !name.hasSuffix(".meta") && !name.hasPrefix(".") {
                let body = directory.appendingPathComponent(name)
                let metaURL = directory.appendingPathComponent(name + ".meta")
                let size = ((try? manager.attributesOfItem(atPath: body.path)[.size]) as? NSNumber)?.intValue ?? 0
                let metaSize =
                    ((try? manager.attributesOfItem(atPath: metaURL.path)[.size]) as? NSNumber)?.intValue ?? 0
                let timestamp =
                    (try? Data(contentsOf: metaURL)).flatMap { CacheItem.timestamp(fromMeta: $0, hash: name) } ?? 0
                items.append((name, size + metaSize, timestamp))
                total += size + metaSize
            }
            guard total > diskLimit else { return }
            for item in items.sorted(by: { $0.timestamp < $1.timestamp }) where total >= diskTarget {
                try? manager.removeItem(at: directory.appendingPathComponent(item.key))
                try? manager.removeItem(at: directory.appendingPathComponent(item.key + ".meta"))
                memory.forget(item.key)
                total -= item.size
            }
        }
    }
}
