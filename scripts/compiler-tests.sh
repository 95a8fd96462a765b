#!/usr/bin/env bash
# Prints a `swift test --skip` pattern matching every suite and test tagged `.compiler` (Tests/*/Tags.swift: those
# that run the Swift compiler), found in the test sources: the suite or function each `.tags(.compiler)` belongs to
# is the first `struct NAME` or `func NAME` at or after it. `make check` skips them. Run from the repository's root.
set -euo pipefail
names=$(find Tests -name '*.swift' -not -path '*/Fixtures/*' -print0 | xargs -0 awk '
  /\.tags\(([^)]*, *)?\.compiler/ { pending = 1 }
  pending && match($0, /(struct|func) +[A-Za-z_][A-Za-z0-9_]*/) {
    split(substr($0, RSTART, RLENGTH), words, / +/)
    print words[2]
    pending = 0
  }' | sort -u)
[ -n "$names" ] || { echo "error: no test tagged .compiler found" >&2; exit 1; }
# A suite matches as `Module.Suite/`, a test function as `/name(`.
echo "$names" | sed -E 's/.*/(\\.&\/|\/&\\()/' | paste -sd'|' -
