import Foundation
import GRDB

/// Reads and writes of the simulated push service's tables.
extension PaytronixStore {
    /// Stores an uploaded package as the active one for its app and environment, replacing the previous one.
    static func activate(_ db: Database, _ package: PaytronixPushPackage) throws {
        try activePackages(merchantId: package.merchantId, app: package.appIdentifier, environment: package.environment)
            .updateAll(db, Column("state").set(to: "replaced"))
        try package.insert(db)
    }

    /// Marks the active package of an app and environment deleted; returns how many there were.
    static func deleteActivePackage(_ db: Database, merchantId: Int64, app: String, environment: String) throws -> Int {
        try activePackages(merchantId: merchantId, app: app, environment: environment).updateAll(
            db, Column("state").set(to: "deleted"))
    }

    static func activePackage(_ db: Database, merchantId: Int64, app: String, environment: String) throws
        -> PaytronixPushPackage?
    {
        try activePackages(merchantId: merchantId, app: app, environment: environment).fetchOne(db)
    }

    /// Every package ever uploaded, newest first.
    static func pushPackages(_ db: Database) throws -> [PaytronixPushPackage] {
        try PaytronixPushPackage.order(Column("id").desc).fetchAll(db)
    }

    private static func activePackages(merchantId: Int64, app: String, environment: String) -> QueryInterfaceRequest<
        PaytronixPushPackage
    > {
        PaytronixPushPackage.filter(
            Column("merchant_id") == merchantId && Column("app_identifier") == app
                && Column("environment") == environment && Column("state") == "active")
    }

    /// The devices of an account that are attached for this app, oldest first.
    static func attachedDevices(_ db: Database, accountId: Int64, app: String) throws -> [PaytronixExternalAccount] {
        try PaytronixExternalAccount.filter(
            Column("account_id") == accountId && Column("app_identifier") == app
                && Column("state") == "attached"
        ).order(Column("id")).fetchAll(db)
    }

    static func markUnregistered(_ db: Database, app: String, accountCode: String) throws {
        try PaytronixUnregisteredToken(appIdentifier: app, accountCode: accountCode).insert(db, onConflict: .ignore)
    }

    static func isUnregistered(_ db: Database, app: String, accountCode: String) throws -> Bool {
        try PaytronixUnregisteredToken.exists(db, key: ["app_identifier": app, "account_code": accountCode])
    }

    static func recordDelivery(_ db: Database, _ notification: PaytronixPushNotification) throws {
        try notification.insert(db)
    }

    /// Every recorded delivery, newest first.
    static func deliveries(_ db: Database) throws -> [PaytronixPushNotification] {
        try PaytronixPushNotification.order(Column("id").desc).fetchAll(db)
    }
}
