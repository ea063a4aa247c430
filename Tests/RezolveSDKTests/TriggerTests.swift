import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

/// Trigger classification (spec §3.7) with every vector of §6.2, the canonical URLs, and the trigger manager's
/// requests and callback order (§2.5).
@Suite struct TriggerTests {
    enum Expected: Sendable {
        case product(Int, Int, Int, Int, ad: String?, placement: String?)
        case category(Int, Int, Int)
        case url
    }

    @Test(arguments: [
        ("http://rzlv.co/1/2/3/8?ad=20&placement=25", Expected.product(1, 2, 3, 8, ad: "20", placement: "25")),
        ("https://rzlv.co/1/2/3", .category(1, 2, 3)),
        ("https://RZLV.CO/317/12/70/6", .product(317, 12, 70, 6, ad: nil, placement: nil)),
        ("https://rzlv.co/1/2/3/", .category(1, 2, 3)),
        ("https://rzlv.co/1/2/3/8?ad=20", .product(1, 2, 3, 8, ad: "20", placement: nil)),
        ("https://rzlv.co/1/2/3/4/5", .url),
        ("https://rzlv.co/1/2/x/4", .url),
        ("https://rzlv.co/-1/2/3", .url),
        ("https://rzlv.co:8443/1/2/3", .url),
        ("https://example.com/1/2/3/4", .url),
        ("ftp://rzlv.co/1/2/3/4", .url),
    ])
    func classificationVectors(_ text: String, _ expected: Expected) throws {
        let url = try #require(URL(string: text))
        let result = TriggerClassification.classify(url)
        switch (expected, result) {
        case (.product(let p, let m, let c, let id, let ad, let placement), .product(let trigger)):
            #expect(trigger.kind == .product(partnerId: p, merchantId: m, categoryId: c, productId: id))
            #expect(trigger.adId == ad)
            #expect(trigger.placementId == placement)
        case (.category(let p, let m, let c), .category(let trigger)):
            #expect(trigger.kind == .category(partnerId: p, merchantId: m, categoryId: c))
        case (.url, .url(let plain)):
            #expect(plain == url)
            #expect(RezolveTrigger(url: url) == nil)
        default:
            Issue.record("\(text) classified as \(result)")
        }
    }

    @Test func moreEdgeCases() throws {
        for text in [
            "https://user@rzlv.co/1/2/3", "https://rzlv.co/1234567890123456789/2/3", "https://rzlv.co/1/2/+3",
            "https://rzlv.co/1/2", "https://rzlv.co.evil.com/1/2/3", "rzlv.co/1/2/3",
        ] {
            let url = try #require(URL(string: text))
            #expect(RezolveTrigger(url: url) == nil, "\(text)")
        }
        let encodedURL = try #require(URL(string: "HTTPS://rzlv.co/%31/2/3?placement=9&x=1"))
        let encoded = try #require(RezolveTrigger(url: encodedURL))
        #expect(encoded.kind == .category(partnerId: 1, merchantId: 2, categoryId: 3))
        #expect(encoded.placementId == "9")
        #expect(encoded.adId == nil)
    }

    @Test func canonicalURLs() {
        let full = AutoDetectResult(
            partnerId: 317, merchantId: 12, categoryId: 70, productId: 6, adId: "20", placementId: "25")
        #expect(full.triggerURL.absoluteString == "http://rzlv.co/317/12/70/6?ad=20&placement=25")
        let noPlacement = AutoDetectResult(
            partnerId: 317, merchantId: 12, categoryId: 70, productId: 6, adId: "20", placementId: nil)
        #expect(noPlacement.triggerURL.absoluteString == "http://rzlv.co/317/12/70/6")
        let category = AutoDetectResult(partnerId: 317, merchantId: 12, categoryId: 70)
        #expect(category.triggerURL.absoluteString == "http://rzlv.co/317/12/70")
        #expect(full.description().contains("http://rzlv.co/317/12/70/6?ad=20&placement=25"))
    }

    static let handbook = #"{"id":8,"merchant_id":"2","title":"The Sandbox Handbook","price":12.5,"weight":0.4}"#

    @Test func productTriggerRequestUsesTheSessionPartnerAndAdParameters() async throws {
        let transport = Fixture.transport { _ in .json(200, Self.handbook) }
        let session = try await Fixture.session(transport)
        let resolution = try await session.triggerManager.resolve(
            url: try #require(URL(string: "http://rzlv.co/1/2/3/8?ad=20&placement=25")))
        let request = try #require(transport.requests.last)
        #expect(request.method == .get)
        #expect(
            request.pathAndQuery
                == "/api/v1/partner/317/customer/E/merchant/2/category/3/product/8?ad_id=20&placement_id=25")
        guard case .product(let product) = resolution else {
            Issue.record("not a product: \(resolution)")
            return
        }
        #expect(product.title == "The Sandbox Handbook")
        #expect(product.productPlacement == ProductPlacement(adId: "20", placementId: "25"))
    }

