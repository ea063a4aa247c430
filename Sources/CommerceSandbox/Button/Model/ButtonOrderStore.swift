import CommerceCore
import Foundation
import GRDB

/// An organisation as the Order API sees it after authentication: a `button_organizations` row.
struct ButtonOrganization: Codable, Sendable, FetchableRecord, TableRecord {
    static let databaseTableName = "button_organizations"

    let id: String
    let name: String?
    let windowDays: Int
    let apiVersion: String

    enum CodingKeys: String, CodingKey {
        case id, name
        case windowDays = "window_days"
        case apiVersion = "api_version"
    }

    /// Cached: every Order API request authenticates through this lookup.
    static func fetch(_ db: Database, id: String) throws -> ButtonOrganization? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM button_organizations WHERE id = ?"), arguments: [id])
    }
}

/// Reading, finalizing and rendering stored orders (§3.1.3, §5.3.1, §5.5).
enum ButtonOrderStore {
    /// Top-level keys the Order API reads; anything else in a body is ignored and listed by the inspection route.
    static let knownFields: Set<String> = ["total", "currency", "order_id", "purchase_date", "finalization_date", "btn_ref",
                                           "customer", "customer_order_id", "line_items", "advertising_id"]
    /// Keys a GET response carries that a body may echo back; ignored.
    static let readOnlyFields: Set<String> = ["button_order_id", "status", "session_id", "ifa"]
    static let customerFields: Set<String> = ["id", "email_sha256", "advertising_id", "is_new", "device_id"]
    static let lineItemFields: Set<String> = ["identifier", "total", "amount", "quantity", "sku", "upc", "category",
                                              "description", "attributes"]

