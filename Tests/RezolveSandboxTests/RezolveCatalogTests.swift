import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Merchants, categories, paging, product detail and search (spec §3.5.3–3.5.4, §5.6, §6.3).
@Suite struct RezolveCatalogTests {
    @Test func merchantsHideTheClosedOneUnlessAskedForAll() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let active = try await rig.call(session, .get, session.b1 + "/merchant")
        #expect(active.json.arrayValue?.map { $0["id"] } == ["12", "2", "79"])
        let all = try await rig.call(session, .get, session.b1 + "/merchant?visibility=all")
        #expect(all.json.arrayValue?.map { $0["id"] } == ["12", "2", "79", "80"])
        let outfitters = try await rig.call(session, .get, session.b1 + "/merchant/12")
        #expect(outfitters.json["stores"]?.arrayValue?.map { $0["name"] } == ["Brooklyn Store", "Manhattan Store"])
        #expect(outfitters.json["partner_name"] == "CommerceKit Sandbox Partner")
        #expect(outfitters.json["contact_information"]?["phone_number"] == "2125550100")
    }

    @Test func rootCategoryWithTheDefaultQuery() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let root = try await rig.call(
            session, .get,
            session.b2
                + "/merchant/12/category?category_items_per_page=30&category_page_number=1&category_sort_direction=ASC&product_items_per_page=30&product_page_number=1&product_sort_direction=ASC"
        )
        #expect(root.status == 200)
        #expect(root.json["id"] == 1)
        #expect(root.json["categories"]?["items"]?.arrayValue?.map { $0["id"] } == [70, 71])
        #expect(root.json["categories"]?["items"]?[1]?["product_count"] == 35)
        #expect(root.json["products"]?["total"] == 0)
    }

    @Test func seedFilterOnCategory70() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let reply = try await rig.call(
            session, .get,
            session.b2
                + "/merchant/12/category/70?category_items_per_page=100&category_page_number=1&category_sort_by=category&category_sort_direction=ASC&product_items_per_page=100&product_page_number=1&product_sort_by=product&product_sort_direction=ASC"
        )
        #expect(reply.json["products"]?["items"]?.arrayValue?.map { $0["id"] } == [6, 7])
        #expect(
            reply.json["products"]?["links"]?["current"] == [
                "count": 100, "page": 1, "sort_by": "product", "sort": "ASC",
            ])
    }

    @Test func category71PagesThroughThirtyFiveProducts() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let first = try await rig.call(
            session, .get, session.b2 + "/merchant/12/category/71?product_items_per_page=30&product_page_number=1")
        #expect(first.json["products"]?["count"] == 30)
        #expect(first.json["products"]?["links"]?["next"]?["page"] == 2)
        #expect(first.json["products"]?["links"]?["prev"] == .null)
        let second = try await rig.call(
            session, .get, session.b2 + "/merchant/12/category/71?product_items_per_page=30&product_page_number=2")
        #expect(second.json["products"]?["count"] == 5)
        #expect(second.json["products"]?["total"] == 35)
        #expect(second.json["products"]?["links"]?["prev"]?["page"] == 1)
        #expect(second.json["products"]?["links"]?["next"] == .null)
        let byPrice = try await rig.call(
            session, .get,
            session.b2
                + "/merchant/12/category/71?product_items_per_page=3&product_sort_by=price&product_sort_direction=DESC")
        #expect(byPrice.json["products"]?["items"]?.arrayValue?.map { $0["price"] } == [35, 34, 33])
        let v1 = try await rig.call(
            session, .get, session.b1 + "/merchant/12/category/71/product?product_items_per_page=10")
        #expect(v1.json["count"] == 10)
        #expect(v1.json["total"] == 35)
    }

    @Test func hugePageNumbersGiveEmptyPagesNotACrash() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let category = try await rig.call(
            session, .get, session.b2 + "/merchant/12/category/71?product_page_number=9223372036854775807")
        #expect(category.status == 200)
        #expect(category.json["products"]?["count"] == 0)
        let search = try await rig.call(
            session, .post, "/api/v1/search/merchants/317/\(session.entityId)?page=9223372036854775807&limit=100",
            json: ["order_by": "score", "order": "asc", "device_info": "d"])
        #expect(search.status == 200)
        #expect(search.json["merchants"] == [])
    }

    @Test func productDetailOfTheTee() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let tee = try await rig.call(session, .get, session.b1 + "/merchant/12/category/70/product/6")
        #expect(tee.json["options"]?.arrayValue?.count == 2)
        #expect(tee.json["options_available"]?.arrayValue?.count == 3)
        #expect(tee.json["image_thumbs"]?[0]?.arrayValue?.count == 4)
        #expect(tee.json["options_price"]?[2]?["price"] == 22)
        #expect(tee.json["custom_options"]?[0]?["option_id"] == 3)
        #expect(
            tee.json["product_full_path"] == [
                "product_title": "Classic Tee", "merchant_name": "Sandbox Outfitters",
                "category_name": "Apparel",
            ])
        let handbook = try await rig.call(
            session, .get, session.b1 + "/merchant/2/category/3/product/8?ad_id=20&placement_id=25")
        #expect(handbook.json["title"] == "The Sandbox Handbook")
        #expect(handbook.json["image_thumbs"] == [[]])
        let act = try await rig.call(session, .get, session.b1 + "/merchant/2/category/3/product/9")
        #expect(act.json["price"] == .null)
        #expect(act.json["is_act"] == true)
    }

    private func searchMerchants(
        _ rig: RezolveRig, _ session: RezolveRig.Session, _ body: JSONValue,
        query: String = ""
    ) async throws -> RezolveRig.Reply {
        try await rig.call(session, .post, "/api/v1/search/merchants/317/\(session.entityId)" + query, json: body)
    }

    @Test func merchantSearchByLocation() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let reply = try await searchMerchants(
            rig, session,
            [
                "order_by": "location", "order": "asc", "device_info": "Apple|iOS|17.4|iPhone15,2|app|1.0",
                "location": ["latitude": 40.6726499, "longitude": -73.9502622],
            ],
            query: "?page=1&limit=50")
        #expect(reply.json["merchants"]?.arrayValue?.map { $0["id"] } == ["12", "2", "79"])
        #expect(reply.json["merchants"]?[0]?["distance"] == 801.4)
        #expect(reply.json["merchants"]?[2]?["distance"] == .null)
        #expect(reply.json["total"] == 3)
    }

    @Test func merchantSearchScoresAndPages() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let books = try await searchMerchants(
            rig, session, ["query": "SANDBOX books", "order_by": "score", "order": "desc", "device_info": "d"])
        #expect(books.json["merchants"]?.arrayValue?.map { $0["id"] } == ["2"])
        let all = try await searchMerchants(
            rig, session, ["query": "sandbox", "order_by": "score", "order": "desc", "device_info": "d"],
            query: "?page=2&limit=2")
        #expect(all.json["page"] == 2)
        #expect(all.json["total"] == 3)
        #expect(all.json["merchants"]?.arrayValue?.count == 1)
        let zero = try await searchMerchants(
            rig, session, ["order_by": "score", "order": "desc", "device_info": "d"], query: "?page=0&limit=2")
        let one = try await searchMerchants(
            rig, session, ["order_by": "score", "order": "desc", "device_info": "d"], query: "?page=1&limit=2")
        #expect(zero.json == one.json)
    }

    @Test func productSearchFiltersAndSorts() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let path = "/api/v1/search/products/317/\(session.entityId)"
        let acts = try await rig.call(
            session, .post, path,
            json: [
                "order_by": "score", "order": "desc", "device_info": "d",
                "include_in_results": "acts",
            ])
        #expect(acts.json["products"]?.arrayValue?.map { $0["id"] } == [9])
        let byPrice = try await rig.call(
            session, .post, path + "?limit=100",
            json: [
                "merchant_id": "2", "order_by": "price", "order": "desc",
                "device_info": "d",
            ])
        #expect(byPrice.json["products"]?.arrayValue?.map { $0["id"] } == [8, 10, 9])
        let mug = try await rig.call(
            session, .post, path,
            json: [
                "query": "mug marketplace", "order_by": "score", "order": "desc",
                "device_info": "d",
            ])
        #expect(mug.json["products"]?.arrayValue?.map { $0["name"] } == ["Marketplace Mug"])
        #expect(mug.json["products"]?[0]?["partner_id"] == "317")
    }
}
