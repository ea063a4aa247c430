import CommerceCore
import Foundation
import GRDB

/// What an Order API request says about its caller before the database is consulted: the Basic-auth key
/// (A1 fails here) and the requested API version, if any.
struct ButtonCredentials: Sendable {
    let key: String
    let requestedVersion: String?

    /// A1: a Basic `Authorization` header whose username is the key (a password, if any, is ignored);
    /// an undecodable one is an invalid key (A2).
    init(_ request: SandboxRequest) throws {
        guard let header = request.headers["Authorization"]?.trimmingCharacters(in: .whitespaces),
            header.count >= 6, header.prefix(6).lowercased() == "basic "
        else { throw ButtonError.missingKey }
        let encoded = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8) else {
            throw ButtonError.invalidKey
        }
        key = String(decoded.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        requestedVersion = request.headers["X-Button-API-Version"]
    }

    /// A2 (the key names an organisation) then H1 (a requested version is a date label), inside the
    /// database visit the operation makes anyway, so authenticating costs no extra hand-off.
    func caller(in db: Database) throws -> ButtonCaller {
        guard !key.isEmpty, let organization = try ButtonOrganization.fetch(db, apiKey: key) else {
            throw ButtonError.invalidKey
        }
        var version = organization.apiVersion
        if let requestedVersion {
            let label = requestedVersion.trimmingCharacters(in: .whitespaces)
            guard ButtonFormats.isVersionLabel(label) else {
                throw ButtonError.invalid(
                    field: "X-Button-API-Version", "X-Button-API-Version must be a date label such as 2018-02-13")
            }
            version = label
        }
        return ButtonCaller(organization: organization, apiVersion: version)
    }
}

/// The authenticated caller of an Order API request.
struct ButtonCaller: Sendable {
    let organization: ButtonOrganization
    /// The effective API version: the request's `X-Button-API-Version`, else the organisation's pinned one.
    let apiVersion: String

    var requiresPurchaseDate: Bool { apiVersion >= "2018-02-13" }
    var headers: HTTPHeaders { ["X-Button-API-Version": apiVersion] }

    /// Runs `body` on the caller's behalf: a Button error it throws leaves the database visit carrying
    /// this caller's version echo, which the route cannot know once authentication moved inside the visit.
    func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as ButtonError {
            for field in headers where error.headers[field.name] == nil { error.headers[field.name] = field.value }
            throw error
        }
    }
}

/// An operation's answer and the caller it was given to.
struct ButtonAnswer<Value: Sendable>: Sendable {
    let value: Value
    let caller: ButtonCaller
}