    /// Finalizes every open order whose date has come (rule 5.3.1). Returns `(organisation, order_id)` pairs.
    @discardableResult
    static func sweep(_ db: Database, now: Date) throws -> [(org: String, orderId: String)] {
        let stamp = now.timeIntervalSince1970
        // Cached: every Order API request runs this first, so it is compiled once per connection.
        let due = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT seq, org, order_id FROM button_orders WHERE status = 'open' AND finalization_date <= ? ORDER BY seq
            """), arguments: [stamp])
        guard !due.isEmpty else { return [] }
        try db.execute(sql: """
            UPDATE button_orders SET status = 'finalized', finalized_at = ? WHERE status = 'open' AND finalization_date <= ?
            """, arguments: [stamp, stamp])
        return due.map { (org: $0["org"], orderId: $0["order_id"]) }
    }

    /// Whether any open order's finalization date has passed: when not, a read needs no write transaction.
    static func hasDueOrders(_ db: Database, now: Date) throws -> Bool {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM button_orders WHERE status = 'open' AND finalization_date <= ? LIMIT 1"),
                         arguments: [now.timeIntervalSince1970]) != nil
    }

    /// The order of `org` with this merchant id, else (for `btnorder-` + 16 hex) with this Button id.
    static func find(_ db: Database, org: String, id: String) throws -> Row? {
        if let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM button_orders WHERE org = ? AND order_id = ?"),
                                      arguments: [org, id]) {
            return row
        }
        guard isButtonOrderId(id) else { return nil }
        return try Row.fetchOne(db, sql: "SELECT * FROM button_orders WHERE org = ? AND button_order_id = ?", arguments: [org, id])
    }

    static func isButtonOrderId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let prefix = Array("btnorder-".utf8)
        return bytes.count == prefix.count + 16 && bytes.starts(with: prefix)
            && bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The public order object: the stored state with the current status.
    static func render(_ row: Row) -> JSONValue {
        guard case .object(var object) = ButtonColumn.json(row["current"]) else { return .null }
        object["status"] = .string(row["status"])
        return .object(object)
    }

    /// The order plus sandbox metadata, for the control routes (§5.4).
    static func inspect(_ db: Database, _ row: Row) throws -> JSONValue {
        guard case .object(var object) = render(row) else { return .null }
        let seq: Int64 = row["seq"]
        let org: String = row["org"]
        let orderId: String = row["order_id"]
        object["organization_id"] = .string(org)
        object["attribution"] = .from(row["attribution"] as String?)
        object["attribution_application_id"] = .from(row["attribution_app"] as String?)
        object["created_at"] = ButtonColumn.date(row["created_at"])
        object["updated_at"] = ButtonColumn.date(row["updated_at"])
        object["finalized_at"] = ButtonColumn.date(row["finalized_at"])
        object["deleted_at"] = ButtonColumn.date(row["deleted_at"])
        let versions = try Row.fetchAll(db, sql: "SELECT * FROM button_order_versions WHERE order_seq = ? ORDER BY id",
                                        arguments: [seq])
        object["versions"] = .array(versions.enumerated().map { index, version in
            ["version": .integer(Int64(index + 1)), "kind": .string(version["kind"]),
             "received_at": ButtonColumn.date(version["received_at"]), "api_version": .string(version["api_version"]),
             "body": ButtonColumn.json(version["body"]), "ignored_fields": ButtonColumn.json(version["ignored_fields"])]
        })
        object["ignored_fields"] = ButtonColumn.json(row["ignored_fields"])
        let signal = try Row.fetchOne(db, sql: """
            SELECT a.* FROM button_app_orders a JOIN button_applications p ON p.app_id = a.app_id
            WHERE p.org = ? AND a.order_id = ? ORDER BY a.received_at DESC LIMIT 1
            """, arguments: [org, orderId])
        object["app_signal"] = signal.map(renderAppOrder) ?? .null
        return .object(object)
    }

    static func renderAppOrder(_ row: Row) -> JSONValue {
        ["application_id": .string(row["app_id"]), "order_id": .string(row["order_id"]),
         "btn_ref": .from(row["btn_ref"] as String?), "report_count": .integer(row["report_count"]),
         "first_received_at": ButtonColumn.date(row["first_received_at"]), "received_at": ButtonColumn.date(row["received_at"]),
         "body": ButtonColumn.json(row["body"])]
    }

    /// How a token is attributed (rule 5.3.3): `test`, `sandbox` (issued here, with the issuing app) or `unknown`.
    static func classify(_ db: Database, btnRef: String?) throws -> (attribution: String?, application: String?) {
        guard let btnRef else { return (nil, nil) }
        if ButtonFormats.isTestToken(btnRef) { return ("test", nil) }
        if let app = try String.fetchOne(db.cachedStatement(sql: "SELECT app_id FROM button_attribution_tokens WHERE btn_ref = ?"),
                                         arguments: [btnRef]) {
            return ("sandbox", app)
        }
        return ("unknown", nil)
    }

    /// Field paths in `body` that the Order API does not use (unknown or read-only keys).
    static func ignoredFields(_ body: JSONObject) -> [String] {
        var ignored: [String] = []
        for (key, _) in body where !knownFields.contains(key) { ignored.append(key) }
        if let customer = body["customer"]?.objectValue {
            for (key, _) in customer where !customerFields.contains(key) { ignored.append("customer.\(key)") }
        }
        if let items = body["line_items"]?.arrayValue {
            for (index, item) in items.enumerated() {
                guard let item = item.objectValue else { continue }
                for (key, _) in item where !lineItemFields.contains(key) { ignored.append("line_items[\(index)].\(key)") }
                if ButtonRequest.present(item["total"]) != nil, item["amount"] != nil { ignored.append("line_items[\(index)].amount") }
            }
        }
        return ignored
    }

    /// A line item in stored form, with `amount` computed by rule L3. Assumes the item passed validation.
    static func normalizeLineItem(_ value: JSONValue) -> JSONValue {
        let item = value.objectValue ?? JSONObject()
        let totals = ButtonOrderValidatorBridge.lineItemTotals(value)
        let quantity = ButtonRequest.present(item["quantity"])?.integerValue ?? 1
        func optional(_ key: String) -> JSONValue { ButtonRequest.present(item[key]) ?? .null }
        return ["identifier": item["identifier"] ?? .null,
                "total": .from(totals?.total), "amount": .from(totals?.amount), "quantity": .integer(quantity),
                "description": optional("description"), "sku": optional("sku"), "upc": optional("upc"),
                "category": optional("category"), "attributes": optional("attributes")]
    }

    /// The customer in stored form (`email_sha256` lowercased), or `null`.
    static func normalizeCustomer(_ value: JSONValue?) -> JSONValue {
        guard let customer = ButtonRequest.present(value)?.objectValue else { return .null }
        let email = ButtonRequest.present(customer["email_sha256"])?.stringValue.map { JSONValue.string($0.lowercased()) } ?? .null
        return ["id": customer["id"] ?? .null, "email_sha256": email,
                "advertising_id": ButtonRequest.present(customer["advertising_id"]) ?? .null]
    }
}

// MARK: - Paged listings for the console

extension ButtonOrderStore {
    /// Newest first across every organization: the order object plus who owns it and when it finalizes.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM button_orders") ?? 0
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM button_orders ORDER BY seq DESC LIMIT ? OFFSET ?",
                                    arguments: [page.limit, page.offset])
        let items: [JSONValue] = rows.map { row in
            guard case .object(var object) = render(row) else { return .null }
            object["organization_id"] = .string(row["org"])
            object["created_at"] = ButtonColumn.date(row["created_at"])
            object["finalization_date"] = ButtonColumn.date(row["finalization_date"])
            object["finalized_at"] = ButtonColumn.date(row["finalized_at"])
            return .object(object)
        }
        return (items, total)
    }

    /// Deferred deep links, newest first, in the shape `GET /sandbox/button/deferred-deeplinks` lists them.
    static func linksPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM button_deferred_links") ?? 0
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM button_deferred_links ORDER BY seq DESC LIMIT ? OFFSET ?",
                                    arguments: [page.limit, page.offset])
        return (rows.map(ButtonService.linkJSON), total)
    }
}
