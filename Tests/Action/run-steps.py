"""Runs action.yml's own shell steps here, as the runner would, to check what no linter can: the cache key names
Docent's commit (from a `git archive` of HEAD, as a download of the action is, with no .git) and the toolchain, and
the inputs become the right `docent test` arguments in the package's folder, its exit status the step's. The steps
that use other actions (the cache, the upload) and the build are not run; their paths and condition are checked.
`${{ name }}` expressions are replaced from a table. With a shellcheck executable, every step's script must pass it.
Usage: run-steps.py ACTION_YML ARCHIVED_DOCENT_FOLDER COMMIT [SHELLCHECK]"""
import os
import re
import subprocess
import sys
import tempfile

import yaml


def expand(text, context):
    def value(match):
        name = match.group(1)
        if name not in context:
            raise KeyError(f"no value for ${{{{ {name} }}}}")
        return context[name]
    return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", value, str(text))


def run_step(step, context, workspace):
    """Runs one `run:` step with bash as GitHub does (-e, pipefail); returns its status and the outputs it wrote."""
    with tempfile.NamedTemporaryFile("r", delete=False) as output:
        environment = dict(os.environ, GITHUB_OUTPUT=output.name, RUNNER_OS="Linux", RUNNER_ARCH="X64")
        environment.update({key: expand(value, context) for key, value in (step.get("env") or {}).items()})
        folder = os.path.join(workspace, expand(step.get("working-directory", "."), context))
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=folder, env=environment).returncode
        outputs = dict(line.rstrip("\n").split("=", 1) for line in open(output.name) if "=" in line)
    os.unlink(output.name)
    return status, outputs


def main():
    action_file, archived, commit = sys.argv[1:4]
    action = yaml.safe_load(open(action_file, encoding="utf-8"))
    steps = {step.get("id") or step["name"]: step for step in action["runs"]["steps"]}
    problems = []

    def check(condition, message):
        if not condition:
            problems.append(message)

    if len(sys.argv) > 4:
        for step in action["runs"]["steps"]:
            if "run" in step:
                lint = subprocess.run([sys.argv[4], "-s", "bash", "-"], input=step["run"], capture_output=True, text=True)
                check(lint.returncode == 0, f"shellcheck on the step '{step['name']}':\n{lint.stdout}")

    workspace = tempfile.mkdtemp()
    os.makedirs(os.path.join(workspace, "pkg"))
    calls = os.path.join(workspace, "calls")
    fake = os.path.join(workspace, "docent")
    # A stand-in docent: records its folder and arguments, and exits as DOCENT_FAKE_STATUS says.
    with open(fake, "w") as script:
        script.write(f'#!/bin/bash\n{{ pwd; printf "%s\\n" "$@"; }} > {calls}\nexit "${{DOCENT_FAKE_STATUS:-0}}"\n')
    os.chmod(fake, 0o755)

    context = {"github.action_path": archived, "github.action_ref": "v1"}
    status, paths = run_step(steps["paths"], context, workspace)
    check(status == 0, f"the key step failed ({status})")
    toolchain = subprocess.run("{ swift --version 2>&1; readlink -f \"$(command -v swift)\"; } | sha256sum | cut -c1-16",
                               shell=True, capture_output=True, text=True, executable="/bin/bash").stdout.strip()
    check(paths.get("key") == f"docent-Linux-X64-{commit}-{toolchain}",
          f"the cache key is {paths.get('key')!r}, not docent-Linux-X64-{commit}-{toolchain}")
    check(paths.get("docent") == paths.get("prefix", "") + "/bin/docent", f"the docent output is {paths.get('docent')!r}")
    # A copy whose .docent-commit was never filled in (no Package.resolved either, as in the repository): a digest.
    with open(os.path.join(archived, ".docent-commit"), "r+") as file:
        filled = file.read()
        file.seek(0)
        file.truncate()
        file.write("$Format:%H$\n")
    status, digest = run_step(steps["paths"], context, workspace)
    with open(os.path.join(archived, ".docent-commit"), "w") as file:
        file.write(filled)
    check(status == 0, f"the key step failed ({status}) without a commit")
    check(re.fullmatch(f"docent-Linux-X64-[0-9a-f]{{40}}-{toolchain}", digest.get("key", "")) is not None
          and commit not in digest.get("key", ""), f"without a commit, the cache key is {digest.get('key')!r}")

    cache = steps["cache"]
    check(cache.get("uses", "").startswith("actions/cache@"), "the cache step does not use actions/cache")
    check(expand(cache["with"]["key"], {"steps.paths.outputs.key": "K"}) == "K", "the cache is not keyed on the key step's key")
    check(expand(cache["with"]["path"], {"steps.paths.outputs.prefix": "P"}) == "P", "the cache does not hold the prefix")
    build = steps["Build and install Docent"]
    check(build.get("if") == "steps.cache.outputs.cache-hit != 'true'", "the build does not run only on a cache miss")
    check(re.search(r"make -C \"\$ACTION_PATH\" install PREFIX=\"\$PREFIX\"", build["run"]) is not None,
          "the build does not install into the cached prefix")

    inputs = {f"inputs.{name}": str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    context.update(inputs)
    context.update({"inputs.package": "pkg", "steps.paths.outputs.docent": fake})
    cases = [
        ({}, ["test", "--package", ".", "--junit", "docent-junit.xml", "--format", "github"]),
        ({"inputs.shards": "2/3", "inputs.options": "--jobs 2  --configuration release", "inputs.content": "Guides",
          "inputs.junit": "out/j.xml"},
         ["test", "--package", ".", "--junit", "out/j.xml", "--format", "github", "--content", "Guides", "--shard", "2/3",
          "--jobs", "2", "--configuration", "release"]),
    ]
    for extra, expected in cases:
        status, _ = run_step(steps["Check the documentation"], dict(context, **extra), workspace)
        lines = open(calls).read().splitlines()
        check(status == 0, f"the check step failed ({status}) with {extra}")
        check(os.path.realpath(lines[0]) == os.path.realpath(os.path.join(workspace, "pkg")),
              f"docent ran in {lines[0]}, not the package's folder")
        check(lines[1:] == expected, f"with {extra}, docent test got {lines[1:]}, not {expected}")
    os.environ["DOCENT_FAKE_STATUS"] = "1"
    status, _ = run_step(steps["Check the documentation"], context, workspace)
    check(status == 1, f"a failing docent test left the step's status {status}, not 1")

    upload = steps["Upload the JUnit report"]
    check(upload.get("uses", "").startswith("actions/upload-artifact@"), "the report is not uploaded with actions/upload-artifact")
    check(upload.get("if") == "${{ !cancelled() }}", "the report is not uploaded when the check fails")
    check(expand(upload["with"]["path"], context) == "pkg/docent-junit.xml", "the uploaded path is not the package's JUnit file")
    check(expand(upload["with"]["name"], context) == "docent-junit", "the artifact is not named by the artifact-name input")

    for problem in problems:
        print(f"{action_file}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
