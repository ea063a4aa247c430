import GRDB

/// The Paytronix tables (all prefixed `paytronix_`), created by one named migration. The records in this folder map
/// them column for column; a data directory made by any earlier build opens unchanged.
enum PaytronixSchema {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("paytronix-1-schema") { db in
            try db.execute(
                sql: """
                    CREATE TABLE paytronix_merchants (merchant_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE paytronix_card_templates (merchant_id INTEGER NOT NULL, code INTEGER NOT NULL, label TEXT NOT NULL,
                        PRIMARY KEY (merchant_id, code));
                    CREATE TABLE paytronix_stores (merchant_id INTEGER NOT NULL, code TEXT NOT NULL, label TEXT NOT NULL,
                        PRIMARY KEY (merchant_id, code));
                    CREATE TABLE paytronix_enrollment_fields (merchant_id INTEGER NOT NULL, position INTEGER NOT NULL, type TEXT NOT NULL,
                        field TEXT NOT NULL, required INTEGER NOT NULL, min_length INTEGER, PRIMARY KEY (merchant_id, position));
                    CREATE TABLE paytronix_integrations (client_id TEXT PRIMARY KEY, merchant_id INTEGER NOT NULL,
                        secret_salt TEXT NOT NULL, secret_hash TEXT NOT NULL, platform TEXT NOT NULL,
                        b2b_username TEXT, b2b_salt TEXT, b2b_password_hash TEXT);
                    CREATE TABLE paytronix_accounts (id INTEGER PRIMARY KEY, merchant_id INTEGER NOT NULL, card_template_code INTEGER NOT NULL,
                        status TEXT NOT NULL, registration_status TEXT NOT NULL, enroll_date TEXT, favorite_store_code TEXT,
                        enrollment_store_code TEXT);
                    CREATE TABLE paytronix_cards (printed_card_number TEXT NOT NULL, merchant_id INTEGER NOT NULL, account_id INTEGER NOT NULL,
                        registration_code TEXT NOT NULL, status TEXT NOT NULL, is_primary INTEGER NOT NULL,
                        PRIMARY KEY (merchant_id, printed_card_number));
                    CREATE TABLE paytronix_users (id INTEGER PRIMARY KEY AUTOINCREMENT, merchant_id INTEGER NOT NULL, account_id INTEGER NOT NULL,
                        username TEXT NOT NULL, username_key TEXT NOT NULL, password_salt TEXT NOT NULL, password_hash TEXT NOT NULL,
                        email TEXT, mobile_phone TEXT, phone TEXT, first_name TEXT, last_name TEXT, date_of_birth TEXT, postal_code TEXT,
                        opt_in INTEGER, UNIQUE (merchant_id, username_key));
                    CREATE TABLE paytronix_tokens (token TEXT PRIMARY KEY, kind TEXT NOT NULL, client_id TEXT NOT NULL,
                        merchant_id INTEGER NOT NULL, user_id INTEGER NOT NULL, scope TEXT NOT NULL, issued_at REAL NOT NULL,
                        expires_at REAL NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
                    CREATE TABLE paytronix_external_accounts (id INTEGER PRIMARY KEY AUTOINCREMENT, merchant_id INTEGER NOT NULL,
                        account_id INTEGER NOT NULL, account_code TEXT NOT NULL, app_identifier TEXT NOT NULL, integration TEXT NOT NULL,
                        integration_detail TEXT NOT NULL, state TEXT NOT NULL, moved_to INTEGER, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                    CREATE INDEX paytronix_external_accounts_code ON paytronix_external_accounts (merchant_id, account_code, app_identifier);
                    CREATE TABLE paytronix_push_packages (id INTEGER PRIMARY KEY AUTOINCREMENT, merchant_id INTEGER NOT NULL,
                        app_identifier TEXT NOT NULL, environment TEXT NOT NULL, state TEXT NOT NULL, uploaded_at REAL NOT NULL,
                        not_after REAL NOT NULL, metadata TEXT NOT NULL);
                    CREATE TABLE paytronix_push_notifications (id INTEGER PRIMARY KEY AUTOINCREMENT, notification_id TEXT NOT NULL,
                        merchant_id INTEGER NOT NULL, printed_card_number TEXT NOT NULL, app_identifier TEXT NOT NULL,
                        environment TEXT NOT NULL, account_code TEXT NOT NULL, status TEXT NOT NULL, record TEXT NOT NULL);
                    CREATE TABLE paytronix_unregistered_tokens (app_identifier TEXT NOT NULL, account_code TEXT NOT NULL,
                        PRIMARY KEY (app_identifier, account_code));
                    """)
        }
    }
}