    @Test func categoryTriggerRequestUsesDefaultPagingAndOnlyPresentIds() async throws {
        let transport = Fixture.transport { _ in .json(200, #"{"id":3,"name":"Featured"}"#) }
        let session = try await Fixture.session(transport)
        _ = try await session.triggerManager.resolve(
            url: try #require(URL(string: "https://rzlv.co/9/2/3?placement=25")))
        #expect(
            transport.requests.last?.pathAndQuery == "/api/v2/partner/317/customer/E/merchant/2/category/3?"
                + "category_items_per_page=30&category_page_number=1&category_sort_direction=ASC&"
                + "product_items_per_page=30&product_page_number=1&product_sort_direction=ASC&placement_id=25")
    }

    @Test func plainURLNeedsNoRequest() async throws {
        let transport = Fixture.transport()
        let session = try await Fixture.session(transport)
        let before = transport.requests.count
        let url = try #require(URL(string: "https://example.com/promo"))
        let resolution = try await session.triggerManager.resolve(url: url)
        guard case .url(let plain) = resolution else {
            Issue.record("\(resolution)")
            return
        }
        #expect(plain == url)
        #expect(transport.requests.count == before)
    }

    @MainActor
    @Test func callbackOrderIsStartOneCallbackEnd() async throws {
        let products =
            #"{"id":70,"name":"Apparel","has_products":true,"products":{"items":[{"id":6,"name":"Classic Tee"}],"count":1,"total":1}}"#
        let transport = Fixture.transport { request in
            if request.url.path.hasSuffix("/category/70") { return .json(200, products) }
            if request.url.path.hasSuffix("/category/71") {
                return .json(200, #"{"id":71,"name":"Empty","has_products":false}"#)
            }
            if request.url.path.hasSuffix("/product/8") { return .json(200, Self.handbook) }
            return .json(404, #"{"errors":[{"type":"Not Found","code":"4","message":"Requested resource not found"}]}"#)
        }
        let session = try await Fixture.session(transport)
        let cases: [(String, [String])] = [
            ("http://rzlv.co/317/2/3/8?ad=20&placement=25", ["start", "product The Sandbox Handbook", "end"]),
            ("https://rzlv.co/317/12/70", ["start", "categoryProducts 12/70 1", "end"]),
            ("https://rzlv.co/317/12/71", ["start", "category 12/71", "end"]),
            ("https://example.com/promo", ["start", "error notARezolveTrigger", "end"]),
            ("https://rzlv.co/317/12/70/999", ["start", "error 404", "end"]),
        ]
        for (text, expected) in cases {
            let recorder = CallRecorder()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                session.triggerManager.resolve(
                    url: URL(string: text)!, productDelegate: recorder,
                    onRezolveTriggerStart: { recorder.events.append("start") },
                    onRezolveTriggerEnd: {
                        recorder.events.append("end")
                        done.resume()
                    },
                    errorCallback: { error in
                        if case .notARezolveTrigger = error {
                            recorder.events.append("error notARezolveTrigger")
                        } else {
                            recorder.events.append("error \(error.statusCode ?? 0)")
                        }
                    })
            }
            #expect(recorder.events == expected, "\(text)")
        }
    }
}

/// Records delegate calls in order.
@MainActor
final class CallRecorder: ProductDelegate, AutoDetectManagerDelegate {
    var events: [String] = []
    var autoDetected: [AutoDetectResult]?
    /// Fires when background listening reports what it resolved.
    let stoppedListening = TestSignal()
    var engagements: [(ResolverEngagement, RezolveEventReport.RezolveEventReportType)] = []

    nonisolated init() {}

    nonisolated func onProductResult(product: Product) {
        MainActor.assumeIsolated { events.append("product \(product.title)") }
    }
    nonisolated func onCategoryResult(merchantId: String, category: RezolveCategory) {
        MainActor.assumeIsolated { events.append("category \(merchantId)/\(category.id)") }
    }
    nonisolated func onCategoryProductsResult(
        merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>
    ) {
        MainActor.assumeIsolated {
            events.append("categoryProducts \(merchantId)/\(category.id) \(productsPage.items.count)")
        }
    }
    nonisolated func onError(error: String) {
        MainActor.assumeIsolated { events.append("onError") }
    }
    nonisolated func onStartRecognizeImage() { MainActor.assumeIsolated { events.append("startRecognize") } }
    nonisolated func onFinishRecognizeImage() { MainActor.assumeIsolated { events.append("finishRecognize") } }
    nonisolated func onSspEngagementResult(
        engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType
    ) {
        MainActor.assumeIsolated {
            events.append("engagement \(engagement.engagementId) \(eventType.rawValue)")
            engagements.append((engagement, eventType))
        }
    }
    nonisolated func onAutoDetectStopListening(resolved: [AutoDetectResult]) {
        MainActor.assumeIsolated {
            autoDetected = resolved
            stoppedListening.fire()
            events.append("stopListening \(resolved.count)")
        }
    }
}
