import CommerceCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the cookie journey: every response sets a cookie scoped to
/// a per-server path (session-only, so nothing is persisted), and the server remembers the `Cookie` header (or its absence) of every request.
/// The sandbox itself never sets cookies, so it cannot show what a client does with one.
final class CookieProbeServer: Sendable {
    /// Requests must start with this path for the cookie to apply (keeps the shared cookie store of this
    /// test process from leaking the probe's cookie into other tests).
    let pathPrefix = "/cookie-probe-" + UUID().uuidString.lowercased()
    /// A cookie name of its own, for the same reason (FoundationNetworking matches cookie paths loosely).
    let cookieName = "probe" + UUID().uuidString.prefix(8).lowercased()
    let port: Int
    private let listener: Int32
    private let cookies = Locked<[String?]>([])
    private let responseBody: String

    init(responseBody: String) throws {
        self.responseBody = responseBody
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw ProbeError.socket("socket") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw ProbeError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    /// The base URL to give a client; its requests fall under the cookie's path.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)\(pathPrefix)")! }

    /// The `Cookie` header of each request received so far, in order (`nil` when absent).
    var cookieHeaders: [String?] { cookies.current }

    /// The value of this server's own cookie in each request (`nil` when not sent); other tests' cookies
    /// in the process-wide store are ignored.
    var ownCookieValues: [String?] {
        cookieHeaders.map { header in
            header?.components(separatedBy: ";").lazy
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix(cookieName + "=") }
                .map { String($0.dropFirst(cookieName.count + 1)) }
        }
    }

    /// Stops listening and removes this server's cookies from the shared cookie store.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let storage = HTTPCookieStorage.shared
        for cookie in storage.cookies ?? [] where cookie.name == cookieName { storage.deleteCookie(cookie) }
    }

    private func serve() {
        var served = 0
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            served += 1
            handle(connection, number: served)
            close(connection)
        }
    }

    /// Reads one request (headers plus `Content-Length` bytes), records its cookie, answers and closes.
    private func handle(_ connection: Int32, number: Int) {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        var contentLength = 0
        while true {
            if let end = headerEnd, received.count >= end + contentLength { break }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            if headerEnd == nil, let range = Self.find(separator, in: received) {
                headerEnd = range
                let head = String(decoding: received[0..<range], as: UTF8.self)
                for line in head.components(separatedBy: "\r\n") {
                    let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        contentLength = Int(parts[1]) ?? 0
                    }
                }
            }
        }
        let head = String(decoding: received[0..<(headerEnd ?? 0)], as: UTF8.self)
        let cookie = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("cookie:") }
            .map { String($0.dropFirst("cookie:".count)).trimmingCharacters(in: .whitespaces) }
        cookies.withLock { $0.append(cookie) }
        let body = Array(responseBody.utf8)
        let response =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Set-Cookie: \(cookieName)=\(number); Path=\(pathPrefix)\r\nConnection: close\r\n\r\n"
        let bytes = Array(response.utf8) + body
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start + needle.count
        }
        return nil
    }

    enum ProbeError: Error { case socket(String) }
}
