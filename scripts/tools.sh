#!/usr/bin/env bash
# Sets up the Python tools Docent's build and tests use, once, in .build/tools:
#   .build/tools/venv           a virtual environment with pagefind[bin] (search index), selenium and axe-core (browser
#                               test; axe-core's script comes from PyPI's axe-playwright-python, without Playwright)
#   .build/tools/bin/pagefind   Pagefind's executable, which `docent build` runs when PAGEFIND names it
# Run from the repository's root (the Makefile does). Prints nothing when everything is already there.
set -euo pipefail

venv=.build/tools/venv
bin=.build/tools/bin

fail() { echo "error: $*" >&2; exit 1; }

# axe-core 4.12.1, the accessibility checker the browser test runs; only its script is used, so no dependencies.
axe=axe-playwright-python==0.1.8

if ! "$venv/bin/python" -c "import selenium, pagefind_bin, axe_playwright_python" >/dev/null 2>&1; then
  # Debian's python3 when there is one (a pyenv shim may lack venv's ensurepip), otherwise whatever python3 is.
  python=python3
  [ -x /usr/bin/python3 ] && python=/usr/bin/python3
  command -v "$python" >/dev/null || fail "python3 is missing: apt-get install python3 python3-venv"
  echo "Setting up $venv (pagefind, selenium, axe-core)"
  rm -rf "$venv"
  "$python" -m venv "$venv" || fail "cannot create a virtual environment: apt-get install python3-venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'pagefind[bin]' selenium \
    || fail "pip could not install pagefind[bin] and selenium"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "$axe" || fail "pip could not install $axe"
fi
pagefind=$(ls "$venv"/lib/python3*/site-packages/pagefind_bin/pagefind 2>/dev/null | head -n 1)
[ -n "$pagefind" ] && [ -x "$pagefind" ] || fail "the pagefind package has no executable in $venv"
mkdir -p "$bin"
ln -sf "$PWD/$pagefind" "$bin/pagefind"
