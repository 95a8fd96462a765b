#!/usr/bin/env python3
"""The edits `make bench` makes before each timed run (hyperfine --prepare), on a copy of the content.

  edit.py prose FILE
      Appends one new sentence to the end of FILE (numbered, so every run's text is new).
  edit.py literal FILE BEFORE
      Finds the first integer literal after the text BEFORE in FILE and sets it to a value it has not had:
      1001 the first time, then one more each time. The snippet's code is new on every run, so no cache can answer.
"""
import re
import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("prose", "literal") or (sys.argv[1] == "literal") != (len(sys.argv) == 4):
        sys.exit(__doc__)
    mode, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    if mode == "prose":
        n = text.count("added by the benchmark") + 1
        text = text.rstrip("\n") + f"\n\nThis sentence was added by the benchmark, edit number {n}.\n"
    else:
        before = sys.argv[3]
        match = re.search(re.escape(before) + r"(\s*)(\d+)", text)
        if not match:
            sys.exit(f"edit.py: no integer literal after {before!r} in {path}")
        value = int(match.group(2))
        text = text[:match.start(2)] + str(value + 1 if value > 1000 else 1001) + text[match.end(2):]
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
