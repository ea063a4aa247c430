import Buy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Mobile Buy SDK document's "Graph.Client" sections (creation, queries, mutations, retry, caching, errors),
// written the way an app would: free functions and an ordinary class that calls the client from its methods and
// from inside completion closures. Compiled in Swift 6 (SeedCodeTests) and Swift 5 (SeedCodeSwift5Tests) mode.

/// A client for a shop with the document's two arguments.
func makeStoreClient(domain: String, storefrontToken: String) -> Graph.Client {
    Graph.Client(shopDomain: domain, apiKey: storefrontToken)
}

/// A client that asks the shop for content translated into the buyer's language.
func makeLocalizedStoreClient(domain: String, storefrontToken: String) -> Graph.Client {
    Graph.Client(
        shopDomain: domain,
        apiKey: storefrontToken,
        locale: Locale.current
    )
}

/// A client that shares the app's own URL session.
func makeStoreClient(domain: String, storefrontToken: String, sharing session: URLSession) -> Graph.Client {
    Graph.Client(shopDomain: domain, apiKey: storefrontToken, session: session)
}

/// The document's literal set-up: a shop domain and a key written in the source.
func makeLiteralStoreClient() -> Graph.Client {
    let client = Graph.Client(shopDomain: "shoes.myshopify.com", apiKey: "c2FuZGJveCBzYW1wbGUga2V5")
    client.cachePolicy = .cacheFirst
    return client
}

/// The query for the shop's name, typed rather than written as a string.
func shopNameOnlyQuery() -> Storefront.QueryRootQuery {
    Storefront.buildQuery {
        $0
            .shop {
                $0
                    .name()
            }
    }
}

/// The document's "never do this": the same selection built on the abstract query type, without the typed
/// builders.
func untypedShopNameQuery() -> GraphQL.AbstractQuery {
    let shopQuery = GraphQL.AbstractQuery()
    shopQuery.addField(field: "name")

    let query = GraphQL.AbstractQuery()
    query.addField(field: "shop", subfields: shopQuery)
    return query
}

/// The document's "never do this" for responses: key-value access and casts instead of typed properties.
func untypedShopName(from response: GraphQL.AbstractResponse) -> String? {
    let shop = response.field("shop") as? GraphQL.AbstractResponse
    return shop?.field("name") as? String
}

/// A retry handler with only a condition: it repeats while `keepTrying` says so and the handler can retry.
func makeConditionalRetry(keepTrying: @escaping () -> Bool) -> Graph.RetryHandler<Storefront.QueryRoot> {
    Graph.RetryHandler<Storefront.QueryRoot> { (response, error) -> Bool in
        if keepTrying() {
            return true
        }
        return false
    }
}

/// The same kind of handler for mutations: the handler is generic over the response.
func makeMutationRetry(attempts: Int) -> Graph.RetryHandler<Storefront.Mutation> {
    Graph.RetryHandler<Storefront.Mutation>(endurance: .finite(attempts)) { response, error in
        response == nil && error != nil
    }
}

/// A polling handler without a limit; the document advises a finite one, so this is for a condition that is
/// known to end.
func makeUnboundedPoll(until done: @escaping (Storefront.QueryRoot?) -> Bool)
    -> Graph.RetryHandler<Storefront.QueryRoot>
{
    Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite) { response, _ in !done(response) }
}

/// What the client decides after a response: it repeats only while the condition holds and the handler can retry.
func wouldRepeat(
    _ handler: Graph.RetryHandler<Storefront.QueryRoot>, after response: Storefront.QueryRoot?, error: Graph.QueryError?
) -> Bool {
    handler.condition(response, error) && handler.canRetry
}

/// Describes a query error for a log line; `QueryError` is an enum, so its cases are matched directly.
func describeQueryFailure(_ error: Graph.QueryError) -> String {
    switch error {
    case .request(let underlying): return "request failed: \(underlying.map { "\($0)" } ?? "unknown")"
    case .http(let statusCode): return "HTTP \(statusCode)"
    case .noData: return "no data"
    case .jsonDeserializationFailed: return "body is not JSON"
    case .invalidJson: return "unexpected JSON"
    case .invalidQuery(let reasons): return reasons.map(\.message).joined(separator: "; ")
    case .schemaViolation(let violation): return "schema violation: \(violation)"
    case .cacheMiss: return "nothing cached"
    case .cancelled: return "cancelled"
    }
}

/// An app's store front screen model: it owns one client and reports results through closures.
final class StoreFrontModel {
    let client: Graph.Client
    private(set) var shopName: String?

    init(client: Graph.Client) {
        self.client = client
    }

    /// Turns on client-wide caching: every query without its own policy reads the cache first.
    func preferCachedAnswers() {
        client.cachePolicy = .cacheFirst
    }

