import SwiftParser
import SwiftSyntax

/// Placeholder until the block analyser lands.
public enum DocentSwiftModule {}
