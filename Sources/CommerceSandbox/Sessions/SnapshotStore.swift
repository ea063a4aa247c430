import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Named copies of a world's whole database, taken with SQLite's online backup: in memory, or as
/// `<data-dir>/snapshots/<name>.sqlite` when the sandbox is file-backed (those are found again after a restart).
/// Any world of the process can be reset to any snapshot, and a session can start from one.
final class SnapshotStore: Sendable {
    struct Snapshot: Sendable {
        let name: String
        let createdAt: Date
        let database: DatabaseQueue

        /// The snapshot's size in bytes (pages × page size).
        func size() throws -> Int64 {
            try database.read { db in
                try Int64.fetchOne(
                    db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
                    ?? 0
            }
        }
    }

    enum Failure: Error, Equatable {
        case invalidName
        case exists(String)
        case unknown(String)
    }

    /// Letters, digits, `.`, `_` and `-`, 1 to 64 of them, not starting with a dot: safe as a file name.
    static func isValid(name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0)
            }
    }

    private let directory: URL?
    private let snapshots = Locked<[String: Snapshot]>([:])

    init(directory: URL?) throws {
        self.directory = directory
        guard let directory else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var found: [String: Snapshot] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where file.pathExtension == "sqlite" {
            let name = file.deletingPathExtension().lastPathComponent
            guard Self.isValid(name: name) else { continue }
            let created = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            found[name] = Snapshot(
                name: name, createdAt: created ?? Date(), database: try DatabaseQueue(path: file.path))
        }
        snapshots.set(found)
    }

    var all: [Snapshot] { snapshots.current.values.sorted { $0.createdAt < $1.createdAt } }

    func contains(_ name: String) -> Bool { snapshots.current[name] != nil }

    /// Copies `source` into a new snapshot called `name`; an existing name is refused (nothing is overwritten).
    func capture(_ name: String, from source: SandboxDatabase) throws -> Snapshot {
        guard Self.isValid(name: name) else { throw Failure.invalidName }
        guard !contains(name) else { throw Failure.exists(name) }
        let file = directory?.appendingPathComponent(name + ".sqlite")
        let copy = try file.map { try DatabaseQueue(path: $0.path) } ?? DatabaseQueue()
        try source.writer.backup(to: copy)
        let snapshot = Snapshot(name: name, createdAt: Date(), database: copy)
        let added = snapshots.withLock { all -> Bool in
            guard all[name] == nil else { return false }
            all[name] = snapshot
            return true
        }
        guard added else {
            if let file { try? FileManager.default.removeItem(at: file) }
            throw Failure.exists(name)
        }
        return snapshot
    }

    /// Replaces everything in `target` with snapshot `name`.
    func restore(_ name: String, into target: SandboxDatabase) throws {
        guard let snapshot = snapshots.current[name] else { throw Failure.unknown(name) }
        try snapshot.database.backup(to: target.writer)
    }

    /// Adds a copy of every `<name>.sqlite` in `folder` (an export's `snapshots/`), keeping existing names as they are.
    func importFiles(from folder: URL) throws {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where file.pathExtension == "sqlite" {
            let name = file.deletingPathExtension().lastPathComponent
            guard Self.isValid(name: name), !contains(name) else { continue }
            let copy =
                try directory.map { try DatabaseQueue(path: $0.appendingPathComponent(file.lastPathComponent).path) }
                ?? DatabaseQueue()
            try DatabaseQueue(path: file.path).backup(to: copy)
            snapshots.withLock { $0[name] = Snapshot(name: name, createdAt: Date(), database: copy) }
        }
    }

    /// Writes every snapshot to `folder` as `<name>.sqlite`.
    func export(to folder: URL) throws {
        for snapshot in all {
            try snapshot.database.backup(
                to: try DatabaseQueue(path: folder.appendingPathComponent(snapshot.name + ".sqlite").path))
        }
    }

    /// Forgets snapshot `name` (and deletes its file); `false` when there is none.
    func remove(_ name: String) -> Bool {
        guard let removed = snapshots.withLock({ $0.removeValue(forKey: name) }) else { return false }
        if let directory {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(removed.name + ".sqlite"))
        }
        return true
    }
}
