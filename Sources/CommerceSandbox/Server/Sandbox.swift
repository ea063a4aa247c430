import CommerceCore
import Foundation
import GRDB
import Hummingbird
import Logging
import NIOCore
import SandboxCore
import ServiceLifecycle

/// A running sandbox: every emulated back end on one port.
///
/// ```swift
/// let sandbox = try await Sandbox.start(.testing)   // in memory, free port
/// let url = sandbox.baseURL                          // http://127.0.0.1:<port>
/// await sandbox.stop()
/// ```
public final class Sandbox: Sendable {
    public let context: SandboxContext
    let services: [any SandboxService]
    /// Where the server listens, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    private let serverTask: Task<Void, Error>
    private let serviceGroup: ServiceGroup

    /// Opens the database, runs migrations, seeds test credentials on first start, and starts listening.
    /// Returns once the server accepts connections.
    public static func start(_ options: SandboxOptions, logger: Logger = Sandbox.quietLogger) async throws -> Sandbox {
        let (context, routes, services) = try prepare(options)
        let bound = AsyncStream<Int>.makeStream()
        let configuration = ApplicationConfiguration(
            address: .hostname(options.host, port: options.port),
            serverName: "CommerceKit-Sandbox")
        let application = Application(
            responder: routes.router(context: context, logger: logger).buildResponder(),
            configuration: configuration,
            onServerRunning: { channel in
                bound.continuation.yield(channel.localAddress?.port ?? options.port)
                bound.continuation.finish()
            },
            logger: logger)
        var groupConfiguration = ServiceGroupConfiguration(services: [application], logger: logger)
        // In-flight requests get a moment to finish; idle keep-alive connections must not hold up a stop.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(2)
        let group = ServiceGroup(configuration: groupConfiguration)
        let task = Task { try await group.run() }
        var port: Int?
        for await value in bound.stream { port = value }
        guard let port else {
            task.cancel()
            _ = try await task.value
            throw SandboxError.couldNotStart("the server stopped before it listened")
        }
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        guard let url = URL(string: "http://\(host):\(port)") else {
            task.cancel()
            throw SandboxError.couldNotStart("invalid host \(options.host)")
        }
        context.setBoundURL(url)
        return Sandbox(
            context: context, services: services, baseURL: url, serverTask: task,
            serviceGroup: group)
    }

    /// Starts a sandbox, runs `body` with it and stops it afterwards, also when `body` throws: one private sandbox
    /// for one test or one script.
    ///
    /// ```swift
    /// try await Sandbox.withRunning { sandbox in   // in memory, free port
    ///     let url = sandbox.baseURL                  // point the clients under test here
    ///     …
    /// }
    /// ```
    public static func withRunning<T>(
        _ options: SandboxOptions = .testing, logger: Logger = Sandbox.quietLogger,
        isolation: isolated (any Actor)? = #isolation, _ body: (Sandbox) async throws -> T
    ) async throws -> T {
        let sandbox = try await start(options, logger: logger)
        do {
            let result = try await body(sandbox)
            await sandbox.stop()
            return result
        } catch {
            await sandbox.stop()
            throw error
        }
    }

    /// Builds everything but the HTTP server: useful for answering requests in-process without sockets.
    static func prepare(_ options: SandboxOptions) throws -> (SandboxContext, RouteTable, [any SandboxService]) {
        let database = options.inMemory ? try SandboxDatabase() : try SandboxDatabase(directory: options.dataDirectory)
        try database.migrate { migrator in
            SandboxClock.registerMigrations(&migrator)
            FaultStore.registerMigrations(&migrator)
        }
        let clock = try SandboxClock(database: database)
        let context = try SandboxContext(database: database, clock: clock, options: options)
        let services = makeServices(context)
        context.attach(services)
        try database.migrate { migrator in
            SandboxClock.registerMigrations(&migrator)
            FaultStore.registerMigrations(&migrator)
            for service in services { service.registerMigrations(&migrator) }
        }
        try database.writer.write { db in
            for service in services { try service.seed(db) }
        }
        var routes = RouteTable()
        routes.add(SandboxCoreRoutes(context: context, services: services).register(on:))
        routes.add(ControlPlaneRoutes(context: context).register(on:))
        routes.add(OpenAPIRoutes(context: context).register(on:))
        routes.add(ConsoleRoutes(context: context).register(on:))
        for service in services { routes.add(service.registerRoutes(on:)) }
        return (context, routes, services)
    }

    private init(
        context: SandboxContext, services: [any SandboxService], baseURL: URL,
        serverTask: Task<Void, Error>, serviceGroup: ServiceGroup
    ) {
        self.serviceGroup = serviceGroup
        self.context = context
        self.services = services
        self.baseURL = baseURL
        self.serverTask = serverTask
    }

    /// The seeded test credentials of every service, as served at `/sandbox/credentials`.
    public func credentials() throws -> JSONValue {
        try SandboxCoreRoutes(context: context, services: services).credentials()
    }

    /// The token control routes and the console require (``ControlAccess``), or `nil` when none is needed.
    public var controlToken: String? { context.access.token }

    /// Stops listening, lets in-flight requests finish, and waits for the server to end.
    public func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        _ = try? await serverTask.value
    }

    /// Logs warnings and errors only: what tests and embedded use want. `commercekit serve` logs more.
    public static var quietLogger: Logger {
        var logger = Logger(label: "CommerceKit.Sandbox")
        logger.logLevel = .warning
        return logger
    }
}
