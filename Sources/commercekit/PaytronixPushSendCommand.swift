import ArgumentParser
import CommerceCore
import CommerceSandbox
import Foundation
import PaytronixSandbox

/// `commercekit paytronix push send --card … --app-identifier … --message …`: asks the sandbox to record the
/// notification each of the guest's devices would receive (spec §5.5).
struct PaytronixPushSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send a simulated push to a guest's devices for one app and environment.")

    @OptionGroup var options: PaytronixSandboxOptions

    @Option(name: .customLong("card"), help: "The guest's printed card number.")
    var printedCardNumber: String?

    @Option(help: "The guest's username (instead of --card).")
    var username: String?

    @Option(help: "Alert text; sent as {\"aps\":{\"alert\": <message>}}.")
    var message: String?

    @Option(help: "A complete APNs payload as a JSON object with an aps dictionary (instead of --message).")
    var payload: String?

    func validate() throws {
        guard (printedCardNumber == nil) != (username == nil) else {
            throw ValidationError("Give exactly one of --card and --username")
        }
        guard (message == nil) != (payload == nil) else {
            throw ValidationError("Give exactly one of --message and --payload")
        }
    }

    func run() async throws {
        let client = try options.client()
        do throws(PaytronixControlClient.Failure) {
            let recipient: PaytronixControlClient.PushSend.Recipient =
                printedCardNumber.map { .printedCardNumber($0) } ?? .username(username ?? "")
            let content: PaytronixControlClient.PushSend.Content
            if let payload {
                content = .payload(try PaytronixControlClient.payload(parsing: payload))
            } else {
                content = .message(message ?? "")
            }
            let request = try client.sendRequest(
                .init(
                    merchantId: options.merchantId, recipient: recipient,
                    appIdentifier: options.appIdentifier, environment: options.environment,
                    content: content))
            let reply = try await client.perform(request)
            let notifications = reply["notifications"]?.arrayValue ?? []
            print("\(notifications.count) notification(s) recorded")
            for record in notifications {
                let status = record["status"]?.stringValue ?? "?"
                let reason = record["reason"]?.stringValue.map { " (\($0))" } ?? ""
                print("  \(record["accountCode"]?.stringValue ?? "?"): \(status)\(reason)")
            }
            print(reply.serialized())
        } catch {
            throw error.exit()
        }
    }
}
