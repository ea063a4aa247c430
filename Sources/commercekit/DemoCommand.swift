import ArgumentParser
import Foundation

/// `commercekit demo`: walks through an SDK journey against a sandbox and prints each step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Run the Button journey through the SDK modules and print what happens.")

    @Option(help: "Sandbox base URL; without it a private in-memory sandbox is started in-process.")
    var sandbox: String?

    func run() async throws {
        print("demo: not available yet")
    }
}
