#!/bin/bash
# The sandbox's tests a second time as an unprivileged user, when `make test` runs as root (as CI does): the suite
# itself has run them as root; here they run as uid 65534 (setpriv), from a copy of the test binary in a folder of
# its own, with their own HOME and TMPDIR. Skipped, with a word, when not root or without setpriv.
set -euo pipefail
suites='CompileSandboxTests|ExecuteSandboxPrivilegeTests|ExecuteSandboxTests|ExecuteSeccompTests|ExecuteTaskLimitTests|SeccompFilterTests'
if [ "$(id -u)" != 0 ]; then echo "sandbox tests as an unprivileged user: the suite already ran as one"; exit 0; fi
if ! command -v setpriv > /dev/null; then echo "sandbox tests as an unprivileged user: skipped, setpriv is missing"; exit 0; fi
bin=$("${SWIFT:-swift}" build --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/docent-unprivileged-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$bin/DocentPackageTests.xctest" "$work/"
chmod 755 "$work"
chown -R 65534:65534 "$work"
echo "sandbox tests again as uid 65534:"
cd "$work"
setpriv --reuid=65534 --regid=65534 --clear-groups env -i HOME="$work" TMPDIR="$work" PATH="$PATH" \
  ./DocentPackageTests.xctest --testing-library swift-testing --filter "$suites"
