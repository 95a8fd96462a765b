#!/usr/bin/env python3
"""The edits `make bench` makes before each timed run (hyperfine --prepare), on a copy of the content.

  edit.py prose FILE
      Appends one new sentence to the end of FILE (numbered, so every run's text is new).
  edit.py literal FILE BEFORE
      Finds the first integer literal after the text BEFORE in FILE and adds `+ 0 * N` to it, with a new literal N
      each time (1001, 1002…): the snippet's code is new on every run, so no cache can answer, but its value and
      so the article's checked output stay the same.
  edit.py trap FILE K
      Ends the K-th ```swift block of FILE with a statement that traps (an index out of range), for the cost of
      getting past a trap.
"""
import re
import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("prose", "literal", "trap") \
            or (sys.argv[1] in ("literal", "trap")) != (len(sys.argv) == 4):
        sys.exit(__doc__)
    mode, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    if mode == "prose":
        n = text.count("added by the benchmark") + 1
        text = text.rstrip("\n") + f"\n\nThis sentence was added by the benchmark, edit number {n}.\n"
    elif mode == "trap":
        k = int(sys.argv[3])
        blocks = [m.start() for m in re.finditer(r"^```swift\n", text, re.M)]
        if len(blocks) < k:
            sys.exit(f"edit.py: {path} has fewer than {k} swift blocks")
        close = text.index("\n```", blocks[k - 1] + 1)
        text = text[:close] + "\n_ = [Int]()[0]" + text[close:]
    else:
        # `21` becomes `21 + 0 * 1001`, then `21 + 0 * 1002`…: a new literal each time, the same value, so the
        # article's checked output and values still hold.
        before = sys.argv[3]
        match = re.search(re.escape(before) + r"\s*\d+(?P<edit> \+ 0 \* (?P<n>\d+))?", text)
        if not match:
            sys.exit(f"edit.py: no integer literal after {before!r} in {path}")
        n = int(match.group("n")) + 1 if match.group("n") else 1001
        at = match.start("edit") if match.group("edit") else match.end()
        text = text[:at] + f" + 0 * {n}" + text[match.end():]
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
