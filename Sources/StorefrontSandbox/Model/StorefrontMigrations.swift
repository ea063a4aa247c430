import GRDB

/// The Storefront tables (spec §5.15). Times are seconds since 1970 (REAL); money is integer cents.
/// Checkouts and payments keep their evolving state as one JSON document each (see ``CheckoutRecord``);
/// the columns beside it are the ones that are looked up. The migrations stay raw SQL: schema statements the
/// query interface does not write, kept byte for byte so existing data directories still open.
enum StorefrontMigrations {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("storefront-1-catalog-carts-customers") { db in
            // Schema text (raw SQL, see above).
            try db.execute(
                sql: """
                    CREATE TABLE storefront_shops (
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, domain TEXT NOT NULL UNIQUE, description TEXT,
                        currency TEXT NOT NULL, country TEXT NOT NULL, ships_to TEXT NOT NULL,
                        state TEXT NOT NULL DEFAULT 'active', simulation TEXT NOT NULL DEFAULT '{}',
                        discount_codes TEXT NOT NULL DEFAULT '[]', next_order_number INTEGER NOT NULL DEFAULT 1001,
                        created_at REAL NOT NULL);
                    CREATE TABLE storefront_tokens (
                        token TEXT PRIMARY KEY, shop_id INTEGER NOT NULL, scopes TEXT NOT NULL,
                        created_at REAL NOT NULL, revoked_at REAL);
                    CREATE TABLE storefront_products (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, title TEXT NOT NULL, handle TEXT NOT NULL,
                        product_type TEXT NOT NULL, vendor TEXT NOT NULL, tags TEXT NOT NULL, description TEXT NOT NULL,
                        option_name TEXT NOT NULL, requires_shipping INTEGER NOT NULL,
                        created_at REAL NOT NULL, updated_at REAL NOT NULL, sales INTEGER NOT NULL DEFAULT 0,
                        UNIQUE (shop_id, handle));
                    CREATE TABLE storefront_variants (
                        id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, position INTEGER NOT NULL,
                        title TEXT NOT NULL, price_cents INTEGER NOT NULL, inventory INTEGER);
                    CREATE INDEX storefront_variants_product ON storefront_variants (product_id, position);
                    CREATE TABLE storefront_images (
                        id INTEGER PRIMARY KEY, owner_kind TEXT NOT NULL, owner_id INTEGER NOT NULL, position INTEGER NOT NULL,
                        name TEXT NOT NULL, alt_text TEXT, width INTEGER NOT NULL, height INTEGER NOT NULL,
                        UNIQUE (owner_kind, id));
                    CREATE TABLE storefront_collections (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, title TEXT NOT NULL, handle TEXT NOT NULL,
                        collection_type TEXT NOT NULL, description TEXT NOT NULL, updated_at REAL NOT NULL,
                        UNIQUE (shop_id, handle));
                    CREATE TABLE storefront_collection_products (
                        collection_id INTEGER NOT NULL, product_id INTEGER NOT NULL, position INTEGER NOT NULL,
                        PRIMARY KEY (collection_id, product_id));
                    CREATE TABLE storefront_carts (
                        token TEXT PRIMARY KEY, shop_id INTEGER NOT NULL, note TEXT, attributes TEXT NOT NULL,
                        discount_codes TEXT NOT NULL, buyer_email TEXT, buyer_phone TEXT, buyer_country TEXT,
                        customer_id INTEGER, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                    CREATE TABLE storefront_cart_lines (
                        token TEXT PRIMARY KEY, cart_token TEXT NOT NULL, position INTEGER NOT NULL,
                        variant_id INTEGER NOT NULL, quantity INTEGER NOT NULL, attributes TEXT NOT NULL);
                    CREATE INDEX storefront_cart_lines_cart ON storefront_cart_lines (cart_token, position);
                    CREATE TABLE storefront_customers (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, email TEXT NOT NULL, first_name TEXT, last_name TEXT,
                        phone TEXT, accepts_marketing INTEGER NOT NULL, password_salt TEXT NOT NULL, password_hash TEXT NOT NULL,
                        default_address_id INTEGER, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                    CREATE INDEX storefront_customers_email ON storefront_customers (shop_id, email COLLATE NOCASE);
                    CREATE TABLE storefront_customer_addresses (
                        id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, address1 TEXT, address2 TEXT, city TEXT,
                        company TEXT, country_code TEXT, first_name TEXT, last_name TEXT, phone TEXT, province TEXT, zip TEXT,
                        created_at REAL NOT NULL);
                    CREATE TABLE storefront_customer_tokens (
                        id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, token_hash TEXT NOT NULL UNIQUE,
                        expires_at REAL NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE storefront_reset_tokens (
                        token_hash TEXT PRIMARY KEY, customer_id INTEGER NOT NULL, expires_at REAL NOT NULL, used_at REAL);
                    CREATE TABLE storefront_emails (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, body TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE storefront_orders (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, order_number INTEGER NOT NULL, token TEXT NOT NULL,
                        order_key TEXT NOT NULL, customer_id INTEGER, email TEXT, phone TEXT, currency TEXT NOT NULL,
                        subtotal_cents INTEGER NOT NULL, shipping_cents INTEGER NOT NULL, tax_cents INTEGER NOT NULL,
                        duties_cents INTEGER, total_cents INTEGER NOT NULL, shipping_address TEXT, processed_at REAL NOT NULL);
                    CREATE TABLE storefront_order_lines (
                        id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, position INTEGER NOT NULL, variant_id INTEGER,
                        title TEXT NOT NULL, quantity INTEGER NOT NULL, unit_price_cents INTEGER NOT NULL);
                    """)
        }
        // Orders are looked up by shop (control route), by customer (`Customer.orders`) and by line; order
        // numbers are unique per shop.
        migrator.registerMigration("storefront-2-order-indexes") { db in
            // Schema text (raw SQL, see above).
            try db.execute(
                sql: """
                    CREATE UNIQUE INDEX storefront_orders_number ON storefront_orders (shop_id, order_number);
                    CREATE INDEX storefront_orders_customer ON storefront_orders (customer_id);
                    CREATE INDEX storefront_order_lines_order ON storefront_order_lines (order_id, position);
                    """)
        }
        migrator.registerMigration("storefront-3-checkouts") { db in
            // Schema text (raw SQL, see above).
            try db.execute(
                sql: """
                    CREATE TABLE storefront_checkouts (
                        token TEXT PRIMARY KEY, shop_id INTEGER NOT NULL, state TEXT NOT NULL, body TEXT NOT NULL,
                        created_at REAL NOT NULL);
                    CREATE TABLE storefront_payments (
                        id INTEGER PRIMARY KEY, checkout_token TEXT NOT NULL, idempotency_key TEXT NOT NULL, body TEXT NOT NULL,
                        created_at REAL NOT NULL, UNIQUE (checkout_token, idempotency_key));
                    CREATE TABLE storefront_vault_sessions (
                        token TEXT PRIMARY KEY, brand TEXT NOT NULL, last_digits TEXT NOT NULL, number_valid INTEGER NOT NULL,
                        outcome TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL, month TEXT NOT NULL,
                        year TEXT NOT NULL, has_cvv INTEGER NOT NULL, created_at REAL NOT NULL, used_at REAL);
                    """)
        }
        // Image ids are per kind (ProductImage/1 and CollectionImage/1 are different images), but `id` was the
        // table's primary key, so a fourth demo shop's collection image 11 hit product image 11 and answered 500.
        migrator.registerMigration("storefront-4-images-keyed-by-kind") { db in
            // Schema text and a one-off copy between tables (raw SQL, see above).
            try db.execute(
                sql: """
                    CREATE TABLE storefront_images_by_kind (
                        id INTEGER NOT NULL, owner_kind TEXT NOT NULL, owner_id INTEGER NOT NULL, position INTEGER NOT NULL,
                        name TEXT NOT NULL, alt_text TEXT, width INTEGER NOT NULL, height INTEGER NOT NULL,
                        PRIMARY KEY (owner_kind, id));
                    INSERT INTO storefront_images_by_kind (id, owner_kind, owner_id, position, name, alt_text, width, height)
                        SELECT id, owner_kind, owner_id, position, name, alt_text, width, height FROM storefront_images;
                    DROP TABLE storefront_images;
                    ALTER TABLE storefront_images_by_kind RENAME TO storefront_images;
                    """)
        }
        // Online-store content: the demo blog, its articles, pages, store locations and URL redirects.
        migrator.registerMigration("storefront-5-content") { db in
            // Schema text (raw SQL, see above).
            try db.execute(
                sql: """
                    CREATE TABLE storefront_blogs (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, title TEXT NOT NULL, handle TEXT NOT NULL,
                        UNIQUE (shop_id, handle));
                    CREATE TABLE storefront_articles (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, blog_id INTEGER NOT NULL, title TEXT NOT NULL,
                        handle TEXT NOT NULL, content_html TEXT NOT NULL, excerpt_html TEXT, author_name TEXT NOT NULL,
                        author_email TEXT NOT NULL, author_bio TEXT, tags TEXT NOT NULL, image_name TEXT, image_alt TEXT,
                        published_at REAL NOT NULL, updated_at REAL NOT NULL, UNIQUE (blog_id, handle));
                    CREATE INDEX storefront_articles_shop ON storefront_articles (shop_id);
                    CREATE TABLE storefront_pages (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, title TEXT NOT NULL, handle TEXT NOT NULL,
                        body_html TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
                        UNIQUE (shop_id, handle));
                    CREATE TABLE storefront_locations (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, name TEXT NOT NULL, address1 TEXT, address2 TEXT,
                        city TEXT, province TEXT, province_code TEXT, country_code TEXT, zip TEXT, phone TEXT,
                        latitude REAL, longitude REAL);
                    CREATE TABLE storefront_url_redirects (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, path TEXT NOT NULL, target TEXT NOT NULL,
                        UNIQUE (shop_id, path));
                    """)
        }
        // 2026-04 carts: delivery addresses, gift cards, metafields and payment as one document per cart; the
        // shop's gift cards; completion attempts, so a repeated `attemptToken` finds its order; Shop Pay sessions.
        migrator.registerMigration("storefront-6-cart-details-gift-cards") { db in
            // Schema text (raw SQL, see above).
            try db.execute(
                sql: """
                    ALTER TABLE storefront_carts ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
                    CREATE TABLE storefront_gift_cards (
                        id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL, code TEXT NOT NULL, balance_cents INTEGER NOT NULL,
                        UNIQUE (shop_id, code));
                    CREATE TABLE storefront_cart_attempts (
                        cart_token TEXT NOT NULL, attempt_token TEXT NOT NULL, attempt_id TEXT NOT NULL UNIQUE,
                        order_id INTEGER NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (cart_token, attempt_token));
                    CREATE TABLE storefront_shop_pay_sessions (
                        token TEXT PRIMARY KEY, shop_id INTEGER NOT NULL, source_identifier TEXT NOT NULL,
                        request TEXT NOT NULL, receipt_token TEXT, idempotency_key TEXT, created_at REAL NOT NULL);
                    """)
        }
    }
}
