import DocentCLI

Docent.exit(arguments: Array(CommandLine.arguments.dropFirst()))
