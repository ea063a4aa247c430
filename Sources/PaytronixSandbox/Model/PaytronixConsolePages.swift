import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The paged listings the console shows for Paytronix guests, newest first.
extension PaytronixGuestStore {
    /// Guests (users) with their primary card; never their password or registration code.
    static func guestsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try PaytronixUserRecord.fetchCount(db)
        let users = try PaytronixUserRecord.order { $0.id.desc }.limit(page.limit, offset: page.offset).fetchAll(db)
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
        let total = try PaytronixExternalAccountRecord.fetchCount(db)
        let accounts = try PaytronixExternalAccountRecord.order { $0.id.desc }
            .limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = try accounts.map { account in
            guard case .object(var object) = account.wireObject else { return .null }
            object["printedCardNumber"] = .from(try primaryCardNumber(db, accountId: account.accountId))
            object["merchantId"] = .integer(account.merchantId)
            object["state"] = .string(account.state)
            return .object(object)
        }
        return (items, total)
    }
}

extension PaytronixPushStore {
    /// Recorded push deliveries, each as `POST /sandbox/paytronix/push/send` reported it (a corrupt row throws).
    static func deliveriesPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try PaytronixPushNotificationRecord.fetchCount(db)
        let deliveries = try PaytronixPushNotificationRecord.order { $0.id.desc }
            .limit(page.limit, offset: page.offset).fetchAll(db)
        return (try deliveries.map { try $0.report() }, total)
    }
}
