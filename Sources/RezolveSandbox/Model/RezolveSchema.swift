import GRDB

/// The service's tables, all prefixed `rz_` (spec §5.10). Money is integer minor units; instants are epoch
/// seconds. Lists that are only ever read whole with their owner (a product's options, a cart's lines, an
/// option session's snapshot) are JSON columns (GRDB stores nested `Codable` values as JSON) rather than child tables.
enum RezolveSchema {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rezolve-1-partners-and-customers") { db in
            try db.create(table: "rz_partner") { t in
                t.primaryKey("id", .text)
                t.column("api_key", .text).notNull().unique()
                t.column("auth_key", .text)
                t.column("name", .text).notNull()
                t.column("ssp_client_id", .text).notNull()
                t.column("ssp_client_secret", .text).notNull()
                t.column("ssp_audience", .text).notNull()
                t.column("created_at", .double).notNull()
            }
            try db.create(table: "rz_customer") { t in
                t.primaryKey("entity_id", .text)
                t.column("partner_id", .text).notNull().indexed()
                t.column("partner_entity_id", .text).notNull()
                t.column("email", .text).notNull()
                t.column("title", .text).notNull()
                t.column("first_name", .text).notNull()
                t.column("last_name", .text).notNull()
                t.column("name", .text).notNull()
                t.column("phone", .text).notNull()
                t.column("country_code", .text).notNull()
                t.column("use_data_for_marketing", .boolean).notNull()
                t.column("private_key_pem", .text).notNull()
                t.column("public_key_pem", .text).notNull()
                t.column("date_created", .double).notNull()
                t.column("date_updated", .double).notNull()
                t.uniqueKey(["partner_id", "partner_entity_id"])
            }
            try db.create(table: "rz_phone") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                t.column("name", .text).notNull()
                t.column("phone", .text).notNull()
                t.column("inserted_at", .double).notNull()
                t.column("updated_at", .double).notNull()
            }
            try db.create(table: "rz_address") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                for name in [
                    "short_name", "full_name", "line1", "line2", "city", "state", "zip", "country", "country_alpha2",
                ] {
                    t.column(name, .text).notNull()
                }
                t.column("phone_id", .text)
                t.column("inserted_at", .double).notNull()
                t.column("updated_at", .double).notNull()
            }
            try db.create(table: "rz_card") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                for name in [
                    "short_name", "type", "brand", "name_on_card", "pan4", "pan6", "pan_class", "expires_on",
                    "valid_from", "address_id",
                ] {
                    t.column(name, .text).notNull()
                }
                t.column("inserted_at", .double).notNull()
            }
            try db.create(table: "rz_favourite") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                t.column("provider", .text).notNull()
                t.column("type", .text).notNull()
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("rezolve-2-catalogue") { db in
            try db.create(table: "rz_merchant") { t in
                t.primaryKey("id", .text)
                for name in [
                    "name", "tagline", "keywords", "email", "phone", "currency", "currency_symbol", "payment_types",
                ] {
                    t.column(name, .text).notNull()
                }
                t.column("priority", .integer).notNull()
                t.column("enabled", .boolean).notNull()
                t.column("tax_rate_basis_points", .integer).notNull()
                t.column("flatrate_minor", .integer).notNull()
            }
            try db.create(table: "rz_store") { t in
                t.primaryKey("id", .integer)
                t.column("merchant_id", .text).notNull().indexed()
                for name in ["name", "email", "telephone", "street1", "city", "region", "post_code", "country"] {
                    t.column(name, .text).notNull()
                }
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
            }
            try db.create(table: "rz_category") { t in
                t.primaryKey("id", .integer)
                t.column("merchant_id", .text).notNull().indexed()
                t.column("parent_id", .integer)
                t.column("name", .text).notNull()
                t.column("position", .integer).notNull()
            }
            try db.create(table: "rz_product") { t in
                t.primaryKey("id", .integer)
                t.column("merchant_id", .text).notNull().indexed()
                t.column("category_id", .integer).notNull().indexed()
                t.column("name", .text).notNull()
                t.column("subtitle", .text).notNull()
                t.column("description", .text).notNull()
                t.column("price_minor", .integer)
                t.column("original_price_minor", .integer)
                t.column("weight", .double)
                t.column("is_act", .boolean).notNull()
                t.column("is_virtual", .boolean).notNull()
                t.column("maximum_qty", .integer).notNull()
                t.column("position", .integer).notNull()
                t.column("image_width", .integer).notNull()
                t.column("image_height", .integer).notNull()
                t.column("options", .text).notNull()
                t.column("variants", .text).notNull()
                t.column("custom_options", .text).notNull()
            }
        }
        migrator.registerMigration("rezolve-3-commerce") { db in
            try db.create(table: "rz_cart") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                t.column("merchant_id", .text).notNull()
                t.column("lines", .text).notNull()
                t.column("date_created", .double).notNull()
                t.column("date_updated", .double).notNull()
            }
            try db.create(table: "rz_option_session") { t in
                t.primaryKey("id", .text)
                t.column("entity_id", .text).notNull().indexed()
                t.column("merchant_id", .text).notNull()
                t.column("cart_id", .text)
                t.column("cart_updated", .double)
                t.column("lines", .text).notNull()
                t.column("created_at", .double).notNull()
            }
            try db.create(table: "rz_order") { t in
                t.primaryKey("id", .integer)
                t.column("partner_id", .text).notNull()
                t.column("entity_id", .text).notNull().indexed()
                t.column("merchant_id", .text).notNull()
                t.column("option_id", .text).notNull().indexed()
                t.column("cart_id", .text)
                t.column("state", .text).notNull()
                t.column("payment_status", .text)
                t.column("payment_type", .text).notNull()
                t.column("shipping_code", .text)
                t.column("address_id", .text)
                t.column("pickup_store", .integer)
                t.column("subtotal_minor", .integer).notNull()
                t.column("shipping_minor", .integer).notNull()
                t.column("tax_minor", .integer).notNull()
                t.column("lines", .text).notNull()
                t.column("created_at", .double).notNull()
                t.column("placed_at", .double)
                t.column("pay_with", .text)
                t.column("pan4", .text)
                t.column("phone_id", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("payment_id", .text)
            }
            try db.create(table: "rz_external_payment") { t in
                t.primaryKey("id", .text)
                t.column("order_id", .integer).notNull()
                t.column("partner_id", .text).notNull()
                t.column("state", .text).notNull()
                t.column("reason", .text)
                t.column("created_at", .double).notNull()
                t.column("pending_action", .text)
                t.column("applies_at", .double)
            }
            try db.create(table: "rz_idempotency") { t in
                t.column("partner_id", .text).notNull()
                t.column("entity_id", .text).notNull()
                t.column("key", .text).notNull()
                t.column("request_hash", .text).notNull()
                t.column("status", .integer)
                t.column("body", .blob)
                t.column("created_at", .double).notNull()
                t.primaryKey(["partner_id", "entity_id", "key"])
            }
            try db.create(table: "rz_settings") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("callback_apply_delay_ms", .integer).notNull()
                t.column("option_session_ttl_seconds", .integer).notNull()
            }
        }
    }

    /// The tables a reset empties, children before parents: every one but `rz_partner`, because spec §5.11
    /// keeps partners (made through the control route too) across a reset; the seed then restores the rest.
    static func clearForReset(_ db: Database) throws {
        for table in RezolveGeozoneSchema.tables + clearedOnReset { try Table(table).deleteAll(db) }
    }

    static let clearedOnReset =
        SspSchema.tables + [
            SspTokenSchema.table, RezolveTriggerStats.table, "rz_idempotency", "rz_external_payment", "rz_order",
            "rz_option_session", "rz_cart", "rz_favourite", "rz_card", "rz_address", "rz_phone", "rz_customer",
            "rz_settings",
            "rz_product", "rz_category", "rz_store", "rz_merchant",
        ]
}
