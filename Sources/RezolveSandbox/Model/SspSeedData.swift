import CommerceCore
import Foundation
import GRDB

/// The seeded SSP engagements and acts of spec §5.2. Media URLs are stored as paths under `/static/rezolve/`
/// and served as absolute URLs of the sandbox (see ``SspWire``).
enum SspSeedData {
    /// Inserts whatever of the seed is missing; running it twice changes nothing.
    static func seed(_ db: Database, now: Double) throws {
        for act in acts where try RZAct.fetchOne(db, key: act["id"]?.stringValue ?? "") == nil {
            try SspStore.insertAct(act, now: now, db)
        }
        for engagement in engagements(now: now) where try RZEngagement.fetchOne(db, key: engagement.id) == nil {
            try engagement.insert(db)
        }
    }

    static let newsletterAct: JSONValue = [
        "id": "act-1", "name": "Newsletter sign-up", "customUrl": nil, "isInformationPage": false, "isBuy": false,
        "pageBuildingBlocks": [
            ["id": "b1", "type": "text", "text": "Join our newsletter"],
            ["id": "b2", "type": "divider"],
            ["id": "b3", "type": "image", "url": "/static/rezolve/img/act1.png"],
            ["id": "b4", "type": "video", "url": "/static/rezolve/video/act1.mp4"],
            [
                "id": "q-email", "type": "textField", "title": "Email", "isRequired": true, "inputType": "email",
                "placeholder": "you@example.com", "minLength": 3, "maxLength": 120,
            ],
            [
                "id": "q-size", "type": "select", "title": "T-shirt size", "isRequired": false,
                "options": [["value": 1, "label": "S"], ["value": 2, "label": "M"]],
            ],
            ["id": "q-birthday", "type": "dateField", "title": "Birthday", "isRequired": false],
        ],
        "questions": [
            ["id": "q-email", "title": "Email", "type": "email", "isRequired": true],
            [
                "id": "q-size", "title": "T-shirt size", "type": "select", "isRequired": false,
                "options": [["value": 1, "label": "S"], ["value": 2, "label": "M"]],
            ],
            ["id": "q-birthday", "title": "Birthday", "type": "date", "isRequired": false],
        ],
    ]

    static let informationAct: JSONValue = [
        "id": "act-info-1", "name": "Store opening hours", "customUrl": nil, "isInformationPage": true, "isBuy": false,
        "pageBuildingBlocks": [
            ["id": "i1", "type": "text", "text": "Our stores are open 9:00–18:00, Monday to Saturday."],
            ["id": "i2", "type": "image", "url": "/static/rezolve/img/act-info-1.png"],
        ],
        "questions": [],
    ]

    /// An act that only links to a product (The Sandbox Handbook), for the custom-URL rule of §2.6.
    static let linkAct: JSONValue = [
        "id": "act-link-8", "name": "Read the handbook", "customUrl": "https://rzlv.co/317/2/3/8",
        "isInformationPage": false, "isBuy": false, "pageBuildingBlocks": [], "questions": [],
    ]

    static let acts = [newsletterAct, informationAct, linkAct]

    static func engagements(now: Double) -> [RZEngagement] {
        func item(_ id: String, merchant: String, title: String, url: String, image: String) -> String {
            JSONValue.object([
                "id": .string(id), "merchantId": .string(merchant), "title": .string(title), "subtitle": nil,
                "description": nil, "customUrl": .string(url), "images": [.string(image)],
                "thumbnailUrl": .string(image),
            ]).serialized()
        }
        func payoffs(_ title: String, content: String) -> String {
            JSONValue.array([
                [
                    "actionToken": .string("pay-" + title.lowercased().replacingOccurrences(of: " ", with: "-")),
                    "actionType": "Url", "content": .string(content), "title": .string(title), "subtitle": nil,
                    "description": nil, "image": nil,
                ]
            ]).serialized()
        }
        let teeURL = "https://rzlv.co/317/12/70/6?ad=20&placement=25"
        return [
            RZEngagement(
                id: "eng-product-6", isActive: true,
                product: item(
                    "6", merchant: "12", title: "Classic Tee", url: teeURL, image: "/static/rezolve/img/12/6.png"),
                category: nil, actId: nil, payoffs: payoffs("Classic Tee", content: teeURL), createdAt: now),
            RZEngagement(
                id: "eng-category-70", isActive: true, product: nil,
                category: item(
                    "70", merchant: "12", title: "Apparel", url: "https://rzlv.co/317/12/70",
                    image: "/static/rezolve/img/12/category-70.png"),
                actId: nil, payoffs: payoffs("Apparel", content: "https://rzlv.co/317/12/70"), createdAt: now),
            RZEngagement(
                id: "eng-act-1", isActive: true, product: nil, category: nil, actId: "act-1",
                payoffs: payoffs("Newsletter sign-up", content: "act-1"), createdAt: now),
            RZEngagement(
                id: "eng-info-1", isActive: true, product: nil, category: nil, actId: "act-info-1",
                payoffs: payoffs("Store opening hours", content: "act-info-1"), createdAt: now),
            RZEngagement(
                id: "eng-url-1", isActive: true,
                product: item(
                    "promo", merchant: "12", title: "Winter promotion", url: "https://example.com/promo",
                    image: "/static/rezolve/img/promo.png"),
                category: nil, actId: nil, payoffs: payoffs("Winter promotion", content: "https://example.com/promo"),
                createdAt: now),
            RZEngagement(
                id: "eng-act-url", isActive: true, product: nil, category: nil, actId: "act-link-8",
                payoffs: payoffs("Read the handbook", content: "https://rzlv.co/317/2/3/8"), createdAt: now),
            RZEngagement(
                id: "eng-inactive", isActive: false,
                product: item(
                    "7", merchant: "12", title: "Hoodie", url: "https://rzlv.co/317/12/70/7",
                    image: "/static/rezolve/img/12/7.png"),
                category: nil, actId: nil, payoffs: "[]", createdAt: now),
        ]
    }
}
