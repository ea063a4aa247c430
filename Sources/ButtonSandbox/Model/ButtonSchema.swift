import Foundation
import GRDB

/// The Button tables (all prefixed `button_`) and their migrations. A migration, once released, never changes:
/// data directories created by older builds are brought forward by the ones after it.
enum ButtonSchema {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("button-1-schema") { db in
            try db.execute(
                sql: """
                    CREATE TABLE button_organizations (
                        id TEXT PRIMARY KEY, name TEXT, window_days INTEGER NOT NULL, api_version TEXT NOT NULL,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_api_keys (key TEXT PRIMARY KEY, org TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE button_applications (
                        app_id TEXT PRIMARY KEY, org TEXT NOT NULL, auto_registered INTEGER NOT NULL DEFAULT 0,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_orders (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        org TEXT NOT NULL, order_id TEXT NOT NULL, button_order_id TEXT NOT NULL UNIQUE,
                        current TEXT NOT NULL, status TEXT NOT NULL, finalization_date REAL NOT NULL,
                        btn_ref TEXT, attribution TEXT, attribution_app TEXT, ignored_fields TEXT NOT NULL DEFAULT '[]',
                        created_at REAL NOT NULL, updated_at REAL NOT NULL, finalized_at REAL, deleted_at REAL,
                        UNIQUE (org, order_id));
                    CREATE INDEX button_orders_open ON button_orders (status, finalization_date);
                    CREATE INDEX button_orders_btn_ref ON button_orders (org, btn_ref);
                    CREATE TABLE button_order_versions (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, order_seq INTEGER NOT NULL, kind TEXT NOT NULL,
                        body TEXT NOT NULL, ignored_fields TEXT NOT NULL, api_version TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE INDEX button_order_versions_order ON button_order_versions (order_seq);
                    CREATE TABLE button_app_orders (
                        app_id TEXT NOT NULL, order_id TEXT NOT NULL, btn_ref TEXT, body TEXT NOT NULL,
                        report_count INTEGER NOT NULL, first_received_at REAL NOT NULL, received_at REAL NOT NULL,
                        PRIMARY KEY (app_id, order_id));
                    CREATE TABLE button_app_events (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL, name TEXT NOT NULL, source TEXT,
                        source_token TEXT, session_id TEXT, event TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE TABLE button_activity (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL, name TEXT NOT NULL, btn_ref TEXT,
                        session_id TEXT, body TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE TABLE button_sessions (
                        session_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, status TEXT NOT NULL,
                        created_at REAL NOT NULL, last_seen_at REAL NOT NULL);
                    CREATE TABLE button_attribution_tokens (
                        btn_ref TEXT PRIMARY KEY, app_id TEXT NOT NULL, source TEXT NOT NULL, url TEXT,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_deferred_links (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL,
                        action TEXT NOT NULL, btn_ref TEXT NOT NULL, match_user_agent TEXT, match_ip TEXT,
                        expires_at REAL NOT NULL, status TEXT NOT NULL, created_at REAL NOT NULL,
                        consumed_at REAL, consumed_by TEXT);
                    """)
        }

        // Create-order writes less (Documentation/Benchmarks.md, "Fewer pages per order"):
        // - Button order ids are enciphered sequence numbers (`ButtonOrderIdCipher`), so `button_order_id` loses its
        //   unique index. Ids issued before keep working through `button_order_legacy_ids`.
        // - `seq` drops AUTOINCREMENT, whose `sqlite_sequence` row was one more page per commit. A reset deletes
        //   every order and draws a new cipher key, so a reused number never repeats an id.
        // - A version is keyed by (order, number) in a table without rowid, which replaces the separate index.
        // - The token index leaves out orders without a token, which are most of them.
        migrator.registerMigration("button-2-order-storage") { db in
            try db.execute(
                sql: """
                    CREATE TABLE button_orders_new (
                        seq INTEGER PRIMARY KEY,
                        org TEXT NOT NULL, order_id TEXT NOT NULL, button_order_id TEXT NOT NULL,
                        current TEXT NOT NULL, status TEXT NOT NULL, finalization_date REAL NOT NULL,
                        btn_ref TEXT, attribution TEXT, attribution_app TEXT, ignored_fields TEXT NOT NULL DEFAULT '[]',
                        created_at REAL NOT NULL, updated_at REAL NOT NULL, finalized_at REAL, deleted_at REAL,
                        UNIQUE (org, order_id));
                    INSERT INTO button_orders_new SELECT seq, org, order_id, button_order_id, current, status,
                        finalization_date, btn_ref, attribution, attribution_app, ignored_fields, created_at, updated_at,
                        finalized_at, deleted_at FROM button_orders;
                    CREATE TABLE button_order_legacy_ids (button_order_id TEXT PRIMARY KEY, seq INTEGER NOT NULL)
                        WITHOUT ROWID;
                    INSERT INTO button_order_legacy_ids SELECT button_order_id, seq FROM button_orders;
                    DROP TABLE button_orders;
                    ALTER TABLE button_orders_new RENAME TO button_orders;
                    CREATE INDEX button_orders_open ON button_orders (status, finalization_date);
                    CREATE INDEX button_orders_btn_ref ON button_orders (org, btn_ref) WHERE btn_ref IS NOT NULL;
                    CREATE TABLE button_order_versions_new (
                        order_seq INTEGER NOT NULL, number INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL,
                        ignored_fields TEXT NOT NULL, api_version TEXT NOT NULL, received_at REAL NOT NULL,
                        PRIMARY KEY (order_seq, number)) WITHOUT ROWID;
                    INSERT INTO button_order_versions_new
                        SELECT order_seq, ROW_NUMBER() OVER (PARTITION BY order_seq ORDER BY id), kind, body,
                            ignored_fields, api_version, received_at
                        FROM button_order_versions;
                    DROP TABLE button_order_versions;
                    ALTER TABLE button_order_versions_new RENAME TO button_order_versions;
                    CREATE TABLE button_order_id_key (id INTEGER PRIMARY KEY CHECK (id = 1), key BLOB NOT NULL);
                    """)
            try ButtonOrderStore.replaceIdKey(db)
        }
    }
}
