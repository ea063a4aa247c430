import Foundation

/// The partner's merchants and merchant search.
public final class MerchantManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// `GET …/merchant?visibility=active|all`.
    public func getMerchants(onlyActive: Bool = true) async throws(RezolveError) -> [Merchant] {
        try await core.get(
            [Merchant].self, core.customerPath(1, "/merchant"),
            query: [("visibility", onlyActive ? "active" : "all")])
    }

    /// `GET …/merchant/{id}`.
    public func getMerchant(id: String) async throws(RezolveError) -> Merchant {
        try await core.get(Merchant.self, core.customerPath(1, "/merchant/\(segment(id))"))
    }

    /// `POST /api/v1/search/merchants/{pid}/{eid}?page=&limit=`.
    public func searchForMerchants(using data: MerchantSearchData, page: Int, limit: Int) async throws(RezolveError)
        -> MerchantSearchResult
    {
        let path = "/api/v1/search/merchants/\(segment(core.partnerId))/\(segment(core.entityId))"
        return try await core.write(
            .post, MerchantSearchResult.self, path,
            query: [("page", String(page)), ("limit", String(limit))],
            body: try WireCoding.encode(data))
    }

    /// Callback form of `getMerchants(onlyActive:)`: the handler runs on the main actor with the merchants, or the
    /// error.
    public func getMerchants(
        onlyActive: Bool = true,
        completionHandler: @escaping @MainActor (Result<[Merchant], RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.getMerchants(onlyActive: onlyActive) },
            completion: completionHandler)
    }

    /// Callback form of `getMerchant(id:)`: the handler runs on the main actor with the merchant, or the error.
    public func getMerchant(
        id: String, completionHandler: @escaping @MainActor (Result<Merchant, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.getMerchant(id: id) }, completion: completionHandler)
    }

    /// Callback form of `searchForMerchants(using:page:limit:)`: the handler runs on the main actor with one page of
    /// results, or the error.
    public func searchForMerchants(
        using data: MerchantSearchData, page: Int, limit: Int,
        completionHandler: @escaping @MainActor (Result<MerchantSearchResult, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.searchForMerchants(using: data, page: page, limit: limit)
            },
            completion: completionHandler)
    }
}
