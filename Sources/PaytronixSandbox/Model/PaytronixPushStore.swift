import Foundation
import GRDB

/// Reads and writes of the simulated push service: uploaded packages, recorded deliveries and the device tokens
/// APNs is to refuse. Every function runs inside the caller's transaction.
enum PaytronixPushStore {
    // MARK: Packages

    /// Stores an uploaded package as the active one for its app and environment, replacing the previous one.
    static func activate(_ db: Database, _ package: PaytronixPushPackageRecord) throws {
        try activePackages(merchantId: package.merchantId, app: package.appIdentifier, environment: package.environment)
            .updateAll(db) { $0.state.set(to: "replaced") }
        try package.insert(db)
    }

    /// Marks the active package of an app and environment deleted; returns how many there were.
    static func deleteActivePackage(_ db: Database, merchantId: Int64, app: String, environment: String) throws -> Int {
        try activePackages(merchantId: merchantId, app: app, environment: environment)
            .updateAll(db) { $0.state.set(to: "deleted") }
    }

    static func activePackage(_ db: Database, merchantId: Int64, app: String, environment: String) throws
        -> PaytronixPushPackageRecord?
    {
        try activePackages(merchantId: merchantId, app: app, environment: environment).fetchOne(db)
    }

    /// Every package ever uploaded, newest first.
    static func packages(_ db: Database) throws -> [PaytronixPushPackageRecord] {
        try PaytronixPushPackageRecord.order { $0.id.desc }.fetchAll(db)
    }

    private static func activePackages(merchantId: Int64, app: String, environment: String)
        -> QueryInterfaceRequest<PaytronixPushPackageRecord>
    {
        PaytronixPushPackageRecord.filter { $0.merchantId == merchantId && $0.appIdentifier == app }
            .filter { $0.environment == environment && $0.state == "active" }
    }

    // MARK: Unregistered device tokens

    static func markUnregistered(_ db: Database, app: String, accountCode: String) throws {
        try PaytronixUnregisteredTokenRecord(appIdentifier: app, accountCode: accountCode)
            .insert(db, onConflict: .ignore)
    }

    static func isUnregistered(_ db: Database, app: String, accountCode: String) throws -> Bool {
        try !PaytronixUnregisteredTokenRecord.filter { $0.appIdentifier == app && $0.accountCode == accountCode }
            .isEmpty(db)
    }

    // MARK: Deliveries

    static func recordDelivery(_ db: Database, _ notification: PaytronixPushNotificationRecord) throws {
        try notification.insert(db)
    }

    /// Every recorded delivery, newest first.
    static func deliveries(_ db: Database) throws -> [PaytronixPushNotificationRecord] {
        try PaytronixPushNotificationRecord.order { $0.id.desc }.fetchAll(db)
    }

    // MARK: Reset

    /// Empties the push tables.
    static func deleteAll(_ db: Database) throws {
        try PaytronixPushNotificationRecord.deleteAll(db)
        try PaytronixUnregisteredTokenRecord.deleteAll(db)
        try PaytronixPushPackageRecord.deleteAll(db)
    }
}
