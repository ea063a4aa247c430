#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

enum Console {
    /// Flushes standard output at every newline, so a banner reaches a pipe (CI logs, scripts) at once.
    static func useLineBuffering() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
