import CommerceCore
import Foundation

/// The create/read/update/delete calls that the address book, phone book and favourites share:
/// `GET|POST B1/<collection>` and `GET|PUT|DELETE B1/<collection>/{id}`.
struct RecordRoutes<Record: Codable & Sendable>: Sendable {
    let core: SessionCore
    let collection: String
    let idOf: @Sendable (Record) -> String?

    func path(_ id: String? = nil) -> String {
        core.customerPath(1, "/\(collection)" + (id.map { "/\(segment($0))" } ?? ""))
    }

    func create(_ record: Record) async throws(RezolveError) -> Record {
        try await core.write(.post, Record.self, path(), json: record)
    }

    func update(_ record: Record) async throws(RezolveError) -> Record {
        try await core.write(.put, Record.self, path(try requireId(record)), json: record)
    }

    func delete(_ record: Record) async throws(RezolveError) {
        try await core.sendIgnoringBody(.delete, path(try requireId(record)))
    }

    func get(id: String) async throws(RezolveError) -> Record {
        try await core.get(Record.self, path(id))
    }

    func getAll() async throws(RezolveError) -> [Record] {
        try await core.get([Record].self, path())
    }

    private func requireId(_ record: Record) throws(RezolveError) -> String {
        guard let id = idOf(record), !id.isEmpty else {
            throw .invalidInput(field: "id", reason: "must be set; create the record first")
        }
        return id
    }
}
