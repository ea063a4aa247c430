import GRDB

/// The service's tables, all prefixed `athmovil_`. Amounts are integer cents; instants are epoch seconds.
enum ATHMovilSchema {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("athmovil-1-schema") { db in
            try db.execute(
                sql: """
                    CREATE TABLE athmovil_business (
                        number TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL, industry TEXT NOT NULL,
                        public_token TEXT NOT NULL UNIQUE, private_token TEXT NOT NULL, is_active INTEGER NOT NULL,
                        is_non_profit INTEGER NOT NULL, fee_rate REAL NOT NULL, fee_minimum_cents INTEGER NOT NULL);
                    CREATE TABLE athmovil_customer (
                        phone TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, pin TEXT NOT NULL,
                        position INTEGER NOT NULL);
                    CREATE TABLE athmovil_ecommerce (
                        id TEXT PRIMARY KEY, flow TEXT NOT NULL, trace_id TEXT NOT NULL, business_number TEXT NOT NULL,
                        state TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL, expires_at REAL NOT NULL,
                        total_cents INTEGER NOT NULL, subtotal_cents INTEGER NOT NULL, tax_cents INTEGER NOT NULL,
                        metadata1 TEXT NOT NULL, metadata2 TEXT NOT NULL, items_json TEXT NOT NULL, phone TEXT NOT NULL,
                        scheme TEXT NOT NULL, timeout INTEGER NOT NULL, env TEXT NOT NULL,
                        customer_name TEXT, customer_phone TEXT, customer_email TEXT,
                        reference_number TEXT NOT NULL, daily_transaction_id INTEGER NOT NULL,
                        transaction_date TEXT NOT NULL, completed_at REAL, fee_cents INTEGER NOT NULL,
                        net_cents INTEGER NOT NULL, refunded_cents INTEGER NOT NULL, token_jti TEXT NOT NULL,
                        callbacks_json TEXT NOT NULL);
                    CREATE INDEX athmovil_ecommerce_trace ON athmovil_ecommerce (business_number, trace_id);
                    CREATE INDEX athmovil_ecommerce_reference ON athmovil_ecommerce (business_number, reference_number);
                    CREATE TABLE athmovil_refund (
                        reference_number TEXT PRIMARY KEY, ecommerce_id TEXT NOT NULL, business_number TEXT NOT NULL,
                        amount_cents INTEGER NOT NULL, message TEXT NOT NULL, daily_transaction_id INTEGER NOT NULL,
                        created_at REAL NOT NULL);
                    CREATE TABLE athmovil_daily_counter (
                        business_number TEXT NOT NULL, pr_date TEXT NOT NULL, last_value INTEGER NOT NULL,
                        PRIMARY KEY (business_number, pr_date));
                    CREATE TABLE athmovil_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL);
                    """)
        }
    }
}
