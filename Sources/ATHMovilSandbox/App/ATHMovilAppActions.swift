import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// What the customer can do in the simulated app, and the reply URL each outcome sends to the merchant app.
enum ATHMovilAppAction: String, Sendable, CaseIterable {
    case complete
    case cancel
    case fail
    case expire

    /// Who approves: for the dummy business the built-in simulated customer; otherwise a test customer.
    /// A non-nil `pin` means the HTML page asked: phone and PIN are then both required and must match
    /// (§5.2, §5.7). The JSON control routes pass `nil`: the phone is optional and defaults to the first
    /// test customer.
    static func customer(for business: ATHMovilBusiness, phone: String?, pin: String?, _ db: Database)
        throws(SandboxPlainError) -> ATHMovilCustomer
    {
        if business.isDummy { return .simulated }
        if let pin {
            guard let phone, !phone.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw SandboxPlainError.field("customerPhone", "enter the phone number of a test customer")
            }
            guard !pin.isEmpty else { throw SandboxPlainError.field("pin", "enter the customer's PIN") }
        }
        do {
            if let phone, !phone.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let customer = try ATHMovilAccountStore.customer(phone: phone, db) else {
                    throw SandboxPlainError.field("customerPhone", "no test customer has this phone number")
                }
                if let pin, pin != customer.pin {
                    throw SandboxPlainError.field("pin", "does not match the customer's PIN")
                }
                return customer
            }
            guard let first = try ATHMovilAccountStore.customers(db).first else {
                throw SandboxPlainError.field("customerPhone", "no test customers exist; create one first")
            }
            return first
        } catch let failure as SandboxPlainError {
            throw failure
        } catch {
            throw SandboxPlainError(status: 400, message: "customerPhone: \(error)")
        }
    }

    /// Applies the action and returns the reply URL. Repeating the action that produced the current state
    /// returns that outcome's URL again; any other action on a finished payment is refused (409).
    func perform(
        on ecommerce: inout ATHMovilEcommerce, business: ATHMovilBusiness, customerPhone: String?, pin: String?,
        now: Date, _ db: Database
    ) throws -> String {
        switch (self, ecommerce.state) {
        case (.complete, .open):
            ecommerce.customer = try Self.customer(for: business, phone: customerPhone, pin: pin, db)
            if ecommerce.flow.isLegacy {
                try ATHMovilPaymentStore.complete(&ecommerce, business: business, now: now, db)
            } else {
                ecommerce.state = .confirm
                ecommerce.updatedAt = now
            }
        case (.complete, .confirm), (.complete, .completed), (.cancel, .cancelled), (.expire, .expired),
            (.fail, .failed):
            break
        case (.cancel, .open):
            ecommerce.state = .cancelled
            ecommerce.updatedAt = now
        case (.expire, .open), (.expire, .confirm):
            ecommerce.state = .expired
            ecommerce.updatedAt = now
        case (.fail, .open), (.fail, .confirm):
            if ecommerce.customer == nil, let customerPhone, !customerPhone.isEmpty {
                ecommerce.customer = try Self.customer(for: business, phone: customerPhone, pin: nil, db)
            }
            ecommerce.state = .failed
            ecommerce.updatedAt = now
        default:
            throw SandboxPlainError.paymentState(ecommerce.state)
        }
        let url = Self.callbackURL(for: ecommerce, now: now)
        ecommerce.callbacks.append(url)
        try ATHMovilPaymentStore.save(ecommerce, db)
        return url
    }

    /// The reply URL for the payment's current state.
    static func callbackURL(for ecommerce: ATHMovilEcommerce, now: Date) -> String {
        ATHMovilWire.callbackURL(
            scheme: ecommerce.scheme.isEmpty ? "athm-checkout" : ecommerce.scheme,
            reply: ATHMovilWire.reply(ecommerce, now: now))
    }
}