    /// Asks for the shop's name with the client's cache policy.
    func loadShopName(completion: @escaping (String?) -> Void) {
        let query = shopNameOnlyQuery()
        let task = client.queryGraphWith(query) { response, error in
            if let response = response {
                let name = response.shop.name
                self.shopName = name
                completion(name)
            } else {
                print("Query failed: \(error.map(describeQueryFailure) ?? "no error given")")
                completion(nil)
            }
        }
        task.resume()
    }

    /// Overrides the client-wide policy for one request: network first, a cached answer for 20 seconds.
    func loadShopNamePreferringNetwork(completion: @escaping (String?) -> Void) {
        let query = shopNameOnlyQuery()
        let task = client.queryGraphWith(query, cachePolicy: .networkFirst(expireIn: 20)) { query, error in
            completion(query?.shop.name)
        }
        task.resume()
    }

    /// The other three policies, chosen per request.
    func loadShopName(policy: Graph.CachePolicy, completion: @escaping (String?, Graph.QueryError?) -> Void) {
        let chosen: Graph.CachePolicy
        switch policy {
        case .cacheOnly: chosen = .cacheOnly
        case .networkOnly: chosen = .networkOnly
        case .cacheFirst(let seconds): chosen = .cacheFirst(expireIn: seconds)
        case .networkFirst(let seconds): chosen = .networkFirst(expireIn: seconds)
        }
        let task = client.queryGraphWith(shopNameOnlyQuery(), cachePolicy: chosen) { response, error in
            completion(response?.shop.name, error)
        }
        task.resume()
    }

    /// Reports the HTTP status of a failed request, as the document's error section checks it.
    func loadShopNameReportingStatus(completion: @escaping (String?, Int?) -> Void) {
        let task = client.queryGraphWith(shopNameOnlyQuery()) { response, error in
            if let response = response {
                completion(response.shop.name, nil)
            } else {
                if let error = error, case .http(let statusCode) = error {
                    print("Query failed. HTTP error code: \(statusCode)")
                    completion(nil, statusCode)
                } else {
                    completion(nil, nil)
                }
            }
        }
        task.resume()
    }

    /// Runs any query and prints the GraphQL reasons of an invalid one before looking at the result.
    func run(_ query: Storefront.QueryRootQuery, completion: @escaping (Storefront.QueryRoot?, [String]) -> Void) {
        let task = self.client.queryGraphWith(query) { result, error in
            var messages: [String] = []
            if let error = error, case .invalidQuery(let reasons) = error {
                reasons.forEach {
                    let place = "\($0.line.map(String.init) ?? "?"):\($0.column.map(String.init) ?? "?")"
                    print("Error on \(place) - \($0.message)")
                    messages.append($0.message)
                }
            }

            if let result = result {
                completion(result, messages)
            } else {
                completion(nil, messages)
            }
        }
        task.resume()
    }

    /// Repeats the query while `keepTrying` holds, then completes once.
    func loadShopName(retryingWhile keepTrying: @escaping () -> Bool, completion: @escaping (String?) -> Void) {
        let handler = makeConditionalRetry(keepTrying: keepTrying)
        let task = client.queryGraphWith(shopNameOnlyQuery(), retryHandler: handler) { response, _ in
            completion(response?.shop.name)
        }
        task.resume()
    }

    /// Starts a request and takes it back: a cancelled task never calls its completion.
    func startAndAbandonShopNameQuery(completion: @escaping (String?) -> Void) -> any GraphTask {
        let task = client.queryGraphWith(shopNameOnlyQuery()) { response, _ in
            completion(response?.shop.name)
        }
        task.resume()
        task.cancel()
        return task
    }

    /// Resets a customer's password with the token from the recovery mail (the document's mutation example).
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func resetPassword(
        customerID: GraphQL.ID, resetToken: String, newPassword: String,
        completion: @escaping (_ fullName: String?, _ problems: [String]) -> Void
    ) {
        let input = Storefront.CustomerResetInput.create(resetToken: resetToken, password: newPassword)
        let mutation = Storefront.buildMutation {
            $0
                .customerReset(id: customerID, input: input) {
                    $0
                        .customer {
                            $0
                                .id()
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

        let task = client.mutateGraphWith(mutation, retryHandler: makeMutationRetry(attempts: 1)) { response, error in
            if let mutation = response?.customerReset {
                if let customer = mutation.customer, mutation.userErrors.isEmpty {
                    let fullName = [customer.firstName, customer.lastName].compactMap { $0 }.joined(separator: " ")
                    completion(fullName, [])
                } else {
                    print("Failed to reset password. Encountered invalid fields:")
                    let problems = mutation.userErrors.map {
                        let fieldPath = $0.field?.joined() ?? ""
                        print("  \(fieldPath): \($0.message)")
                        return $0.message
                    }
                    completion(nil, problems)
                }
            } else {
                print("Failed to reset password: \(error.map(describeQueryFailure) ?? "no error given")")
                completion(nil, [])
            }
        }
        task.resume()
    }
}
