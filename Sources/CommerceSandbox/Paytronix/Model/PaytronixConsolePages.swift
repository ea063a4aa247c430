import CommerceCore
import Foundation
import GRDB

/// The paged listings the console shows for Paytronix, newest first.
extension PaytronixStore {
    /// Guests (users) with their primary card; never their password or registration code.
    static func guestsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try PaytronixUser.fetchCount(db)
        let users = try PaytronixUser.order(Column("id").desc).limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = try users.map { user in
            [
                "username": .string(user.username), "merchantId": .integer(user.merchantId),
                "accountId": .integer(user.accountId),
                "printedCardNumber": .from(try primaryCardNumber(db, accountId: user.accountId)),
                "firstName": .from(user.firstName), "lastName": .from(user.lastName), "email": .from(user.email),
                "mobilePhone": .from(user.mobilePhone),
            ]
        }
        return (items, total)
    }

    /// External accounts (push devices), attached or not, with the account's primary card.
    static func externalAccountsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try PaytronixExternalAccount.fetchCount(db)
        let accounts = try PaytronixExternalAccount.order(Column("id").desc).limit(page.limit, offset: page.offset)
            .fetchAll(db)
        let items: [JSONValue] = try accounts.map { account in
            guard case .object(var object) = account.wireObject else { return .null }
            object["printedCardNumber"] = .from(try primaryCardNumber(db, accountId: account.accountId))
            object["merchantId"] = .integer(account.merchantId)
            object["state"] = .string(account.state)
            return .object(object)
        }
        return (items, total)
    }

    /// Recorded push deliveries, each as `POST /sandbox/paytronix/push/send` reported it.
    static func pushDeliveriesPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try PaytronixPushNotification.fetchCount(db)
        let deliveries = try PaytronixPushNotification.order(Column("id").desc).limit(page.limit, offset: page.offset)
            .fetchAll(db)
        return (deliveries.map { (try? JSONValue.parse(Data($0.record.utf8))) ?? .null }, total)
    }
}
