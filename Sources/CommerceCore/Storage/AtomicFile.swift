import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe whole-file replacement: write a sibling temporary file, flush it to disk, rename it over the
/// target. `rename(2)` is atomic on POSIX file systems, so readers see the old or the new file, never a mix.
package enum AtomicFile {
    package static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, permissions)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open", code: errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
            unlink(temporary.path)
        }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure(operation: "write", code: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "fsync", code: errno) }
        closed = true
        guard close(descriptor) == 0 else { throw POSIXFailure(operation: "close", code: errno) }
        guard rename(temporary.path, url.path) == 0 else { throw POSIXFailure(operation: "rename", code: errno) }
    }
}

struct POSIXFailure: Error, CustomStringConvertible {
    let operation: String
    let code: Int32
    var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}
