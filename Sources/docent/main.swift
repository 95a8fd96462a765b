import DocentCLI
import Foundation

exit(Docent.run(arguments: Array(CommandLine.arguments.dropFirst())))
