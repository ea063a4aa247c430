import ArgumentParser
import Foundation
import RezolvePartnerServer

/// `commercekit rezolve login-token`: a login JWT minted by `RezolvePartnerServer`, for trying the sandbox
/// with curl or checking the token with another JWT library. Partner servers call `RezolveJWTMinter` directly.
struct RezolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rezolve", abstract: "Rezolve partner-server helpers.", subcommands: [LoginToken.self])

    struct LoginToken: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login-token", abstract: "Prints an HS512 login JWT minted by RezolvePartnerServer.")

        @Option(name: .customLong("partner-id"), help: "The partner id.")
        var partnerId = "317"

        @Option(name: .customLong("auth-key"), help: "The partner's auth key (default: the sandbox's seeded key).")
        var authKey = "commercekit-sandbox-partner-auth-key-0001"

        @Option(name: .customLong("entity-id"), help: "The customer's Rezolve entity id.")
        var entityId: String

        @Option(name: .customLong("partner-entity-id"), help: "The partner's own id for the customer.")
        var partnerEntityId: String

        @Option(name: .customLong("device-id"), help: "The device the token is for (x-rezolve-device-id).")
        var deviceId: String

        @Option(name: .customLong("expires-at"), help: "Expiry in Unix seconds (default: 30 minutes from now).")
        var expiresAt: Int64?

        func run() {
            let credentials = RezolvePartnerCredentials(partnerId: partnerId, apiKey: "", authKey: authKey)
            let expiry =
                expiresAt.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date().addingTimeInterval(1800)
            print(
                RezolveJWTMinter(credentials: credentials).loginToken(
                    entityId: entityId, partnerEntityId: partnerEntityId, deviceId: deviceId, expiresAt: expiry))
        }
    }
}
