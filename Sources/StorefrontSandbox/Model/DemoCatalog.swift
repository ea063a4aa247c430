import CommerceCore
import Foundation
import GRDB

/// The demo shop's catalog (spec §5.5). Numbers in the tables are *demo numbers*; in shop 1 they are the
/// real IDs, other demo shops get the same catalog shifted past the highest existing ID.
enum DemoCatalog {
    struct Product {
        let number: Int64
        let title: String, handle: String, type: String, vendor: String, tags: [String]
        let optionName: String
        /// (title, price in cents, inventory or nil when not tracked)
        let variants: [(String, Int64, Int64?)]
        let ships: Bool
        let description: String
        let created: String, updated: String
        let sales: Int64
    }

    struct Collection {
        let number: Int64
        let title: String, handle: String, type: String, description: String, updated: String
        let products: [Int64]
    }

    static let products: [Product] = {
        var list: [Product] = [
            Product(
                number: 1, title: "Road Runner", handle: "road-runner", type: "sneaker", vendor: "Sandbox Athletics",
                tags: ["blue", "running"], optionName: "Size",
                variants: [("8", 8900, 100), ("9", 8900, 100), ("10", 8900, 100)], ships: true,
                description: "A cushioned road shoe.", created: "2017-05-01T00:00:00Z", updated: "2017-05-30T12:00:00Z",
                sales: 50),
            Product(
                number: 2, title: "Trail Blazer", handle: "trail-blazer", type: "sneaker", vendor: "Sandbox Athletics",
                tags: ["red", "trail"], optionName: "Size", variants: [("8", 11900, 100), ("9", 11900, 100)],
                ships: true,
                description: "Grippy shoe for trails.", created: "2017-04-10T00:00:00Z",
                updated: "2017-05-20T00:00:00Z", sales: 80),
            Product(
                number: 3, title: "Blue Suede", handle: "blue-suede", type: "shoe", vendor: "Heritage Co",
                tags: ["blue"],
                optionName: "Title", variants: [("Default Title", 7500, 100)], ships: true,
                description: "Classic blue suede shoe.", created: "2017-03-01T00:00:00Z",
                updated: "2017-03-02T00:00:00Z", sales: 10),
            Product(
                number: 4, title: "Summit Boot", handle: "summit-boot", type: "boot", vendor: "Heritage Co", tags: [],
                optionName: "Title", variants: [("Default Title", 18900, 2)], ships: true,
                description: "Waterproof boot for the summit.", created: "2017-02-01T00:00:00Z",
                updated: "2017-06-01T00:00:00Z", sales: 30),
            Product(
                number: 5, title: "Gift Card", handle: "gift-card", type: "gift card", vendor: "Sandbox Shoes",
                tags: ["digital"],
                optionName: "Title", variants: [("Default Title", 2500, nil)], ships: false,
                description: "A digital gift card.", created: "2017-01-01T00:00:00Z", updated: "2017-01-01T00:00:00Z",
                sales: 5),
        ]
        for n in Int64(6)...23 {
            let day = ISO8601.format(
                Date(
                    timeIntervalSince1970: TimeInterval(
                        ISO8601.daysSinceEpoch(year: 2018, month: 1, day: 1) + Int(n - 6)) * 86_400))
            list.append(
                Product(
                    number: n, title: "Sandbox Sneaker \(n)", handle: "sandbox-sneaker-\(n)", type: "sneaker",
                    vendor: "Sandbox Athletics", tags: ["filler"], optionName: "Title",
                    variants: [("Default Title", (50 + n) * 100, 100)], ships: true,
                    description: "Filler product \(n).", created: day, updated: day, sales: 0))
        }
        list.append(
            Product(
                number: 24, title: "Sold Out Slipper", handle: "sold-out-slipper", type: "slipper",
                vendor: "Heritage Co",
                tags: ["filler"], optionName: "Title", variants: [("Default Title", 3900, 0)], ships: true,
                description: "Cozy but sold out.", created: "2018-02-01T00:00:00Z", updated: "2018-02-01T00:00:00Z",
                sales: 0))
        return list
    }()

    static let collections: [Collection] = [
        Collection(
            number: 1, title: "Runners", handle: "runners", type: "runners",
            description: "Lightweight shoes for road and trail running.", updated: "2017-05-30T00:00:00Z",
            products: [1, 2, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
        Collection(
            number: 2, title: "Blue Runners", handle: "blue-runners", type: "blue_runners",
            description: "Running shoes in every shade of blue.", updated: "2017-05-31T00:00:00Z", products: [1, 3]),
        Collection(
            number: 3, title: "Boots", handle: "boots", type: "boots",
            description: "Sturdy boots for cold weather.", updated: "2017-06-01T00:00:00Z", products: [4]),
    ]

    /// Writes the demo catalog into `shopID`, numbered past every product and collection already stored.
    static func seed(_ db: Database, shopID: Int64) throws {
        let productBase = try StorefrontCatalogStore.highestProductID(db)
        let collectionBase = try StorefrontCatalogStore.highestCollectionID(db)
        for product in products {
            var draft = ProductDraft()
            draft.title = product.title
            draft.handle = product.handle
            draft.productType = product.type
            draft.vendor = product.vendor
            draft.tags = product.tags
            draft.description = product.description
            draft.optionName = product.optionName
            draft.requiresShipping = product.ships
            draft.createdAt = date(product.created)
            draft.updatedAt = date(product.updated)
            draft.sales = product.sales
            draft.variants = product.variants.map {
                ProductDraft.Variant(title: $0.0, priceCents: $0.1, inventory: $0.2)
            }
            draft.images = [
                ProductDraft.Image(name: nil, altText: "\(product.title) 1"),
                ProductDraft.Image(name: nil, altText: "\(product.title) 2"),
            ]
            _ = try StorefrontCatalogStore.insertRows(
                db, draft, productID: productBase + product.number, shopID: shopID, now: date(product.created))
        }
        for collection in collections {
            let id = collectionBase + collection.number
            try StorefrontCatalogStore.insertCollection(
                db,
                StorefrontCollectionRecord(
                    id: id, shopId: shopID, title: collection.title, handle: collection.handle,
                    collectionType: collection.type, description: collection.description,
                    updatedAt: date(collection.updated).timeIntervalSince1970),
                members: collection.products.map { productBase + $0 },
                image: (name: "collection-\(id)", alt: collection.title))
        }
    }

    private static func date(_ text: String) -> Date {
        ISO8601.parse(text) ?? Date(timeIntervalSince1970: 0)
    }
}
