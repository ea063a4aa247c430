import CommerceCore
import Foundation
import SandboxCore

/// `GET /static/rezolve/{path…}` (spec §5.1): every `.png` path (product images, their `_thumb_` files, act
/// media) answers one small generated PNG, every `.mp4` path a 1-second placeholder MP4. The images are
/// nominal: the sizes clients reason about live in the catalogue data and the thumbnail names.
struct RezolveStaticRoutes: Sendable {
    static let prefix = "/static/rezolve/"
    static let notServed = SandboxPlainError(
        status: 404, message: "Only .png and .mp4 files are served under /static/rezolve/")

    func register(on router: ServiceRoutes) {
        router.get(Self.prefix + "**") { request in
            let path = request.path.lowercased()
            if path.hasSuffix(".png") {
                return SandboxResponse(
                    status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "max-age=3600"],
                    body: StaticMedia.png)
            }
            if path.hasSuffix(".mp4") {
                return SandboxResponse(
                    status: 200, headers: ["Content-Type": "video/mp4", "Cache-Control": "max-age=3600"],
                    body: StaticMedia.mp4)
            }
            return Self.notServed.response
        }
    }
}

/// The placeholder media bytes, built once.
enum StaticMedia {
    /// A 1×1 opaque grey PNG.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
        0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
        0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ])

    /// An ISO base media file with an `ftyp` box and a `moov` whose movie header says 1 second
    /// (timescale 1000, duration 1000) and no tracks: enough for players and tests to read its duration.
    static let mp4: Data = {
        var ftyp = Data("ftyp".utf8) + Data("isom".utf8) + be32(512) + Data("isommp41".utf8)
        ftyp = be32(UInt32(ftyp.count + 4)) + ftyp
        var mvhd = Data("mvhd".utf8) + Data([0, 0, 0, 0])  // version 0, no flags
        mvhd += be32(0) + be32(0) + be32(1000) + be32(1000)  // created, modified, timescale, duration
        mvhd += be32(0x0001_0000) + Data([0x01, 0x00]) + Data(count: 10)  // rate 1.0, volume 1.0, reserved
        for value: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { mvhd += be32(value) }  // unity matrix
        mvhd += Data(count: 24) + be32(1)  // pre-defined, next track id
        mvhd = be32(UInt32(mvhd.count + 4)) + mvhd
        let moov = be32(UInt32(mvhd.count + 8)) + Data("moov".utf8) + mvhd
        return ftyp + moov
    }()

    private static func be32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}

extension RezolveStaticRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            Self.prefix,
            RouteFallback(
                notFound: { _ in Self.notServed },
                methodNotAllowed: { _, _ in SandboxPlainError(status: 405, message: "Static media is read-only") }))
    }
}
