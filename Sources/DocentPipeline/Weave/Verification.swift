import DocentCore

/// What the reader's badge says about an article's examples: the code blocks a reader sees that Docent checked, each
/// counted under what happened to it ("26 examples: 24 ran and passed, 2 fail to compile as intended"), and which
/// failed.
public struct Verification: Sendable, Hashable {
    /// A failed example, by its label and the `id` of its figure on the page.
    public struct Failure: Sendable, Hashable {
        /// `Example 3` (its number among the blocks the reader sees), or `Hidden code before example 3`.
        public var label: String
        public var anchor: String
    }

    /// Shown blocks that Docent compiled (and ran, unless `no-run`): every block counted below. `hidden` snippets
    /// are not examples (the reader never sees their code), nor are `ignore` blocks and declaration listings.
    public var total: Int
    /// Examples that ran and met every expectation.
    public var passed: Int
    /// `no-run` examples that compiled, as they must, and those Docent compiled and did not run (an entry point
    /// without arguments, elided code, a member fragment).
    public var compiledOnly: Int
    /// Examples that fail to compile, as their author said they must (`compile-fail`, `// Error` comments).
    public var failToCompileAsIntended: Int
    /// Examples that trap, as their author said they must (`crash`, `// this triggers a runtime error`).
    public var trapAsIntended: Int
    /// Examples that failed.
    public var failed: Int
    /// Examples that never ran because the program stopped before them.
    public var notRun: Int
    /// Blocks shown but never checked (`ignore`, editor placeholders); declaration listings are not examples.
    public var notVerified: Int
    /// Every failed or unrun snippet, hidden ones included: the reader sees their problem boxes.
    public var failures: [Failure]

    /// Counts the verdicts of an article's snippets, in page order.
    public init(_ snippets: [CheckedSnippet]) {
        var counts = (total: 0, passed: 0, compiledOnly: 0, failToCompile: 0, trap: 0, failed: 0, notRun: 0, notVerified: 0)
        var failures: [Failure] = []
        var hiddenFailures: [Int] = []  // indices of failed hidden snippets, labelled once the next example is known
        let numbers = Self.exampleNumbers(snippets)
        for (index, checked) in snippets.enumerated() {
            let shown = checked.snippet.mode != .hidden
            if checked.failed {
                if let number = numbers[index] {  // a failed snippet has one exactly when the reader sees it
                    failures.append(Failure(label: "Example \(number)", anchor: Self.anchor(forSnippetAt: index)))
                } else {
                    hiddenFailures.append(failures.count)
                    failures.append(Failure(label: "Hidden code", anchor: Self.anchor(forSnippetAt: index)))
                }
            }
            guard shown else { continue }
            switch checked.result.status {
            case .ignored:
                if checked.listing == nil { counts.notVerified += 1 }  // a declaration listing's figure says "Declarations only"
                continue
            case .passed:
                if checked.snippet.mode.runs { counts.passed += 1 } else { counts.compiledOnly += 1 }
            case .expectedFailure:
                if checked.snippet.mode == .crash || checked.result.trapped { counts.trap += 1 } else { counts.failToCompile += 1 }
            case .compiledNotRun: counts.compiledOnly += 1
            case .failed: counts.failed += 1
            case .notRun: counts.notRun += 1
            }
            counts.total += 1
            for position in hiddenFailures { failures[position].label = "Hidden code before example \(counts.total)" }
            hiddenFailures = []
        }
        for position in hiddenFailures {
            failures[position].label = counts.total == 0 ? "Hidden code" : "Hidden code after example \(counts.total)"
        }
        total = counts.total
        passed = counts.passed
        compiledOnly = counts.compiledOnly
        failToCompileAsIntended = counts.failToCompile
        trapAsIntended = counts.trap
        failed = counts.failed
        notRun = counts.notRun
        notVerified = counts.notVerified
        self.failures = failures
    }

    /// Whether the badge has anything to say: no examples and no failing hidden code.
    public var isEmpty: Bool { total == 0 && failures.isEmpty }

    /// Whether every example simply ran and passed, so the badge can say "3 examples ran and passed" alone.
    public var allRanAndPassed: Bool { passed == total && failures.isEmpty }

    /// The badge's groups, in this order and only those with examples: "24 ran and passed", "2 fail to compile as
    /// intended", "1 traps as intended", "1 compiled but not run", "1 failed", "1 did not run".
    public var outcomes: [String] {
        func phrase(_ count: Int, _ one: String, _ many: String) -> String? {
            count == 0 ? nil : "\(count) \(count == 1 ? one : many)"
        }
        return [
            phrase(passed, "ran and passed", "ran and passed"),
            phrase(failToCompileAsIntended, "fails to compile as intended", "fail to compile as intended"),
            phrase(trapAsIntended, "traps as intended", "trap as intended"),
            phrase(compiledOnly, "compiled but not run", "compiled but not run"),
            phrase(failed, "failed", "failed"),
            phrase(notRun, "did not run", "did not run"),
        ].compactMap { $0 }
    }

    /// The number each example has among the blocks the reader sees (as the badge's "Example 3" counts them), by
    /// the snippet's index in the article; hidden snippets, `ignore` blocks and declaration listings have none.
    public static func exampleNumbers(_ snippets: [CheckedSnippet]) -> [Int: Int] {
        var numbers: [Int: Int] = [:]
        for (index, checked) in snippets.enumerated()
        where checked.snippet.mode != .hidden && checked.result.status != .ignored {
            numbers[index] = numbers.count + 1
        }
        return numbers
    }

    /// The `id` of the figure of the article's snippet at `index` (0-based): `example-1` for the first.
    public static func anchor(forSnippetAt index: Int) -> String {
        "example-\(index + 1)"
    }
}
