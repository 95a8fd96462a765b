#!/usr/bin/env bash
# Docent's real-browser test: builds the fixture site with the built-in theme, indexes it with Pagefind,
# and has headless Chromium check it at phone and desktop widths (Tests/Browser/browser_test.py).
#
#   Tests/Browser/run.sh            # from anywhere; `make browser-test` does the same
#
# Needs Debian's chromium and chromium-driver (`make browser-test` and `make test` install them; `make site` does not). Python packages (selenium,
# pagefind) come from scripts/tools.sh's virtual environment in .build/tools, made once.
# DOCENT_SKIP_BUILD=1 uses .build/debug/docent as it is instead of building it first.
set -euo pipefail

cd "$(dirname "$0")/../.."
site=.build/browser-site
artifacts=.build/browser-artifacts

fail() { echo "browser test: $*" >&2; exit 1; }

for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || fail "$tool is missing: install Debian's chromium and chromium-driver (make browser-test does)"
done

scripts/tools.sh || fail "cannot set up .build/tools (pagefind, selenium)"
venv=.build/tools/venv
pagefind=.build/tools/bin/pagefind

if [ "${DOCENT_SKIP_BUILD:-0}" != 1 ]; then
  swift build --product docent >/dev/null || fail "swift build --product docent failed"
fi
[ -x .build/debug/docent ] || fail ".build/debug/docent is missing: run swift build"

rm -rf "$site" "$artifacts"
mkdir -p "$artifacts"
PAGEFIND="$PWD/$pagefind" .build/debug/docent build --content Tests/Browser/Fixture/content --output "$site" \
  > "$artifacts/docent-build.log" 2>&1 || { cat "$artifacts/docent-build.log" >&2; fail "docent build of the fixture failed"; }
# Docent runs Pagefind itself (PAGEFIND); the search box is part of what is tested.
[ -f "$site/pagefind/pagefind-ui.js" ] || { cat "$artifacts/docent-build.log" >&2; fail "docent did not build the search index"; }

# The bundled site (content/) too, for the results column's targets; its results come from docent's cache.
# DOCENT_SKIP_CONTENT=1 leaves it out.
content_site=.build/browser-content-site
if [ "${DOCENT_SKIP_CONTENT:-0}" != 1 ]; then
  rm -rf "$content_site"
  .build/debug/docent build --content content --output "$content_site" > "$artifacts/docent-content-build.log" 2>&1 \
    || { cat "$artifacts/docent-content-build.log" >&2; fail "docent build of content/ failed"; }
  exec "$venv/bin/python" Tests/Browser/browser_test.py "$site" "$artifacts" "$content_site"
fi
exec "$venv/bin/python" Tests/Browser/browser_test.py "$site" "$artifacts"
