import ArgumentParser
import CommerceCore
import CommerceSandbox
import Foundation
import Logging

/// `commercekit serve`: starts every emulated back end on one port and prints the test credentials.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the CommerceKit sandbox (Button, ATH Móvil, Paytronix, Storefront, Rezolve).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8080
    @Option(name: .customLong("data-dir"), help: "Directory for the SQLite database.")
    var dataDirectory = ".commercekit-sandbox"
    @Flag(name: .customLong("in-memory"), help: "Keep all state in memory; nothing survives a restart.")
    var inMemory = false
    @Option(name: .customLong("public-url"), help: "Base URL clients use, when it differs from http://host:port.")
    var publicURL: String?
    @Option(
        name: .customLong("button-finalization-days"),
        help: "Finalization window, in days, of the seeded Button organization (org-sandbox).")
    var buttonFinalizationDays = 30
    @Flag(
        name: .customLong("unsafe-debug-keys"),
        help: "Serve each Rezolve customer's private key at /sandbox/rezolve/customers/{id}/private-key (tests only).")
    var unsafeDebugKeys = false
    @Option(
        name: .customLong("control-token"),
        help:
            "Token the console and /sandbox/ control routes require (generated when listening beyond loopback; required on loopback too when given)."
    )
    var controlToken: String?
    @Option(
        name: .customLong("wire-log"),
        help: "Append every request and its answer to this file, one JSON object per line.")
    var wireLog: String?
    @Option(name: .customLong("max-sessions"), help: "How many sessions (POST /sandbox/sessions) may exist at once.")
    var maxSessions = 64
    @Option(
        name: .customLong("session-idle-timeout"),
        help: "Seconds after which a session that answered no request is removed.")
    var sessionIdleTimeout = 1800
    @Option(name: .customLong("import"), help: "Start from the state a previous --export-on-exit saved in this folder.")
    var importDirectory: String?
    @Option(
        name: .customLong("export-on-exit"),
        help: "On a clean stop (SIGINT, SIGTERM), save the state and the snapshots to this folder.")
    var exportDirectory: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...3650).contains(buttonFinalizationDays) else {
            throw ValidationError("--button-finalization-days must be between 1 and 3650")
        }
        if let controlToken,
            controlToken.count < 8 || controlToken.contains(where: { $0.isWhitespace || $0 == ";" || $0 == "," })
        {
            throw ValidationError("--control-token must be at least 8 characters, without spaces, ';' or ','")
        }
        if let wireLog {
            let folder = URL(fileURLWithPath: wireLog).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--wire-log: the folder \(folder) does not exist")
            }
        }
        guard (1...10_000).contains(maxSessions) else { throw ValidationError("--max-sessions must be 1 to 10000") }
        guard sessionIdleTimeout >= 1 else { throw ValidationError("--session-idle-timeout must be at least 1 second") }
        if let importDirectory, !FileManager.default.fileExists(atPath: importDirectory + "/world.sqlite") {
            throw ValidationError(
                "--import: \(importDirectory) holds no world.sqlite (write one with --export-on-exit)")
        }
        if let publicURL, URL(string: publicURL)?.scheme == nil {
            throw ValidationError("--public-url must be an absolute URL such as http://192.168.1.10:8080")
        }
    }

    func run() async throws {
        var options = SandboxOptions(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: dataDirectory), inMemory: inMemory,
            publicURL: publicURL.flatMap(URL.init(string:)), buttonFinalizationDays: buttonFinalizationDays,
            unsafeDebugKeys: unsafeDebugKeys, controlToken: controlToken,
            wireLog: wireLog.map { URL(fileURLWithPath: $0) }, maximumSessions: maxSessions,
            sessionIdleTimeout: TimeInterval(sessionIdleTimeout))
        options.importDirectory = importDirectory.map { URL(fileURLWithPath: $0) }
        Console.useLineBuffering()
        var logger = Logger(label: "CommerceKit.Sandbox")
        logger.logLevel = .info
        let sandbox = try await Sandbox.start(options, logger: logger)
        print("CommerceKit sandbox listening on \(sandbox.baseURL.absoluteString)")
        print(inMemory ? "State: in memory" : "State: \(URL(fileURLWithPath: dataDirectory).standardizedFileURL.path)")
        print("Test credentials (also at \(sandbox.baseURL.absoluteString)/sandbox/credentials):")
        print(try sandbox.credentials().serialized())
        print("Console: \(sandbox.baseURL.absoluteString)/sandbox/console")
        if let token = sandbox.controlToken {
            print("Control token (console login, or Authorization: Bearer for /sandbox/ routes): \(token)")
        }
        print("Press Ctrl-C to stop.")
        try await SignalWaiter.waitForTermination()
        if let exportDirectory {
            do {
                try sandbox.export(to: URL(fileURLWithPath: exportDirectory))
                print("State saved to \(exportDirectory) (start from it with --import \(exportDirectory))")
            } catch {
                print("Could not save the state to \(exportDirectory): \(error)")
            }
        }
        await sandbox.stop()
    }
}
