#!/usr/bin/env python3
"""Prepares the "per-block runner" of `make bench`: what a naive tool does, one program per snippet k holding
snippets 1..k, each compiled with plain swiftc and run. Writes OUT/<name>-k<k>/{main.swift,command.txt} for
scripts/bench/compile-each.sh to time (preparing is not timed).

  prefixes.py programs EMITTED OUT
      From the programs `docent test --no-cache --emit-programs EMITTED` wrote: each program's main.swift is cut
      before snippet k+1's `__docent_snippet(k)` marker, and the `do {` scopes opened so far are closed. The file-
      scope declarations docent moved to the top stay (extensions, protocols, operators: the same set the full
      program compiles with). command.txt is docent's own minus the `-Xfrontend -playground…` pairs, so the
      prefixes still link docent's runtime and support modules (the code imports them) but are not instrumented.

  prefixes.py markdown CONTENT OUT
      From Markdown whose ```swift blocks simply concatenate (the generated corpus): main.swift is blocks 1..k,
      command.txt is `main.swift -o main` — plain swiftc, nothing of docent's.
"""
import os
import re
import shutil
import sys


def write_program(folder, source, args):
    os.makedirs(folder)
    with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as file:
        file.write(source)
    with open(os.path.join(folder, "command.txt"), "w", encoding="utf-8") as file:
        file.write("\n".join(args) + "\n")


def plain(args):
    """docent's swiftc arguments without the -Xfrontend -playground… pairs."""
    kept, skip = [], False
    for index, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg == "-Xfrontend" and index + 1 < len(args) and args[index + 1].startswith("-playground"):
            skip = True
            continue
        kept.append(arg)
    return kept


def from_programs(emitted, out):
    count = 0
    for root, _, files in sorted(os.walk(emitted)):
        if "command.txt" not in files:
            continue
        with open(os.path.join(root, "main.swift"), encoding="utf-8") as file:
            lines = file.read().split("\n")
        with open(os.path.join(root, "command.txt"), encoding="utf-8") as file:
            args = plain([line for line in file.read().split("\n") if line])
        markers = [i for i, line in enumerate(lines) if re.fullmatch(r"__docent_snippet\(\d+\)", line.strip())]
        name = os.path.relpath(root, emitted).replace(os.sep, "_")
        opened = 0
        for k, marker in enumerate(markers):
            # Each snippet starts with a #sourceLocation line, then `do {` when it opens a scope, then the marker.
            opens = lines[marker - 1].strip() == "do {"
            start = marker - 2 if opens else marker - 1
            if k > 0:  # prefix k holds snippets before this marker
                source = "\n".join(lines[:start]) + "\n" + "}" * opened + "\n"
                write_program(os.path.join(out, f"{name}-k{k:03d}"), source, args)
                count += 1
            opened += opens
        write_program(os.path.join(out, f"{name}-k{len(markers):03d}"), "\n".join(lines), args)
        count += 1
    return count


def from_markdown(content, out):
    count = 0
    for root, _, files in sorted(os.walk(content)):
        for name in sorted(f for f in files if f.endswith(".md")):
            with open(os.path.join(root, name), encoding="utf-8") as file:
                blocks = re.findall(r"^```swift[^\n]*\n(.*?)^```", file.read(), re.S | re.M)
            stem = os.path.relpath(os.path.join(root, name[:-3]), content).replace(os.sep, "_")
            for k in range(1, len(blocks) + 1):
                write_program(os.path.join(out, f"{stem}-k{k:03d}"), "".join(blocks[:k]), ["main.swift", "-o", "main"])
                count += 1
    return count


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("programs", "markdown"):
        sys.exit(__doc__)
    mode, source, out = sys.argv[1:]
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    count = (from_programs if mode == "programs" else from_markdown)(source, out)
    print(count)


if __name__ == "__main__":
    main()
