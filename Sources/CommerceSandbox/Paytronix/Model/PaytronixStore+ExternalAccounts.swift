import CommerceCore
import Foundation
import GRDB

/// The devices and apps linked to an account (`paytronix_external_accounts`).
extension PaytronixStore {
    static func attachedExternalAccounts(_ db: Database, accountId: Int64) throws -> [PaytronixExternalAccount] {
        try PaytronixExternalAccount.filter(Column("account_id") == accountId && Column("state") == "attached")
            .order(Column("id")).fetchAll(db)
    }

    /// Every external account the account ever had, attached or not, oldest first.
    static func externalAccountHistory(_ db: Database, accountId: Int64) throws -> [PaytronixExternalAccount] {
        try PaytronixExternalAccount.filter(Column("account_id") == accountId).order(Column("id")).fetchAll(db)
    }

    /// The account an attached device code of this merchant was linked to most recently.
    static func accountId(_ db: Database, merchantId: Int64, externalAccountCode code: String) throws -> Int64? {
        try PaytronixExternalAccount.filter(
            Column("merchant_id") == merchantId && Column("account_code") == code
                && Column("state") == "attached"
        )
        .order(Column("id").desc).fetchOne(db)?.accountId
    }

    /// Applies `add` or `remove`; `add` updates in place, moves a device from another account, never duplicates.
    static func applyExternalAccounts(
        _ db: Database, merchantId: Int64, accountId: Int64, operation: String,
        accounts: [ValidExternalAccount], now: Date, fieldPrefix: String
    ) throws {
        let time = now.timeIntervalSince1970
        for account in accounts {
            if operation == "remove" {
                try db.execute(
                    sql: """
                        UPDATE paytronix_external_accounts SET state = 'removed', updated_at = ?
                        WHERE account_id = ? AND account_code = ? AND app_identifier = ? AND state = 'attached'
                        """, arguments: [time, accountId, account.accountCode, account.appIdentifier])
                continue
            }
            let existing = try PaytronixExternalAccount.filter(
                Column("merchant_id") == merchantId && Column("account_code") == account.accountCode
                    && Column("app_identifier") == account.appIdentifier && Column("state") == "attached"
            ).fetchAll(db)
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
                try PaytronixExternalAccount(
                    merchantId: merchantId, accountId: accountId, accountCode: account.accountCode,
                    appIdentifier: account.appIdentifier, integration: account.integration,
                    integrationDetail: account.integrationDetail, state: "attached", createdAt: time,
                    updatedAt: time
                ).insert(db)
            }
        }
        let total = try PaytronixExternalAccount.filter(
            Column("account_id") == accountId && Column("state") == "attached"
        ).fetchCount(db)
        if total > 20 {
            throw PaytronixFailure(
                400, "enrollment.field_validation", "An account can hold at most 20 external accounts",
                field: fieldPrefix)
        }
    }
}
