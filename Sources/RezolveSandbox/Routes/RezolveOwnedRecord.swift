import GRDB
import SandboxCore

extension RezolveEndpoint {
    /// The caller's own record of `type` that the path's `:id` names (phone, address, card, favourite); a
    /// record of another customer is as unknown as a missing one, so both throw `notFound`.
    func owned<Record: RezolveOwnedRow>(
        _ type: Record.Type, _ request: SandboxRequest, _ caller: RezolveCaller,
        notFound: RezolveFailure
    ) async throws -> Record {
        let id = request.parameter("id")
        let entityId = caller.entityId
        guard
            let record = try await database.read({ db in
                try RezolveCustomerStore.owned(type, id: id, entityId: entityId, db)
            })
        else {
            throw notFound
        }
        return record
    }
}
