#if canImport(PassKit)
import Contacts
import Foundation
import PassKit

extension PayPaymentRequest {
    /// The request as PassKit takes it.
    var passKitRequest: PKPaymentRequest {
        let request = PKPaymentRequest()
        request.countryCode = countryCode
        request.currencyCode = currencyCode
        request.merchantIdentifier = merchantIdentifier
        request.supportedNetworks = supportedCardBrands.compactMap(\.paymentNetwork)
        request.requiredBillingContactFields = Set(requiredBillingContactFields.map(\.passKitField))
        request.requiredShippingContactFields = Set(requiredShippingContactFields.map(\.passKitField))
        request.merchantCapabilities = .capability3DS
        request.paymentSummaryItems = summaryItems.map(\.passKitItem)
        return request
    }
}

extension PayCardBrand {
    /// The Apple Pay network; Diners Club has none.
    public var paymentNetwork: PKPaymentNetwork? {
        switch self {
        case .visa: .visa
        case .masterCard: .masterCard
        case .discover: .discover
        case .americanExpress: .amex
        case .jcb: .JCB
        case .dinersClub: nil
        }
    }
}

extension PayContactField {
    var passKitField: PKContactField {
        switch self {
        case .postalAddress: .postalAddress
        case .name: .name
        case .phone: .phoneNumber
        case .email: .emailAddress
        }
    }
}

extension PaySummaryItem {
    /// The line as a PassKit summary item.
    public var passKitItem: PKPaymentSummaryItem {
        PKPaymentSummaryItem(label: label, amount: NSDecimalNumber(decimal: amount))
    }
}

extension PayShippingMethod {
    /// The method as a PassKit shipping method.
    public var passKitMethod: PKShippingMethod {
        let method = PKShippingMethod(label: label, amount: NSDecimalNumber(decimal: amount))
        method.identifier = identifier
        method.detail = detail
        return method
    }
}

extension PaySheetStatus {
    var passKitStatus: PKPaymentAuthorizationStatus {
        switch self {
        case .success: .success
        case .failure: .failure
        case .invalidShippingPostalAddress: .failure
        }
    }

    /// PassKit reports an unusable address through an error rather than a status.
    var passKitErrors: [any Error]? {
        guard self == .invalidShippingPostalAddress else { return nil }
        return [PKPaymentRequest.paymentShippingAddressUnserviceableError(withLocalizedDescription: nil)]
    }
}

extension PayContact {
    /// The parts of a PassKit contact the session uses.
    public init(_ contact: PKContact) {
        self.init(
            firstName: contact.name?.givenName, lastName: contact.name?.familyName,
            phone: contact.phoneNumber?.stringValue, email: contact.emailAddress,
            postalAddress: contact.postalAddress.map(PayContact.PostalAddress.init))
    }
}

extension PayContact.PostalAddress {
    /// A Contacts postal address.
    public init(_ address: CNPostalAddress) {
        self.init(
            street: address.street, city: address.city, state: address.state, postalCode: address.postalCode,
            country: address.country, isoCountryCode: address.isoCountryCode)
    }
}
#endif
