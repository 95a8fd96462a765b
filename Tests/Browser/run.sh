#!/usr/bin/env bash
# Docent's real-browser test: builds the fixture site with the built-in theme, indexes it with Pagefind,
# and has headless Chromium check it at phone and desktop widths (Tests/Browser/browser_test.py).
#
#   Tests/Browser/run.sh            # from anywhere; `make browser-test` does the same
#
# Needs Debian's chromium and chromium-driver (`make setup` installs them). Python packages (selenium,
# pagefind) go into a virtual environment at .build/browser-venv, made once.
# DOCENT_SKIP_BUILD=1 uses .build/debug/docent as it is instead of building it first.
set -euo pipefail

cd "$(dirname "$0")/../.."
venv=.build/browser-venv
site=.build/browser-site
artifacts=.build/browser-artifacts

fail() { echo "browser test: $*" >&2; exit 1; }

for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || fail "$tool is missing: install Debian's chromium and chromium-driver (make setup does)"
done

# Debian's python3 when there is one (a pyenv shim may lack venv's ensurepip), otherwise whatever python3 is.
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
if ! "$venv/bin/python" -c "import selenium, pagefind_bin" >/dev/null 2>&1; then
  echo "browser test: setting up $venv (selenium, pagefind)"
  rm -rf "$venv"
  "$python" -m venv "$venv" || fail "cannot create a virtual environment: install python3-venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check selenium 'pagefind[bin]' \
    || fail "pip could not install selenium and pagefind"
fi
pagefind=$(ls "$venv"/lib/python3*/site-packages/pagefind_bin/pagefind 2>/dev/null | head -n 1)
[ -n "$pagefind" ] && [ -x "$pagefind" ] || fail "the pagefind package has no binary in $venv"

if [ "${DOCENT_SKIP_BUILD:-0}" != 1 ]; then
  swift build --product docent >/dev/null || fail "swift build --product docent failed"
fi
[ -x .build/debug/docent ] || fail ".build/debug/docent is missing: run swift build"

rm -rf "$site" "$artifacts"
mkdir -p "$artifacts"
PAGEFIND="$PWD/$pagefind" .build/debug/docent build --content Tests/Browser/Fixture/content --output "$site" \
  > "$artifacts/docent-build.log" 2>&1 || { cat "$artifacts/docent-build.log" >&2; fail "docent build of the fixture failed"; }
# Docent runs Pagefind itself when it finds it; index here too when it did not.
if [ ! -f "$site/pagefind/pagefind-ui.js" ]; then
  "$pagefind" --site "$site" > "$artifacts/pagefind.log" 2>&1 || { cat "$artifacts/pagefind.log" >&2; fail "pagefind failed"; }
fi

exec "$venv/bin/python" Tests/Browser/browser_test.py "$site" "$artifacts"
