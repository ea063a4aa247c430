import Foundation

/// The customer's address book (`…/addressbook`).
public final class AddressbookManager: Sendable {
    private let routes: RecordRoutes<Address>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "addressbook", idOf: { $0.id }) }

    public func create(_ address: Address) async throws(RezolveError) -> Address { try await routes.create(address) }
    public func update(_ address: Address) async throws(RezolveError) -> Address { try await routes.update(address) }
    public func delete(_ address: Address) async throws(RezolveError) { try await routes.delete(address) }
    public func get(id: String) async throws(RezolveError) -> Address { try await routes.get(id: id) }
    public func getAll() async throws(RezolveError) -> [Address] { try await routes.getAll() }

    public func create(address: Address, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(address) }, completion: completionHandler)
    }

    public func update(address: Address, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(address) }, completion: completionHandler)
    }

    public func delete(address: Address, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(address) }, completion: completionHandler)
    }

    public func get(id: String, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    public func getAll(completionHandler: @escaping @MainActor (Result<[Address], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }

    /// The legacy form used by the seed's renewal example: `errorCallback` receives the HTTP status (such as 401).
    public func getAll(callback: @escaping @MainActor ([Address]) -> Void,
                       errorCallback: @escaping @MainActor (HttpResponse) -> Void) {
        Deliver.legacy({ () async throws(RezolveError) in try await self.getAll() }, callback: callback,
                       errorCallback: errorCallback)
    }
}
