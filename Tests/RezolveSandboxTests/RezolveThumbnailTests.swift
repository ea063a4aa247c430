import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox

/// The thumbnail generation rule (spec §3.8) with the vectors of §6.6, and the static media routes (§5.1).
@Suite struct RezolveThumbnailTests {
    @Test(arguments: [
        (3000, 2000, "400x267 800x533 1200x800 1600x1067"),
        (2000, 2751, "291x400 582x800 872x1200 1163x1600"),
        (900, 600, "400x267 800x533"),
        (400, 300, ""),
        (401, 200, "400x200"),
        (1600, 1600, "400x400 800x800 1200x1200"),
        (1601, 1600, "400x400 800x800 1200x1199 1600x1599"),
    ])
    func generationVectors(width: Int, height: Int, expected: String) {
        let sizes = RezolveThumbnailRule.sizes(width: width, height: height).map { "\($0.width)x\($0.height)" }
        #expect(sizes.joined(separator: " ") == expected)
    }

    @Test func fileNames() {
        #expect(
            RezolveThumbnailRule.fileName("Classic-Tee", ext: "png", width: 400, height: 267)
                == "Classic-Tee_thumb_400x267.png")
    }

    @Test func catalogueServesSizedThumbNames() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let tee = try await rig.call(session, .get, session.b1 + "/merchant/12/category/70/product/6")
        let names = tee.json["image_thumbs"]?[0]?.arrayValue?.compactMap {
            $0.stringValue?.split(separator: "/").last.map(String.init)
        }
        #expect(
            names == ["6_thumb_400x267.png", "6_thumb_800x533.png", "6_thumb_1200x800.png", "6_thumb_1600x1067.png"])
    }

    @Test func staticRoutesServePngAndMp4() async throws {
        let rig = try RezolveRig()
        let png = try await rig.call(.get, "/static/rezolve/img/12/6_thumb_400x267.png")
        #expect(png.status == 200)
        #expect(png.headers["Content-Type"] == "image/png")
        #expect(png.data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let mp4 = try await rig.call(.get, "/static/rezolve/video/act1.mp4")
        #expect(mp4.headers["Content-Type"] == "video/mp4")
        #expect(mp4.data.subdata(in: 4..<8) == Data("ftyp".utf8))
        #expect(mp4.data.range(of: Data("mvhd".utf8)) != nil)
        #expect(try await rig.call(.get, "/static/rezolve/notes.txt").status == 404)
    }
}
