import GRDB

/// Geo engagements (spec §3.5.11, §5.10): `rz_geozone` holds each zone and the engagement it belongs to;
/// `rz_geozone_rtree` is SQLite's R*Tree module over each zone's bounding box, keyed by the zone's `seq`, so
/// the triggered-zones query reads only the zones near the query centre. `rz_geozone_change_count` counts the
/// zone table's changes, so the in-memory ``GeozoneGrid`` knows whether it still shows the table.
enum RezolveGeozoneSchema {
    static let table = "rz_geozone"
    static let rtree = "rz_geozone_rtree"
    /// One row, `changes`, raised by triggers on every insert, update and delete of `rz_geozone`. Never reset:
    /// the count only grows, so a grid tagged with an older count can never look current again.
    static let changeCountTable = "rz_geozone_change_count"
    /// Deleted on reset, before the catalogue tables.
    static let tables = [rtree, table]

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rezolve-4-geozones") { db in
            try db.create(table: table) { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("id", .text).notNull().unique()
                // The `rz_engagement` the resolver answers for this zone; reported as `clientReferenceId`.
                t.column("engagement_id", .text).indexed()
                t.column("name", .text).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("radius_meters", .double).notNull()
                t.column("active_time_type", .text).notNull()
                t.column("validity_periods", .text).notNull()
                t.column("target_user_ids", .text).notNull()
                t.column("trigger_notification_type", .text).notNull()
                t.column("dwell_time", .integer)
                t.column("related_type", .text).notNull()
                t.column("related_item_id", .text).notNull()
                t.column("related_title", .text).notNull()
                t.column("related_subtitle", .text).notNull()
                t.column("related_price", .double)
                t.column("created_at", .double).notNull()
            }
            // Fails loudly if the linked SQLite lacks the R*Tree module, rather than silently scanning.
            try db.execute(sql: "CREATE VIRTUAL TABLE \(rtree) USING rtree(seq, min_lat, max_lat, min_lon, max_lon)")
        }
        // Only adds the counter; the R*Tree stays the persistent index. Triggers rather than the store's own
        // bookkeeping, so every writer counts: the store, reset, seed, a test's raw SQL, another process.
        migrator.registerMigration("rezolve-5-geozone-change-count") { db in
            try db.execute(
                sql: """
                    CREATE TABLE \(changeCountTable) (id INTEGER PRIMARY KEY CHECK (id = 1), changes INTEGER NOT NULL);
                    INSERT INTO \(changeCountTable) (id, changes) VALUES (1, 0);
                    """)
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER \(table)_counts_\(event.lowercased()) AFTER \(event) ON \(table)
                        BEGIN UPDATE \(changeCountTable) SET changes = changes + 1 WHERE id = 1; END
                        """)
            }
        }
    }
}
