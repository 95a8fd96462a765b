#!/usr/bin/env bash
# scripts/tagged-tests.sh TAG [TEST-BINARY]: prints a `swift test --filter`/`--skip` pattern (also the test binary's)
# matching every suite and test tagged `.TAG` (Tests/DocentTestSupport/Tags.swift). Swift Testing's `--filter` and
# `--skip` match names only, so the names come from the built test binary itself: its list of tests, written as an
# event stream whose records carry each suite's and test's own tags. A tagged suite's pattern takes all its tests.
# Fails when no test has the tag (a renamed tag, or a toolchain that stopped writing tags), so a selection is never
# silently empty. TEST-BINARY defaults to the debug build's DocentPackageTests.xctest.
set -euo pipefail
tag=${1:?usage: scripts/tagged-tests.sh TAG [TEST-BINARY]}
binary=${2:-$("${SWIFT:-swift}" build --show-bin-path)/DocentPackageTests.xctest}
list=$(mktemp "${TMPDIR:-/tmp}/docent-test-list-XXXXXX")
trap 'rm -f "$list"' EXIT
# `_tags` is among the stream's experimental fields, written only when asked for.
SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1 "$binary" --testing-library swift-testing --list-tests \
  --event-stream-output-path "$list" --event-stream-version 0 > /dev/null
# One JSON object a line: {"kind":"test","payload":{"_tags":[".compiler",…],…,"id":"Module.Suite/test()/File.swift:L:C",…}}.
# The id loses its source location (a suite's has none), then becomes an anchored pattern: `^Module\.Suite(/|$)`.
names=$({ grep -E "^\{\"kind\":\"test\",.*\"_tags\":\[[^]]*\"\.$tag\"" "$list" || true; } \
  | sed -E 's/.*"id":"([^"]*)".*/\1/; s#\\/#/#g; s#/[^/]*\.swift:[0-9]+:[0-9]+$##' | sort -u)
[ -n "$names" ] || { echo "error: no test tagged .$tag in $binary" >&2; exit 1; }
echo "$names" | sed -E 's/[][(){}.*+?^$|\\]/\\&/g; s/.*/^&(\/|$)/' | paste -sd'|' -
