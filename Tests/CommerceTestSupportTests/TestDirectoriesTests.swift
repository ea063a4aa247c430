import CommerceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scratch directories live under one parent per test process, and parents of dead processes are swept.
@Suite struct TestDirectoriesTests {
    @Test func aMadeDirectoryExistsInsideThisProcesssParent() throws {
        let directory = TestDirectories.make("self-check")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        let parent = directory.deletingLastPathComponent()
        #expect(parent.lastPathComponent == "commercekit-tests-\(getpid())")
        #expect(
            parent.deletingLastPathComponent().standardizedFileURL.path
                == FileManager.default.temporaryDirectory.standardizedFileURL.path)
        #expect(directory.lastPathComponent.hasPrefix("self-check-"))
        #expect(TestDirectories.make("self-check") != directory)
    }

    @Test func aPathIsFreshAndNotYetCreated() {
        let path = TestDirectories.path("not-made")
        #expect(!FileManager.default.fileExists(atPath: path.path))
        #expect(FileManager.default.fileExists(atPath: path.deletingLastPathComponent().path))
    }

    @Test func theSweepRemovesParentsOfDeadProcessesOnly() throws {
        // A root of our own, so the sweep cannot touch other test processes' parents in the real temp directory.
        let root = TestDirectories.make("sweep-root")
        let deadPid = try Self.pidOfAnExitedProcess()
        let dead = root.appendingPathComponent("commercekit-tests-\(deadPid)")
        let live = root.appendingPathComponent("commercekit-tests-\(getpid())")
        let unrelated = root.appendingPathComponent("commercekit-tests-not-a-pid")
        for directory in [dead, live, unrelated] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("left-behind"), withIntermediateDirectories: true)
        }

        TestDirectories.removeStaleParents(in: root)

        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.appendingPathComponent("left-behind").path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    /// The pid of a child that has exited and been reaped, so `kill(pid, 0)` reports ESRCH.
    private static func pidOfAnExitedProcess() throws -> pid_t {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let pid = child.processIdentifier
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "pid \(pid) was reused before the sweep")
        return pid
    }
}
