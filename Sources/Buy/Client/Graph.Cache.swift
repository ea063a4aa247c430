import CommerceCore
import Foundation
import Logging

extension Graph {
    /// The response cache of one client: a bounded memory tier in front of one directory per shop.
    /// Every file is written atomically with mode 0600 inside a 0700 directory.
    final class Cache: @unchecked Sendable {
        static let memoryLimit = 200
        static let diskLimit = 20 * 1024 * 1024
        static let diskTarget = 16 * 1024 * 1024
        private static let logger = Logger(label: "CommerceKit.Buy.Cache")

        /// The shop's directory, or `nil` when the disk tier is disabled.
        let directory: URL?
        private let lock = NSLock()
        private var memory: [String: CacheItem] = [:]
        private var memoryOrder: [String] = []

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
            lock.lock()
            defer { lock.unlock() }
            if let item = memory[key] { return item }
            guard let directory,
                let data = try? Data(contentsOf: directory.appendingPathComponent(key)),
                let meta = try? Data(contentsOf: directory.appendingPathComponent(key + ".meta")),
                let timestamp = CacheItem.timestamp(fromMeta: meta, hash: key)
            else { return nil }
            let item = CacheItem(hash: key, data: data, timestamp: timestamp)
            remember(item)
            return item
        }

        func set(_ item: CacheItem) {
            lock.lock()
            defer { lock.unlock() }
            remember(item)
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
            trimDisk(directory)
        }

        func remove(key: String) {
            lock.lock()
            defer { lock.unlock() }
            forget(key)
            guard let directory else { return }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(key + ".meta"))
        }

        func purge() {
            lock.lock()
            defer { lock.unlock() }
            memory.removeAll()
            memoryOrder.removeAll()
            if let directory { try? FileManager.default.removeItem(at: directory) }
        }

        func purgeMemory() {
            lock.lock()
            defer { lock.unlock() }
            memory.removeAll()
            memoryOrder.removeAll()
        }

        private func remember(_ item: CacheItem) {
            if memory.updateValue(item, forKey: item.hash) != nil {
                memoryOrder.removeAll { $0 == item.hash }
            }
            memoryOrder.append(item.hash)
            while memoryOrder.count > Self.memoryLimit {
                memory.removeValue(forKey: memoryOrder.removeFirst())
            }
        }

        private func forget(_ key: String) {
            if memory.removeValue(forKey: key) != nil { memoryOrder.removeAll { $0 == key } }
        }

        /// Over 20 MiB, deletes the oldest items until the directory is under 16 MiB.
        private func trimDisk(_ directory: URL) {
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
            guard total > Self.diskLimit else { return }
            for item in items.sorted(by: { $0.timestamp < $1.timestamp }) where total >= Self.diskTarget {
                try? manager.removeItem(at: directory.appendingPathComponent(item.key))
                try? manager.removeItem(at: directory.appendingPathComponent(item.key + ".meta"))
                forget(item.key)
                total -= item.size
            }
        }
    }
}
