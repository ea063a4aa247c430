import Foundation

/// The customer's address book (`…/addressbook`).
public final class AddressbookManager: Sendable {
    private let routes: RecordRoutes<Address>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "addressbook", idOf: { $0.id }) }

    /// Saves a new address on the server and returns it with the id the server assigned.
    /// - Throws: `RezolveError` when the server refuses it or the call fails.
    public func create(_ address: Address) async throws(RezolveError) -> Address { try await routes.create(address) }
    /// Replaces the stored address that has the same id, and returns it as the server stored it.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func update(_ address: Address) async throws(RezolveError) -> Address { try await routes.update(address) }
    /// Removes the address with this id from the server.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func delete(_ address: Address) async throws(RezolveError) { try await routes.delete(address) }
    /// Fetches one address by its server id.
    /// - Throws: `RezolveError` when there is no such address or the call fails.
    public func get(id: String) async throws(RezolveError) -> Address { try await routes.get(id: id) }
    /// Fetches every address the customer has saved; empty when there are none.
    public func getAll() async throws(RezolveError) -> [Address] { try await routes.getAll() }

    /// Callback form of `create(_:)`: the handler runs on the main actor with the stored address or the error.
    public func create(
        address: Address, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void
    ) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(address) }, completion: completionHandler)
    }

    /// Callback form of `update(_:)`: the handler runs on the main actor with the stored address or the error.
    public func update(
        address: Address, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void
    ) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(address) }, completion: completionHandler)
    }

    /// Callback form of `delete(_:)`: the handler runs on the main actor with success or the error.
    public func delete(address: Address, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(address) }, completion: completionHandler)
    }

    /// Callback form of `get(id:)`: the handler runs on the main actor with the address or the error.
    public func get(id: String, completionHandler: @escaping @MainActor (Result<Address, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    /// Callback form of `getAll()`: the handler runs on the main actor with every address or the error.
    public func getAll(completionHandler: @escaping @MainActor (Result<[Address], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }

    /// The legacy form used by the seed's renewal example: `errorCallback` receives the HTTP status (such as 401).
    public func getAll(
        callback: @escaping @MainActor ([Address]) -> Void,
        errorCallback: @escaping @MainActor (HttpResponse) -> Void
    ) {
        Deliver.legacy(
            { () async throws(RezolveError) in try await self.getAll() }, callback: callback,
            errorCallback: errorCallback)
    }
}
