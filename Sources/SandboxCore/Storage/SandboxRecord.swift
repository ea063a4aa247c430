import GRDB

/// A GRDB `Codable` record of a sandbox table: Swift camelCase properties, snake_case columns.
/// (Property names avoid acronyms such as `JSON`, which would not survive the round trip.) Rows read on a
/// benchmarked path spell their `CodingKeys` out instead, which skips the name conversion.
package protocol SandboxRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension SandboxRecord {
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}
