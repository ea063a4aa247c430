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
///
/// A sandbox is one world (one database, clock, fault list and journal). `POST /sandbox/sessions` makes more,
/// each a `Sandbox` of its own on another port of the same process (``Documentation/Sessions.md``).
public final class Sandbox: Sendable {
    /// Where the server listens, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    let listener: WorldSwitch
    let host: SandboxHost
    private let serverTask: Task<Void, Error>
    private let serviceGroup: ServiceGroup
    /// The main sandbox owns the sessions and snapshots; a session's sandbox does not.
    private let ownsHost: Bool

    /// The world requests are answered from now.
    public var context: SandboxContext { world.context }
    var services: [any SandboxService] { world.services }
    var world: SandboxWorld {
        guard let world = listener.world else {
            preconditionFailure("a Sandbox is returned only once its listener has a world")
        }
        return world
    }

    /// Opens the database, runs migrations, seeds test credentials on first start, and starts listening.
    /// Returns once the server accepts connections.
    public static func start(_ options: SandboxOptions, logger: Logger = Sandbox.quietLogger) async throws -> Sandbox {
        var options = options
        // One token for every world of this process, decided once (a reset to a snapshot must not change it).
        options.controlToken = ControlAccess(options: options).token
        let host = try SandboxHost(options: options, logger: logger)
        var origin = WorldSwitch.Origin.seeded
        if let folder = options.importDirectory {
            let world = folder.appendingPathComponent(exportedWorldFile)
            guard FileManager.default.fileExists(atPath: world.path) else {
                throw SandboxError.couldNotStart("\(folder.path) holds no \(exportedWorldFile) to import")
            }
            try host.snapshots.importFiles(from: folder.appendingPathComponent("snapshots"))
            origin = .file(world)
        }
        return try await start(options, host: host, ownsHost: true, origin: origin, logger: logger)
    }

    /// Starts a world on its own listener: the main one, or a session's (``SessionRegistry``).
    static func start(
        _ options: SandboxOptions, host: SandboxHost, ownsHost: Bool, origin: WorldSwitch.Origin, logger: Logger
    ) async throws -> Sandbox {
        let database = options.inMemory ? try SandboxDatabase() : try SandboxDatabase(directory: options.dataDirectory)
        let listener = WorldSwitch(
            ground: SandboxWorld.Ground(
                database: database, journal: RequestJournal(), options: options, host: host, logger: logger))
        try listener.start(from: origin)
        let bound = AsyncStream<Int>.makeStream()
        let configuration = ApplicationConfiguration(
            address: .hostname(options.host, port: options.port),
            serverName: "CommerceKit-Sandbox")
        let application = Application(
            responder: listener,
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
        let hostName = options.host.contains(":") ? "[\(options.host)]" : options.host
        guard let url = URL(string: "http://\(hostName):\(port)") else {
            task.cancel()
            throw SandboxError.couldNotStart("invalid host \(options.host)")
        }
        listener.bind(to: url)
        if ownsHost { host.setMainURL(listener.world?.context.publicURL(path: "") ?? url.absoluteString) }
        let sandbox = Sandbox(
            baseURL: url, listener: listener, host: host, serverTask: task, serviceGroup: group, ownsHost: ownsHost)
        if ownsHost { await host.sessions.startSweeping() }
        return sandbox
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
        let ground = SandboxWorld.Ground(
            database: database, journal: RequestJournal(), options: options,
            host: try SandboxHost(options: options, logger: quietLogger), logger: quietLogger)
        let (world, routes) = try SandboxWorld.build(on: ground, listener: nil)
        return (world.context, routes, world.services)
    }

    /// The file ``export(to:)`` writes the world to.
    static let exportedWorldFile = "world.sqlite"

    /// Writes this world's whole state and every snapshot to `folder` (`world.sqlite`, `snapshots/<name>.sqlite`),
    /// replacing what an earlier export left there: what `--export-on-exit` saves and `--import` starts from.
    public func export(to folder: URL) throws {
        let snapshots = folder.appendingPathComponent("snapshots")
        try? FileManager.default.removeItem(at: snapshots)
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        let world = folder.appendingPathComponent(Self.exportedWorldFile)
        try? FileManager.default.removeItem(at: world)
        try context.database.writer.backup(to: try DatabaseQueue(path: world.path))
        try host.snapshots.export(to: snapshots)
    }

    /// The data directory of this world, or `nil` in memory.
    var dataDirectory: URL? { listener.ground.database.fileURL?.deletingLastPathComponent() }

    private init(
        baseURL: URL, listener: WorldSwitch, host: SandboxHost, serverTask: Task<Void, Error>,
        serviceGroup: ServiceGroup, ownsHost: Bool
    ) {
        self.baseURL = baseURL
        self.listener = listener
        self.host = host
        self.serverTask = serverTask
        self.serviceGroup = serviceGroup
        self.ownsHost = ownsHost
    }

    /// The seeded test credentials of every service, as served at `/sandbox/credentials`.
    public func credentials() throws -> JSONValue {
        try SandboxCoreRoutes(context: context, services: services).credentials()
    }

    /// The token control routes and the console require (``ControlAccess``), or `nil` when none is needed.
    public var controlToken: String? { context.access.token }

    /// Stops listening, lets in-flight requests finish, and waits for the server to end. The main sandbox
    /// stops its sessions first.
    public func stop() async {
        if ownsHost { await host.sessions.removeAll() }
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
