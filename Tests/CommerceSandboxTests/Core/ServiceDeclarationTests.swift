import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// What the core does with what a service declares about itself instead of knowing it: the headers that carry
/// its secrets and the control paths anyone may fetch.
@Suite struct ServiceDeclarationTests {
    /// A sandbox that needs the control token, serving one made-up service through the request pipeline.
    private func acmePipeline() throws -> (SandboxContext, RequestPipeline) {
        let (context, _, _) = try Sandbox.prepare(SandboxOptions(port: 0, inMemory: true, controlToken: "token-1"))
        context.attach([AcmeService()])
        return (context, RequestPipeline(context: context, logger: Sandbox.quietLogger))
    }

    private func status(_ pipeline: RequestPipeline, _ path: String, headers: HTTPHeaders = [:]) async -> Int {
        await pipeline.respond(
            to: SandboxRequest(method: .get, rawPath: path, headers: headers), owner: AcmeService()
        ) { _ in .json(["served": true]) }.status
    }

    @Test func aServiceOpensItsOwnControlPathsAndNoOthers() async throws {
        let (_, pipeline) = try acmePipeline()
        #expect(await status(pipeline, "/sandbox/acme/files/logo.png") == 200)
        // Declared too, but under another service's prefix: the token is still needed.
        #expect(await status(pipeline, "/sandbox/other/files/logo.png") == 401)
        #expect(await status(pipeline, "/sandbox/acme/state") == 401)
        #expect(await status(pipeline, "/sandbox/acme/state", headers: ["Authorization": "Bearer token-1"]) == 200)
    }

    @Test func headersAServiceNamesSecretAreMaskedInTheJournalAndCurlLines() async throws {
        let (context, pipeline) = try acmePipeline()
        _ = await status(pipeline, "/acme/v1/things", headers: ["X-Acme-Key": "ak-123456", "X-Acme-Device": "d-1"])
        let entry = try #require(context.journal.entries().first)
        #expect(entry.json["request"]?["headers"]?["X-Acme-Key"] == "***")
        #expect(entry.json["request"]?["headers"]?["X-Acme-Device"] == "d-1")
        let curl = JournalCurl.command(for: entry, baseURL: "http://s")
        #expect(curl.contains("'X-Acme-Key: ***'"))
        #expect(!curl.contains("ak-123456"))
    }

    @Test func storefrontImagesStayOpenBehindAControlToken() async throws {
        let rig = try RouterTestRig(SandboxOptions(port: 0, inMemory: true, controlToken: "token-1"))
        let image = try await rig.send(.get, "/sandbox/storefront/images/product-1-1.png", body: Data(), headers: [:])
        #expect(image.status == 200)
        #expect(image.headers["Content-Type"]?.hasPrefix("image/") == true)
        #expect(try await rig.send(.get, "/sandbox/storefront/shops", body: Data(), headers: [:]).status == 401)
    }

    @Test func theRezolvePartnerKeyIsMaskedInTheJournal() async throws {
        let rig = try RouterTestRig()
        _ = try await rig.send(
            .get, "/api/v1/device/appversion", body: Data(), headers: ["x-rezolve-partner-apikey": "partner-key-1"])
        let entry = try #require(rig.context.journal.entries().first)
        #expect(entry.service == "rezolve")
        #expect(entry.json["request"]?["headers"]?["x-rezolve-partner-apikey"] == "***")
    }
}

/// A made-up service that names a secret header and opens one control path of its own and one of another's.
private struct AcmeService: SandboxService {
    let name = "acme"
    var prefixes: [ServicePrefix] { [ServicePrefix("/acme/v1/")] }
    var secretHeaders: Set<String> { ["x-acme-key"] }
    var publicControlPrefixes: [String] { ["/sandbox/acme/files/", "/sandbox/other/files/"] }
    func registerMigrations(_ migrator: inout DatabaseMigrator) {}
    func seed(_ db: Database) throws {}
    func credentials(_ db: Database) throws -> JSONValue { [:] }
    func registerRoutes(on router: ServiceRoutes) {}
    func reset() async throws {}
}
