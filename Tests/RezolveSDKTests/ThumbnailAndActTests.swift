import Foundation
import Testing

@testable import RezolveSDK

/// Thumbnail selection (spec §3.8, vectors §6.6) and acts as products (§2.7, vectors §6.5).
@Suite struct ThumbnailAndActTests {
    static let tee: RezolveImage = {
        let base = "http://127.0.0.1:8080/static/rezolve/img/12/"
        let names = ["400x267", "800x533", "1200x800", "1600x1067"]
        return RezolveImage(
            original: URL(string: base + "6.png")!, thumbs: names.map { URL(string: base + "6_thumb_\($0).png")! })
    }()

    @Test(arguments: [
        (100, 100, "400x267"), (500, 300, "800x533"), (1200, 800, "1200x800"), (1300, 900, "1600x1067"),
        (2000, 1500, "original"),
    ])
    func selectionVectors(width: Int, height: Int, expected: String) {
        let chosen = Self.tee.bestURL(forWidth: width, height: height).lastPathComponent
        #expect(chosen == (expected == "original" ? "6.png" : "6_thumb_\(expected).png"))
    }

    @Test func seedExampleNamesChoose800x1100For500Square() {
        let names = ["400x550", "800x1100", "1200x1651", "1600x2201"]
        let image = RezolveImage(
            original: URL(string: "https://x/Image.png")!,
            thumbs: names.map { URL(string: "https://x/Image_thumb_\($0).png")! })
        #expect(image.bestURL(forWidth: 500, height: 500).lastPathComponent == "Image_thumb_800x1100.png")
        #expect(image.thumbnails.map(\.height) == [550, 1100, 1651, 2201])
    }

    @Test func unparsableNamesGetNominalSquareSizes() {
        let image = RezolveImage(
            original: URL(string: "https://x/a.png")!,
            thumbs: ["https://x/a_small.png", "https://x/a_thumb_800.png"].map { URL(string: $0)! })
        #expect(image.thumbnails.map { "\($0.width)x\($0.height)" } == ["400x400", "800x800"])
        #expect(image.bestURL(forWidth: 500, height: 500).lastPathComponent == "a_thumb_800.png")
    }

    @Test(arguments: [
        (#"{"id":1,"price":null,"weight":null}"#, true), (#"{"id":1,"price":0,"weight":0}"#, true),
        (#"{"id":12,"price":0,"weight":0.3}"#, false), (#"{"id":1,"price":10,"weight":0,"is_act":true}"#, true),
        (#"{"id":8,"price":12.5,"weight":0.4}"#, false),
    ])
    func actVectors(json: String, isAct: Bool) throws {
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        #expect(product.isAct == isAct)
        #expect((product.actPresentation(on: .detail) != nil) == isAct)
    }

    @Test func actPresentationFollowsTheSeedsFourScreens() {
        let detail = ActPresentation(screen: .detail)
        #expect(
            detail.omitsPrice && detail.omitsQuantity && detail.omitsDelivery && detail.omitsOrderSummary
                && detail.omitsAddToCart)
        #expect(detail.buyButtonTitle == "Act Now")
        let list = ActPresentation(screen: .activityList)
        #expect(list.omitsPrice && !list.omitsQuantity)
        #expect(list.activityStatusText == "submitted")
        let receipt = ActPresentation(screen: .activityDetail)
        #expect(receipt.receiptHeader == "Submitted" && receipt.omitsQRCode && receipt.omitsPickupMap)
        #expect(!ActPresentation(screen: .postPurchase).omitsQRCode)
    }
}
