import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scratch directories for tests, all inside one parent per test process: `<tmp>/commercekit-tests-<pid>/`.
///
/// Tests used to leave thousands of `<prefix>-<UUID>` directories in the temporary directory. Grouping them
/// under one parent lets the process remove all of them at once when it exits, and lets the next run remove
/// the parents of runs that crashed or were killed before they could clean up.
public enum TestDirectories {
    /// Every per-process parent's name starts with this, followed by the pid of the process that owns it.
    public static let parentNamePrefix = "commercekit-tests-"

    /// A new, empty directory `<parent>/<prefix>-<UUID>` that exists when this returns.
    public static func make(_ prefix: String) -> URL {
        let directory = path(prefix)
        // A failure here surfaces in the test itself, at its first write into the directory.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A fresh path `<parent>/<prefix>-<UUID>` that does not exist yet, for tests whose code under test must
    /// create the directory itself. The parent exists.
    public static func path(_ prefix: String) -> URL {
        processParent.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }

    /// This process's parent directory, created on first use, which also sweeps stale parents and arranges
    /// for this one to be removed when the process exits.
    public static let processParent: URL = {
        let parent = ownParent
        removeStaleParents(in: parent.deletingLastPathComponent())
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        // `atexit` takes a C function pointer: the closure captures nothing and reads an already set constant.
        atexit { try? FileManager.default.removeItem(at: TestDirectories.ownParent) }
        return parent
    }()

    /// Where this process's parent goes; computed apart from ``processParent`` so the exit handler can read it
    /// without touching the initialiser that registered the handler.
    static let ownParent = FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(parentNamePrefix)\(getpid())", isDirectory: true)

    /// Removes every `commercekit-tests-<pid>` directory in `root` whose process is no longer running.
    /// Directories of live processes (including this one) and anything else in `root` are left alone.
    public static func removeStaleParents(in root: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return }
        for name in names where name.hasPrefix(parentNamePrefix) {
            guard let pid = pid_t(name.dropFirst(parentNamePrefix.count)), pid > 0, !isRunning(pid) else {
                continue
            }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name, isDirectory: true))
        }
    }

    /// Whether a process with this pid exists. `kill` with signal 0 only checks: ESRCH means none; EPERM means
    /// one exists that belongs to someone else, so its directory is not ours to judge.
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
