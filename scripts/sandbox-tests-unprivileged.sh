#!/bin/bash
# The sandbox's tests a second time as an unprivileged user, when `make test` runs as root (as CI does): the suite
# itself has run them as root; here they run as uid 65534 (setpriv), from a copy of the test binary in a folder of
# its own, with their own HOME and TMPDIR. Skipped, with a word, when not root or without setpriv. The suites are those
# tagged `.sandbox` (Tests/DocentTestSupport/Tags.swift), as the test binary lists them (scripts/tagged-tests.sh): a new
# sandbox suite needs its tag, not an edit here.
set -euo pipefail
if [ "$(id -u)" != 0 ]; then echo "sandbox tests as an unprivileged user: the suite already ran as one"; exit 0; fi
if ! command -v setpriv > /dev/null; then echo "sandbox tests as an unprivileged user: skipped, setpriv is missing"; exit 0; fi
bin=$("${SWIFT:-swift}" build --show-bin-path)
suites=$("$(dirname "$0")/tagged-tests.sh" sandbox "$bin/DocentPackageTests.xctest")
work=$(mktemp -d "${TMPDIR:-/tmp}/docent-unprivileged-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$bin/DocentPackageTests.xctest" "$work/"
chmod 755 "$work"
chown -R 65534:65534 "$work"
echo "sandbox tests again as uid 65534:"
cd "$work"
set +e
setpriv --reuid=65534 --regid=65534 --clear-groups env -i HOME="$work" TMPDIR="$work" PATH="$PATH" \
  ./DocentPackageTests.xctest --testing-library swift-testing --filter "$suites" 2>&1 | tee "$work/output.log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  # The failures again, so the last lines of the log (all a CI summary may show) name them.
  echo
  echo "==== sandbox tests as uid 65534 failed (exit $status); the failures again ===="
  awk '/^✘ Test .*recorded an issue/ { keep = 1; print; next } keep && /^↳/ { print; next } { keep = 0 }' \
    "$work/output.log" | cut -c1-400 | head -n 40
  grep -E '^error: |Fatal error' "$work/output.log" | tail -n 10
fi
exit "$status"
