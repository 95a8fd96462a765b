#!/usr/bin/env bash
# scripts/swift-test.sh [FLAGS...]: `swift test`, its output also kept in .build/test-output.log. When a test
# fails, the failures are repeated at the end, so the last lines of a long log (all a CI summary may show) name
# the failing tests and where they failed.
set -uo pipefail
swift=${SWIFT:-swift}
log=.build/test-output.log
mkdir -p .build
"$swift" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo
  echo "==== swift test failed (exit $status); the failures again (whole log: $log) ===="
  # Swift Testing: "✘ Test … recorded an issue at File.swift:L:C: …" and its "↳" lines of detail, each cut short.
  awk '/^✘ Test .*recorded an issue/ { keep = 1; print; next } keep && /^↳/ { print; next } { keep = 0 }' "$log" \
    | cut -c1-400 | head -n 60
  # A crash of the test process itself ("Fatal error", "error: Exited with unexpected signal code").
  grep -E '^error: |Fatal error' "$log" | tail -n 10
fi
exit "$status"
