import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises tests that drive `ATHMPaymentSession.shared`.
///
/// `swift test` runs every test target's suites in one process, in parallel, and the shared session is one
/// object per process; tests in different targets cannot share a Swift lock. They take an advisory `flock` on
/// one temporary file instead: separate `open`s contend even inside one process.
public enum ATHMSharedSessionLock {
    static let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("commercekit-athm-shared-session.lock").path

    public static func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws
        -> T
    {
        let descriptor = open(path, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission) }
        defer { close(descriptor) }
        // Polled rather than blocking, so a waiting test never holds a cooperative thread the holder needs.
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 { try await Task.sleep(for: .milliseconds(20)) }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }
}
