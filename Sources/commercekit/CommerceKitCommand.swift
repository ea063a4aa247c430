import ArgumentParser

/// `commercekit`: run the sandbox, walk through SDK journeys against it, generate Storefront models.
@main
struct CommerceKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commercekit",
        abstract: "CommerceKit developer tools: a local sandbox of five commerce back ends, and more.",
        subcommands: [
            ServeCommand.self, DemoCommand.self, CodegenCommand.self, PaytronixCommand.self,
            RezolveCommand.self,
        ])
}
