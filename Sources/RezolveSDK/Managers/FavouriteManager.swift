import Foundation

/// The customer's favourites (`…/favourite`).
public final class FavouriteManager: Sendable {
    private let routes: RecordRoutes<Favourite>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "favourite", idOf: { $0.id }) }

    public func create(_ favourite: Favourite) async throws(RezolveError) -> Favourite { try await routes.create(favourite) }
    public func update(_ favourite: Favourite) async throws(RezolveError) -> Favourite { try await routes.update(favourite) }
    public func delete(_ favourite: Favourite) async throws(RezolveError) { try await routes.delete(favourite) }
    public func get(id: String) async throws(RezolveError) -> Favourite { try await routes.get(id: id) }
    public func getAll() async throws(RezolveError) -> [Favourite] { try await routes.getAll() }

    public func create(favourite: Favourite, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(favourite) }, completion: completionHandler)
    }

    public func update(favourite: Favourite, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(favourite) }, completion: completionHandler)
    }

    public func delete(favourite: Favourite, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(favourite) }, completion: completionHandler)
    }

    public func get(id: String, completionHandler: @escaping @MainActor (Result<Favourite, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    public func getAll(completionHandler: @escaping @MainActor (Result<[Favourite], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}
