import ArgumentParser
import CommerceCore
import CommerceSandbox
import Foundation
import PaytronixSandbox

/// `commercekit paytronix ...`: the Paytronix operations that are not Paytronix REST APIs (spec §2.1), run
/// against a sandbox's control routes.
struct PaytronixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paytronix", abstract: "Paytronix push operations against a running sandbox.",
        subcommands: [PushPackage.self, Push.self])

    struct PushPackage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push-package", abstract: "APNs push packages (.p12) for a merchant's app.",
            subcommands: [PaytronixPushPackageUploadCommand.self])
    }

    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push", abstract: "Simulated pushes to a guest's registered devices.",
            subcommands: [PaytronixPushSendCommand.self])
    }
}

/// Options every `paytronix` leaf command shares.
struct PaytronixSandboxOptions: ParsableArguments {
    @Option(help: "Base URL of a running sandbox (commercekit serve).")
    var sandbox = "http://127.0.0.1:8080"

    @Option(name: .customLong("merchant-id"), help: "The Paytronix merchant.")
    var merchantId: Int64 = 777777

    @Option(name: .customLong("app-identifier"), help: "The iOS app's bundle identifier, e.g. com.example.pushapp.")
    var appIdentifier: String

    @Option(help: "APNs environment: development or production.")
    var environment = "development"

    func client() throws -> PaytronixControlClient {
        do throws(PaytronixControlClient.Failure) {
            return try PaytronixControlClient(sandbox: sandbox)
        } catch {
            throw ValidationError(error.message)
        }
    }
}

extension PaytronixControlClient.Failure {
    /// Ends the command with the sandbox's own error code and message, and a failing exit status.
    func exit() -> ExitCode {
        FileHandle.standardError.write(Data("error: \(description)\n".utf8))
        return .failure
    }
}
