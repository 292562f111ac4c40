import ArgumentParser

@main
struct IntentdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intentd",
        abstract: "Route what people say to the programs that can act on it.",
        subcommands: [
            RouteCommand.self, RunCommand.self, ReplCommand.self, CheckCommand.self, ResolveCommand.self, VocabularyCommand.self,
            GrammarCommand.self, ServeCommand.self, SchemasCommand.self, HistoryCommand.self, EvalCommand.self, DoctorCommand.self, McpCommand.self,
        ]
    )
}
