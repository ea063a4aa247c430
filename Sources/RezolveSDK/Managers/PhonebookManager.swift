import Foundation

/// The customer's phone book (`…/phonebook`). Its list answer is wrapped as `{"phones":[…]}`.
public final class PhonebookManager: Sendable {
    private let routes: RecordRoutes<Phone>
    init(core: SessionCore) { routes = RecordRoutes(core: core, collection: "phonebook", idOf: { $0.id }) }

    public func create(_ phone: Phone) async throws(RezolveError) -> Phone { try await routes.create(phone) }
    public func update(_ phone: Phone) async throws(RezolveError) -> Phone { try await routes.update(phone) }
    public func delete(_ phone: Phone) async throws(RezolveError) { try await routes.delete(phone) }
    public func get(id: String) async throws(RezolveError) -> Phone { try await routes.get(id: id) }

    public func getAll() async throws(RezolveError) -> [Phone] {
        try await routes.core.get(PhoneList.self, routes.path()).phones
    }

    public func create(phone: Phone, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(phone) }, completion: completionHandler)
    }

    public func update(phone: Phone, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(phone) }, completion: completionHandler)
    }

    public func delete(phone: Phone, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(phone) }, completion: completionHandler)
    }

    public func get(id: String, completionHandler: @escaping @MainActor (Result<Phone, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    public func getAll(completionHandler: @escaping @MainActor (Result<[Phone], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}
