import Foundation

/// The customer's phone book (`…/phonebook`). Its list answer is wrapped as `{"phones":[…]}`.
public final class PhonebookManager: Sendable {
    private let routes: RecordRoutes<Phone>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "phonebook", idOf: { $0.id }) }

    /// Saves a new phone book entry on the server and returns it with the id the server assigned.
    /// - Throws: `RezolveError` when the server refuses it or the call fails.
    public func create(_ phone: Phone) async throws(RezolveError) -> Phone { try await routes.create(phone) }
    /// Replaces the stored phone book entry that has the same id, and returns it as the server stored it.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func update(_ phone: Phone) async throws(RezolveError) -> Phone { try await routes.update(phone) }
    /// Removes the phone book entry with this id from the server.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func delete(_ phone: Phone) async throws(RezolveError) { try await routes.delete(phone) }
    /// Fetches one phone book entry by its server id.
    /// - Throws: `RezolveError` when there is no such phone book entry or the call fails.
    public func get(id: String) async throws(RezolveError) -> Phone { try await routes.get(id: id) }

    /// Fetches every phone book entry the customer has saved; empty when there are none.
    public func getAll() async throws(RezolveError) -> [Phone] {
        try await routes.core.get(PhoneList.self, routes.path()).phones
    }

    /// Callback form of `create(_:)`: the handler runs on the main actor with the stored phone book entry or the error.
    public func create(phone: Phone, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(phone) }, completion: completionHandler)
    }

    /// Callback form of `update(_:)`: the handler runs on the main actor with the stored phone book entry or the error.
    public func update(phone: Phone, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(phone) }, completion: completionHandler)
    }

    /// Callback form of `delete(_:)`: the handler runs on the main actor with success or the error.
    public func delete(phone: Phone, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(phone) }, completion: completionHandler)
    }

    /// Callback form of `get(id:)`: the handler runs on the main actor with the phone book entry or the error.
    public func get(id: String, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    /// Callback form of `getAll()`: the handler runs on the main actor with every phone book entry or the error.
    public func getAll(completionHandler: @escaping @MainActor (Result<[Phone], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}
