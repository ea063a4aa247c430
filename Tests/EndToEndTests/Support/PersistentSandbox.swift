import CommerceSandbox
import CommerceTestSupport
import Foundation

/// A file-backed sandbox in a private temporary directory that a test can stop and start again on the
/// same database, to check what survives a restart. Each start binds a new free port, so take
/// `harness` (and clients built from it) afresh after `restart()`.
final class PersistentSandbox {
    /// Where the SQLite file lives.
    let directory: URL
    /// The running instance.
    private(set) var harness: SandboxHarness
    private var running = true

    fileprivate init(directory: URL, harness: SandboxHarness) {
        self.directory = directory
        self.harness = harness
    }

    fileprivate static func start(_ directory: URL) async throws -> SandboxHarness {
        SandboxHarness(sandbox: try await Sandbox.start(SandboxOptions(port: 0, dataDirectory: directory)))
    }

    /// Stops the running instance and starts a new one on the same database file.
    func restart() async throws {
        await stop()
        harness = try await Self.start(directory)
        running = true
    }

    fileprivate func stop() async {
        guard running else { return }
        running = false
        await harness.sandbox.stop()
    }
}

extension SandboxHarness {
    /// Runs `body` against a file-backed sandbox in a fresh temporary directory; stops it and deletes the
    /// directory afterwards, even when `body` throws.
    static func withPersistent<T>(_ body: (PersistentSandbox) async throws -> T) async throws -> T {
        let directory = TestDirectories.path("PersistentSandbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sandbox = PersistentSandbox(directory: directory, harness: try await PersistentSandbox.start(directory))
        do {
            let result = try await body(sandbox)
            await sandbox.stop()
            return result
        } catch {
            await sandbox.stop()
            throw error
        }
    }
}
