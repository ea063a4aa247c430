import CommerceSandbox

/// Runs `body` against a private in-memory sandbox on 127.0.0.1 and stops it afterwards, also when `body` throws.
func withSeedSandbox<T>(_ body: (Sandbox) async throws -> T) async throws -> T {
    let sandbox = try await Sandbox.start(.testing)
    do {
        let result = try await body(sandbox)
        await sandbox.stop()
        return result
    } catch {
        await sandbox.stop()
        throw error
    }
}
