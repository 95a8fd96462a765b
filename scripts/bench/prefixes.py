#!/usr/bin/env python3
"""Prepares the "per-block runner" of `make bench`: what a naive tool does, one program per snippet k holding
snippets 1..k, each compiled with plain swiftc and run. Writes OUT/<name>-k<k>/{main.swift,command.txt} for
scripts/bench/compile-each.sh to time (preparing is not timed).

  prefixes.py programs EMITTED OUT
      From the programs `docent test --no-cache --emit-programs EMITTED` wrote: each program's main.swift is cut
      before snippet k+1's `__docent_snippet(k)` marker, and the `do {` scopes opened so far are closed. Of the file-
      scope declarations docent moved to the top (extensions, protocols, operators), those of snippets 1..k stay. command.txt is docent's own minus the `-Xfrontend -playground…`/`-pc-macro` pairs, so the
      prefixes still link docent's runtime and support modules (the code imports them) but are not instrumented.
      A program docent builds for one snippet apart (folder `snippetN`) is written whole, once: its last snippet
      is the one it exists for, the ones before are context.

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
    """docent's swiftc arguments without its playground instrumentation: the -Xfrontend pairs of -playground,
    -pc-macro and -playground-option with its value."""
    kept, index = [], 0
    while index < len(args):
        if args[index] == "-Xfrontend" and index + 1 < len(args) and (
                args[index + 1].startswith("-playground") or args[index + 1] == "-pc-macro"):
            index += 4 if args[index + 1] == "-playground-option" else 2
            continue
        kept.append(args[index])
        index += 1
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
        # A program docent compiles for one snippet apart (`snippetN`: isolated, compile-fail, or clashing with
        # an earlier one) ends with that snippet: a naive runner compiles it once, with its context before it.
        last_only = os.path.basename(root).startswith("snippet")
        # The hoisted file-scope declarations sit between the import and the first snippet, each after a
        # #sourceLocation whose line encodes its snippet (snippet * 100000 + line); each snippet's body starts
        # with one such line right after its marker. Prefix k keeps only its own snippets' hoisted declarations.
        def snippet_of(line):
            found = re.search(r"line: (\d+)\)", line)
            return int(found.group(1)) // 100_000 if found else None
        first = (markers[0] - 2 if lines[markers[0] - 1].strip() == "do {" else markers[0] - 1) if markers else len(lines)
        hoisted, owner = [], None
        for line in lines[1:first]:
            if line.startswith("#sourceLocation(") and snippet_of(line) is not None:
                owner = snippet_of(line)
            hoisted.append((owner, line))
        body_snippets = [snippet_of(lines[m + 1]) for m in markers]
        opened = 0
        for k, marker in enumerate(markers):
            # Each snippet starts with a #sourceLocation line, then `do {` when it opens a scope, then the marker.
            opens = lines[marker - 1].strip() == "do {"
            start = marker - 2 if opens else marker - 1
            if k > 0 and not last_only:  # prefix k holds the snippets before this marker
                own = set(body_snippets[:k])
                kept = [line for snippet, line in hoisted if snippet in own]
                source = "\n".join(lines[:1] + kept + lines[first:start]) + "\n" + "}" * opened + "\n"
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
