import CommerceCore
import Foundation
import GRDB

/// The devices and apps linked to an account (`paytronix_external_accounts`).
extension PaytronixGuestStore {
    static func attachedExternalAccounts(_ db: Database, accountId: Int64) throws -> [PaytronixExternalAccountRecord] {
        try PaytronixExternalAccountRecord.filter { $0.accountId == accountId }.attached().order { $0.id }.fetchAll(db)
    }

    /// The devices of an account that are attached for this app, oldest first.
    static func attachedDevices(_ db: Database, accountId: Int64, app: String) throws
        -> [PaytronixExternalAccountRecord]
    {
        try PaytronixExternalAccountRecord.filter { $0.accountId == accountId && $0.appIdentifier == app }.attached()
            .order { $0.id }.fetchAll(db)
    }

    /// Every external account the account ever had, attached or not, oldest first.
    static func externalAccountHistory(_ db: Database, accountId: Int64) throws -> [PaytronixExternalAccountRecord] {
        try PaytronixExternalAccountRecord.filter { $0.accountId == accountId }.order { $0.id }.fetchAll(db)
    }

    /// The account an attached device code of this merchant was linked to most recently.
    static func accountId(_ db: Database, merchantId: Int64, externalAccountCode code: String) throws -> Int64? {
        try PaytronixExternalAccountRecord.filter { $0.merchantId == merchantId && $0.accountCode == code }.attached()
            .order { $0.id.desc }.select({ $0.accountId }, as: Int64.self).fetchOne(db)
    }

    /// Applies `add` or `remove`; `add` updates in place, moves a device from another account, never duplicates.
    static func applyExternalAccounts(
        _ db: Database, merchantId: Int64, accountId: Int64, operation: String,
        accounts: [ValidExternalAccount], now: Date, fieldPrefix: String
    ) throws {
        let time = now.timeIntervalSince1970
        for account in accounts {
            if operation == "remove" {
                try PaytronixExternalAccountRecord.filter { $0.accountId == accountId }
                    .device(code: account.accountCode, app: account.appIdentifier).attached().updateAll(db) {
                        [$0.state.set(to: "removed"), $0.updatedAt.set(to: time)]
                    }
                continue
            }
            let existing = try PaytronixExternalAccountRecord.filter { $0.merchantId == merchantId }
                .device(code: account.accountCode, app: account.appIdentifier).attached().fetchAll(db)
            var updated = false
            for var row in existing {
                if row.accountId == accountId {
                    row.integration = account.integration
                    row.integrationDetail = account.integrationDetail
                    updated = true
                } else {
                    row.state = "moved"
                    row.movedTo = accountId
                }
                row.updatedAt = time
                try row.update(db)
            }
            if !updated {
                try PaytronixExternalAccountRecord(
                    merchantId: merchantId, accountId: accountId, accountCode: account.accountCode,
                    appIdentifier: account.appIdentifier, integration: account.integration,
                    integrationDetail: account.integrationDetail, state: "attached", createdAt: time,
                    updatedAt: time
                ).insert(db)
            }
        }
        let total = try PaytronixExternalAccountRecord.filter { $0.accountId == accountId }.attached().fetchCount(db)
        if total > 20 {
            throw PaytronixFailure(
                400, "enrollment.field_validation", "An account can hold at most 20 external accounts",
                field: fieldPrefix)
        }
    }
}
