import Foundation

/// The customer's favourites (`…/favourite`).
public final class FavouriteManager: Sendable {
    private let routes: RecordRoutes<Favourite>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "favourite", idOf: { $0.id }) }

    /// Saves a new favourite on the server and returns it with the id the server assigned.
    /// - Throws: `RezolveError` when the server refuses it or the call fails.
    public func create(_ favourite: Favourite) async throws(RezolveError) -> Favourite {
        try await routes.create(favourite)
    }
    /// Replaces the stored favourite that has the same id, and returns it as the server stored it.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func update(_ favourite: Favourite) async throws(RezolveError) -> Favourite {
        try await routes.update(favourite)
    }
    /// Removes the favourite with this id from the server.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func delete(_ favourite: Favourite) async throws(RezolveError) { try await routes.delete(favourite) }
    /// Fetches one favourite by its server id.
    /// - Throws: `RezolveError` when there is no such favourite or the call fails.
    public func get(id: String) async throws(RezolveError) -> Favourite { try await routes.get(id: id) }
    /// Fetches every favourite the customer has saved; empty when there are none.
    public func getAll() async throws(RezolveError) -> [Favourite] { try await routes.getAll() }

    /// Callback form of `create(_:)`: the handler runs on the main actor with the stored favourite or the error.
    public func create(
        favourite: Favourite, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.create(favourite) }, completion: completionHandler)
    }

    /// Callback form of `update(_:)`: the handler runs on the main actor with the stored favourite or the error.
    public func update(
        favourite: Favourite, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.update(favourite) }, completion: completionHandler)
    }

    /// Callback form of `delete(_:)`: the handler runs on the main actor with success or the error.
    public func delete(
        favourite: Favourite, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.delete(favourite) }, completion: completionHandler)
    }

    /// Callback form of `get(id:)`: the handler runs on the main actor with the favourite or the error.
    public func get(id: String, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    /// Callback form of `getAll()`: the handler runs on the main actor with every favourite or the error.
    public func getAll(completionHandler: @escaping @MainActor (Result<[Favourite], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}
