import ArgumentParser
import CommerceCore
import CommerceSandbox
import Foundation
import PaytronixSandbox

/// `commercekit paytronix push-package upload <file.p12> --app-identifier … --password …`: what an integrator
/// hands Paytronix (seed step 1), sent to the sandbox's upload route, which validates it (spec §4.7, §5.4).
struct PaytronixPushPackageUploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload", abstract: "Upload a PKCS#12 push package (.p12) and its password for one environment.")

    @OptionGroup var options: PaytronixSandboxOptions

    @Argument(help: "The .p12 file: the private key and exactly one certificate.")
    var file: String

    @Option(help: "The package password (never stored by the sandbox).")
    var password: String

    func run() async throws {
        let client = try options.client()
        do throws(PaytronixControlClient.Failure) {
            guard let p12 = FileManager.default.contents(atPath: file) else {
                throw PaytronixControlClient.Failure(code: "cli.unreadable_file", message: "Cannot read \(file)")
            }
            let request = try client.uploadRequest(
                merchantId: options.merchantId, appIdentifier: options.appIdentifier,
                environment: options.environment, p12: p12, password: password)
            let reply = try await client.perform(request)
            let package = reply["package"]
            print(
                "Uploaded push package for \(options.appIdentifier) (\(options.environment)), merchant \(options.merchantId)"
            )
            if let subject = package?["certificate"]?["subject"]?.stringValue { print("  certificate: \(subject)") }
            if let notAfter = package?["certificate"]?["notAfter"]?.stringValue { print("  valid until: \(notAfter)") }
            for warning in package?["warnings"]?.arrayValue ?? [] {
                print("  warning: \(warning.stringValue ?? warning.serialized())")
            }
            print(reply.serialized())
        } catch {
            throw error.exit()
        }
    }
}
