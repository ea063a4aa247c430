import CommerceCore
import Foundation
import GRDB

/// What every emulated back end shares: the database, the clock, faults, the request log and the public URL.
public final class SandboxContext: Sendable {
    package let database: SandboxDatabase
    public let clock: SandboxClock
    public let faults: FaultInjector
    public let journal: RequestJournal
    public let options: SandboxOptions
    /// Who may use the `/sandbox/...` control routes and the console.
    package let access: ControlAccess
    private let baseURLBox = Locked<URL?>(nil)
    private let servicesBox = Locked<[any SandboxService]>([])
    /// Every service's prefixes, longest first, so the first match is the owner (built once in ``attach(_:)``).
    private let prefixTable = Locked<[(prefix: ServicePrefix, service: any SandboxService)]>([])
    /// The control paths the services opened to anyone (``SandboxService/publicControlPrefixes``).
    private let publicControlPrefixesBox = Locked<[String]>([])

    package init(
        database: SandboxDatabase, clock: SandboxClock, options: SandboxOptions,
        journal: RequestJournal = RequestJournal()
    ) throws {
        self.database = database
        self.clock = clock
        self.faults = try FaultInjector(database: database)
        self.journal = journal
        self.options = options
        self.access = ControlAccess(options: options)
    }

    /// The URL clients use to reach this sandbox (`--public-url`, else the bound address). Known once it listens.
    public var publicBaseURL: URL {
        options.publicURL ?? baseURLBox.current ?? URL(fileURLWithPath: "/")
    }

    package func setBoundURL(_ url: URL) { baseURLBox.set(url) }

    /// Every service of this instance, in registration order (known once the sandbox is prepared).
    package var services: [any SandboxService] { servicesBox.current }

    package func attach(_ services: [any SandboxService]) {
        servicesBox.set(services)
        journal.setSecretHeaders(Set(services.flatMap(\.secretHeaders)))
        // A service opens its own control paths only, never another's or the core's.
        publicControlPrefixesBox.set(
            services.flatMap { service in
                service.publicControlPrefixes.filter { $0.hasPrefix("/sandbox/\(service.name)/") }
            })
        let table = services.flatMap { service in service.prefixes.map { (prefix: $0, service: service) } }
        // A stable sort: of two equally long prefixes the service registered first wins, as before.
        prefixTable.set(
            table.enumerated().sorted {
                ($0.element.prefix.path.count, -$0.offset) > ($1.element.prefix.path.count, -$1.offset)
            }.map(\.element))
    }

    /// Paths under `/sandbox/` that services serve to anyone, without the control token (``ControlAccess``).
    package var publicControlPrefixes: [String] { publicControlPrefixesBox.current }

    /// The longest prefix of any service that `path` starts with and passes `include`, with its service.
    func longestPrefix(
        of path: String, where include: (ServicePrefix) -> Bool = { _ in true }
    ) -> (prefix: ServicePrefix, service: any SandboxService)? {
        prefixTable.current.first { include($0.prefix) && path.hasPrefix($0.prefix.path) }
    }

    /// `publicBaseURL` plus a path, with no doubled slash.
    public func publicURL(path: String) -> String {
        var base = publicBaseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard !path.isEmpty else { return base }
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }
}

/// An emulated vendor back end. Each lives in its own folder and owns its tables, routes and credentials.
package protocol SandboxService: Sendable {
    /// Short name used in control routes (`/sandbox/<name>/`) and in the credentials document.
    var name: String { get }
    /// Adds this service's migrations (named `<name>-<n>-<what>`).
    func registerMigrations(_ migrator: inout DatabaseMigrator)
    /// Creates the seeded test data when it is missing; must be idempotent.
    func seed(_ db: Database) throws
    /// The test credentials this service offers, for `/sandbox/credentials` and the start-up banner.
    func credentials(_ db: Database) throws -> JSONValue
    /// Registers the vendor routes and `/sandbox/<name>/...` control routes.
    func registerRoutes(on router: ServiceRoutes)
    /// The prefixes this service answers under (``ServicePrefix``): the vendor ones name the service in the
    /// journal and pick the envelope of a fault; each says how an unknown path or method under it is answered.
    var prefixes: [ServicePrefix] { get }
    /// How this service answers an injected fault's `status`: its own error envelope, or `body` when the
    /// rule gives one (headers the service always sends may be added).
    func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse
    /// Deletes this service's data and re-seeds it. Faults and journal entries are cleared by the caller.
    func reset() async throws
    /// How much of a request body this service reads (8 MiB, refused with 413, unless it says otherwise).
    var bodyLimits: BodyLimits { get }
    /// Runs after any move of the sandbox clock (a service whose records change state with time does it here);
    /// returns what it did, for the clock routes' answers (`[:]` when nothing).
    func clockDidMove(to now: Date) async throws -> JSONObject
    /// Request headers that carry this service's credentials (any case): the journal, the console and curl lines
    /// mask them as they mask `Authorization` and cookies. None unless the service names some.
    var secretHeaders: Set<String> { get }
    /// Prefixes of paths under the service's own `/sandbox/<name>/` that anyone may request without the control
    /// token: content the vendor's answers point clients at (an image URL), not controls. None unless the service
    /// names some; a prefix outside `/sandbox/<name>/` is ignored.
    var publicControlPrefixes: [String] { get }
}

extension SandboxService {
    /// The vendor path prefixes (not the `/sandbox/<name>/` control ones).
    package var vendorPrefixes: [String] { prefixes.filter(\.isVendor).map(\.path) }

    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        SandboxPlainError.fault(
            status: status, body: body,
            otherwise: SandboxPlainError(status: status, message: "Injected fault (HTTP \(status))"))
    }

    package func clockDidMove(to now: Date) async throws -> JSONObject { [:] }

    package var bodyLimits: BodyLimits { .standard }

    package var secretHeaders: Set<String> { [] }

    package var publicControlPrefixes: [String] { [] }
}
