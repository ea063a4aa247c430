import Buy
import Foundation

// The Mobile Buy SDK document's customer accounts: sign-up, log-in (access token), renewal, password recovery,
// addresses, the customer's profile, addresses and orders, and updates that set or clear a field with Input<T>.

/// The document's two update inputs: a new phone number, and an explicit null that removes it.
func phoneUpdateInputs(newPhone: String) -> (set: Storefront.CustomerUpdateInput, clear: Storefront.CustomerUpdateInput)
{
    let setPhone = Storefront.CustomerUpdateInput(
        phone: .value(newPhone)
    )
    let clearPhone = Storefront.CustomerUpdateInput(
        phone: .value(nil)
    )
    return (setPhone, clearPhone)
}

/// An app's account service.
final class AccountService {
    let client: Graph.Client

    init(client: Graph.Client) {
        self.client = client
    }

    /// Creates an account; the buyer still has to log in afterwards.
    @available(*, deprecated, message: "the document's Input-valued email and password, and its userErrors")
    func signUp(
        email: String, password: String, firstName: String, lastName: String,
        completion: @escaping (_ customerID: GraphQL.ID?, _ problems: [String]) -> Void
    ) {
        let input = Storefront.CustomerCreateInput.create(
            email: .value(email),
            password: .value(password),
            firstName: .value(firstName),
            lastName: .value(lastName),
            acceptsMarketing: .value(true)
        )

        let mutation = Storefront.buildMutation {
            $0
                .customerCreate(input: input) {
                    $0
                        .customer {
                            $0
                                .id()
                                .email()
                                .firstName()
                                .lastName()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, error in
            let payload = response?.customerCreate
            completion(payload?.customer?.id, payload?.userErrors.map { $0.message } ?? [])
        }
        task.resume()
    }

    /// Exchanges the buyer's credentials for an access token and its expiry.
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func logIn(email: String, password: String, completion: @escaping (_ token: String?, _ expiry: Date?) -> Void) {
        let input = Storefront.CustomerAccessTokenCreateInput.create(
            email: email,
            password: password
        )

        let mutation = Storefront.buildMutation {
            $0
                .customerAccessTokenCreate(input: input) {
                    $0
                        .customerAccessToken {
                            $0
                                .accessToken()
                                .expiresAt()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, _ in
            let token = response?.customerAccessTokenCreate?.customerAccessToken
            completion(token?.accessToken, token?.expiresAt)
        }
        task.resume()
    }

    /// Extends an access token's life before it expires.
    func renew(token: String, completion: @escaping (_ token: String?, _ expiry: Date?) -> Void) {
        let mutation = Storefront.buildMutation {
            $0
                .customerAccessTokenRenew(customerAccessToken: token) {
                    $0
                        .customerAccessToken {
                            $0
                                .accessToken()
                                .expiresAt()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, _ in
            let renewed = response?.customerAccessTokenRenew?.customerAccessToken
            completion(renewed?.accessToken, renewed?.expiresAt)
        }
        task.resume()
    }

    /// Sends the buyer a password-reset mail.
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func recoverPassword(email: String, completion: @escaping ([String]) -> Void) {
        let mutation = Storefront.buildMutation {
            $0
                .customerRecover(email: email) {
                    $0
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, _ in
            completion(response?.customerRecover?.userErrors.map { $0.message } ?? ["no answer"])
        }
        task.resume()
    }

    /// Adds an address to the account of the buyer whose access token this is.
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func addAddress(
        token: String, completion: @escaping (_ addressID: GraphQL.ID?, _ firstLine: String?) -> Void
    ) {
        let input = Storefront.MailingAddressInput.create(
            address1: .value("1 Harbour Sq."),
            address2: .value("Unit 9"),
            city: .value("Toronto"),
            country: .value("Canada"),
            firstName: .value("Ada"),
            lastName: .value("Lovelace"),
            phone: .value("1-555-010-9999"),
            province: .value("ON"),
            zip: .value("M5J 2L1")
        )

        let mutation = Storefront.buildMutation {
            $0
                .customerAddressCreate(customerAccessToken: token, address: input) {
                    $0
                        .customerAddress {
                            $0
                                .id()
                                .address1()
                                .address2()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, _ in
            let address = response?.customerAddressCreate?.customerAddress
            completion(address?.id, address?.address1)
        }
        task.resume()
    }

    /// The buyer's name and email.
    func loadProfile(token: String, completion: @escaping (_ name: String?, _ email: String?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .customer(customerAccessToken: token) {
                    $0
                        .id()
                        .firstName()
                        .lastName()
                        .email()
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            let customer = response?.customer
            let name = [customer?.firstName, customer?.lastName].compactMap { $0 }.joined(separator: " ")
            completion(customer == nil ? nil : name, customer?.email)
        }
        task.resume()
    }

    /// The cities of the buyer's saved addresses.
    func loadAddresses(token: String, completion: @escaping ([String]) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .customer(customerAccessToken: token) {
                    $0
                        .addresses(first: 10) {
                            $0
                                .edges {
                                    $0
                                        .node {
                                            $0
                                                .address1()
                                                .address2()
                                                .city()
                                                .province()
                                                .country()
                                        }
                                }
                        }
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            completion(response?.customer?.addresses.edges.compactMap { $0.node.city } ?? [])
        }
        task.resume()
    }

    /// The numbers of the buyer's past orders.
    @available(*, deprecated, message: "Order.totalPrice is deprecated in Storefront 2021-10; the document uses it")
    func loadOrderHistory(token: String, completion: @escaping ([Int32]) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .customer(customerAccessToken: token) {
                    $0
                        .orders(first: 10) {
                            $0
                                .edges {
                                    $0
                                        .node {
                                            $0
                                                .id()
                                                .orderNumber()
                                                .totalPrice()
                                        }
                                }
                        }
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            completion(response?.customer?.orders.edges.map { $0.node.orderNumber } ?? [])
        }
        task.resume()
    }

    /// Sets (or, with `nil`, removes) the buyer's phone number; hands back the number the shop now has.
    func updatePhone(_ phone: String?, token: String, completion: @escaping (_ phone: String?, _ ok: Bool) -> Void) {
        let input = Storefront.CustomerUpdateInput(
            phone: .value(phone)
        )
        let mutation = Storefront.buildMutation {
            $0
                .customerUpdate(customerAccessToken: token, customer: input) {
                    $0
                        .customer {
                            $0
                                .phone()
                        }
                        .customerUserErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { response, _ in
            let payload = response?.customerUpdate
            completion(payload?.customer?.phone, payload?.customerUserErrors.isEmpty ?? false)
        }
        task.resume()
    }
}
