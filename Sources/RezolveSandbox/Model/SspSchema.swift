import GRDB

/// The SSP engagement tables (spec §5.10): engagements and their payloads, acts, act submissions and the
/// resolver's scan log. Payload parts and act bodies are JSON text, because they are only ever read whole.
enum SspSchema {
    static let tables = ["rz_resolution", "rz_act_submission", "rz_engagement", "rz_act"]

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rezolve-ssp-3-engagements-and-acts") { db in
            try db.create(table: "rz_act") { t in
                t.primaryKey("id", .text)
                // The act object as served by `GET /v1/Engagements/act/{id}`.
                t.column("body", .text).notNull()
                t.column("is_information_page", .boolean).notNull()
                t.column("created_at", .double).notNull()
            }
            try db.create(table: "rz_engagement") { t in
                t.primaryKey("id", .text)
                t.column("is_active", .boolean).notNull()
                t.column("product", .text)
                t.column("category", .text)
                t.column("act_id", .text)
                t.column("payoffs", .text).notNull()
                t.column("created_at", .double).notNull()
            }
            try db.create(table: "rz_act_submission") { t in
                t.primaryKey("id", .text)
                t.column("act_id", .text).notNull().indexed()
                t.column("partner_id", .text).notNull()
                t.column("entity_id", .text).indexed()
                // The submitted person fields and answers.
                t.column("body", .text).notNull()
                t.column("created_at", .double).notNull()
            }
            try db.create(table: "rz_resolution") { t in
                t.primaryKey("service_id", .text)
                t.column("engagement_id", .text).notNull().indexed()
                t.column("partner_id", .text).notNull()
                t.column("entity_id", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("created_at", .double).notNull()
            }
        }
    }
}

struct RZAct: RezolveRecord {
    static let databaseTableName = "rz_act"
    var id: String
    var body: String
    var isInformationPage: Bool
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, body
        case isInformationPage = "is_information_page"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let body = Column(CodingKeys.body)
        static let isInformationPage = Column(CodingKeys.isInformationPage)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

struct RZEngagement: RezolveRecord {
    static let databaseTableName = "rz_engagement"
    var id: String
    var isActive: Bool
    var product: String?
    var category: String?
    var actId: String?
    var payoffs: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, product, category, payoffs
        case isActive = "is_active"
        case actId = "act_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let isActive = Column(CodingKeys.isActive)
        static let product = Column(CodingKeys.product)
        static let category = Column(CodingKeys.category)
        static let actId = Column(CodingKeys.actId)
        static let payoffs = Column(CodingKeys.payoffs)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

struct RZActSubmission: RezolveRecord {
    static let databaseTableName = "rz_act_submission"
    var id: String
    var actId: String
    var partnerId: String
    var entityId: String?
    var body: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, body
        case actId = "act_id"
        case partnerId = "partner_id"
        case entityId = "entity_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let actId = Column(CodingKeys.actId)
        static let partnerId = Column(CodingKeys.partnerId)
        static let entityId = Column(CodingKeys.entityId)
        static let body = Column(CodingKeys.body)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

struct RZResolution: RezolveRecord {
    static let databaseTableName = "rz_resolution"
    var serviceId: String
    var engagementId: String
    var partnerId: String
    var entityId: String?
    var latitude: Double?
    var longitude: Double?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case latitude, longitude
        case serviceId = "service_id"
        case engagementId = "engagement_id"
        case partnerId = "partner_id"
        case entityId = "entity_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let serviceId = Column(CodingKeys.serviceId)
        static let engagementId = Column(CodingKeys.engagementId)
        static let partnerId = Column(CodingKeys.partnerId)
        static let entityId = Column(CodingKeys.entityId)
        static let latitude = Column(CodingKeys.latitude)
        static let longitude = Column(CodingKeys.longitude)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}
