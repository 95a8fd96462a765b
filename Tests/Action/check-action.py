"""Checks action.yml against the metadata syntax GitHub reads for a composite action (the parts actionlint does not
check, since it lints workflows): top-level keys, every input and output described, `runs.using: composite`, and
every step either `uses:` or `run:` with a `shell:`. Prints each problem and exits 1 if any. Usage: check-action.py FILE"""
import sys

import yaml

TOP = {"name", "description", "author", "inputs", "outputs", "runs", "branding"}
INPUT = {"description", "required", "default", "deprecationMessage"}
STEP = {"name", "id", "if", "run", "shell", "uses", "with", "env", "working-directory", "continue-on-error"}


def problems(action):
    if not isinstance(action, dict):
        return ["the file is not a mapping"]
    found = []
    found += [f"unknown top-level key '{key}'" for key in action if key not in TOP]
    found += [f"missing '{key}'" for key in ("name", "description", "runs") if key not in action]
    for name, spec in (action.get("inputs") or {}).items():
        if not isinstance(spec, dict) or "description" not in spec:
            found.append(f"input '{name}' has no description")
            continue
        found += [f"input '{name}': unknown key '{key}'" for key in spec if key not in INPUT]
        if spec.get("required") not in (None, True, False):
            found.append(f"input '{name}': required must be true or false")
    for name, spec in (action.get("outputs") or {}).items():
        if not isinstance(spec, dict) or "description" not in spec or "value" not in spec:
            found.append(f"output '{name}' needs a description and, in a composite action, a value")
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        found.append("runs.using must be 'composite'")
    steps = runs.get("steps")
    if not isinstance(steps, list) or not steps:
        found.append("runs.steps must be a non-empty list")
        steps = []
    for index, step in enumerate(steps, 1):
        label = f"step {index} ({step.get('name', 'unnamed')})" if isinstance(step, dict) else f"step {index}"
        if not isinstance(step, dict):
            found.append(f"{label} is not a mapping")
            continue
        found += [f"{label}: unknown key '{key}'" for key in step if key not in STEP]
        if ("run" in step) == ("uses" in step):
            found.append(f"{label}: needs exactly one of run and uses")
        if "run" in step and "shell" not in step:
            found.append(f"{label}: a composite action's run step needs a shell")
    return found


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        action = yaml.safe_load(file)
    found = problems(action)
    for problem in found:
        print(f"{sys.argv[1]}: {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
