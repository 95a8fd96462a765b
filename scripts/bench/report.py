#!/usr/bin/env python3
"""Writes BENCHMARKS.md from what scripts/bench/run.sh measured.

  report.py JSON_DIR OUT.md

JSON_DIR holds hyperfine's --export-json files (bundled, bundled-per-block, build, code, prose, generated,
generated-per-block, traps, package, corpus) and facts.txt (`key=value` lines: the machine, counts, compiler runs, peak memory).
Every ratio is computed from medians of the same run of run.sh.
"""
import json
import os
import sys


def load(directory):
    rows = {}
    for name in os.listdir(directory):
        if name.endswith(".json"):
            with open(os.path.join(directory, name)) as file:
                rows[name[:-5]] = {r["command"]: r for r in json.load(file)["results"]}
    facts = {}
    with open(os.path.join(directory, "facts.txt")) as file:
        for line in file:
            key, _, value = line.rstrip("\n").partition("=")
            facts[key] = value
    return rows, facts


def seconds(value):
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def mark(ok):
    return "✓" if ok else "✗"


class Report:
    def __init__(self, rows, facts, directory):
        self.rows, self.facts, self.lines, self.directory = rows, facts, [], directory

    def median(self, group, command):
        return self.rows[group][command]["median"]

    def add(self, *lines):
        self.lines.extend(lines)

    def table(self, group, relative_to=None, note=None):
        """A table of every command of one hyperfine file, with each median's ratio to `relative_to`'s."""
        base = self.median(group, relative_to) if relative_to else None
        self.add("| Command | Median | Mean ± σ | Min … max | Runs | Exit statuses |" + (f" × {relative_to} |" if base else ""),
                 "|---|---:|---:|---:|---:|---:|" + ("---:|" if base else ""))
        for command, result in self.rows[group].items():
            sd = result.get("stddev") or 0
            codes = result.get("exit_codes") or []
            cells = [command, seconds(result["median"]), f"{seconds(result['mean'])} ± {seconds(sd)}",
                     f"{seconds(result['min'])} … {seconds(result['max'])}", str(len(result["times"])),
                     " ".join(str(code) for code in codes) or "?"]
            if base:
                cells.append(f"{result['median'] / base:.2f}×")
            self.add("| " + " | ".join(cells) + " |")
        if note:
            self.add("", note)
        self.add("")

    def failures(self, folder):
        """What compile-each.sh counted in BENCH_DIR/FOLDER/compile-failures.txt (after its last run)."""
        path = os.path.join(self.directory, "..", folder, "compile-failures.txt")
        return open(path).read().strip() if os.path.exists(path) else "?"

    def machine(self):
        f = self.facts
        nproc = int(f["nproc"])
        loads = [(key[5:], value) for key, value in f.items() if key.startswith("load.")]
        # Readings taken between sections include the benchmarks' own load (docent runs one job per core), so
        # only the reading taken before the first benchmark says whether something else was using the machine.
        before = float(dict(loads).get("start", "0").split()[0])
        busy = (f"maybe — the 1-minute load average was {before:.1f} on {nproc} cores when the run began (it decays "
                "over minutes, so earlier work still counts); absolute times may be inflated, ratios from the same "
                "run are the figures to read"
                if before > nproc * 0.5 else f"no (1-minute load average {before:.1f} on {nproc} cores when the run began)")
        busy += "; the readings below, taken between sections, include the benchmarks' own load"
        self.add("## The machine", "",
                 "| | |", "|---|---|",
                 f"| Date | {f['date']} – {f['finished']} |",
                 f"| CPU | {f['cpu']} |",
                 f"| Cores (`nproc`) | {nproc} |",
                 f"| RAM | {f['ram']} |",
                 f"| Compiler | {f['swiftc']} |",
                 f"| Peers | {f['hugo']}; {f['cmark']} |",
                 f"| Timing | {f['hyperfine']}: {f['runs']} timed runs after 1 warm-up per row; the per-block runner rows 1 run |",
                 f"| docent | release build of commit {f['docent_commit']} |",
                 f"| Busy? | {busy} |",
                 f"| Load averages (1, 5, 15 min) | " + "; ".join(f"{name}: {value}" for name, value in loads) + " |",
                 "")

    def summary(self):
        f = self.facts
        build_cold = self.median("build", "docent build --no-cache")
        warm = self.median("build", "docent build (nothing changed)")
        prose = self.median("build", "docent build after a prose edit")
        article = self.median("code", "the article alone: docent test --no-cache")
        code = self.median("code", "docent build after a code edit")
        pages_cold = self.median("prose", "docent build --no-search (cold)")
        pages_warm = self.median("prose", "docent build --no-search (warm)")
        hugo = self.median("prose", "hugo")
        prose_compiles = f["compiles.prose_edit"]
        rows = self.verification_rows("bundled", "bundled content", " (as sequential as the runner)",
                                      " (as sequential as the floor)")
        rows += self.verification_rows("generated", "20 × 10 generated", "", "")
        sandboxed = self.median("bundled", "docent test --no-cache")
        unsandboxed = self.median("bundled", "docent test --no-cache --no-sandbox")
        rows.append(("Bundled content, cold `docent test`: in the sandbox (programs, compiler and linker) ÷ `--no-sandbox`",
                     f"{sandboxed / unsandboxed:.2f}×", "≤ 1.10×", sandboxed / unsandboxed <= 1.10))
        isolating = self.median("traps", "1,000 examples: docent test --no-cache")
        stopping = self.median("traps", "1,000 examples: docent test --no-cache, after-trap: stop")
        chapter = self.median("traps", "one chapter")
        trapping = self.median("traps", "one chapter whose 5th snippet traps")
        rows.append(("1,000 examples that never trap, cold `docent test` ÷ the same with `after-trap: stop`",
                     f"{isolating / stopping:.2f}×", "≤ 1.3×", isolating / stopping <= 1.3))
        rows.append(("One chapter with a trap, cold `docent test` ÷ the same chapter without it",
                     f"{trapping / chapter:.2f}×", "≤ 2×", trapping / chapter <= 2))
        plain = self.median("package", "warm docent test, no package")
        packaged = self.median("package", "warm docent test --package (unchanged package)")
        rows.append(("Warm `docent test --package` (package unchanged) − the same run without a package",
                     f"{packaged - plain:+.2f} s", "≤ 1 s", packaged - plain <= 1))
        rows += [
            ("Warm `docent build`, nothing changed, as % of cold", f"{100 * warm / build_cold:.1f} %", "≤ 5 %",
             warm / build_cold <= 0.05),
            ("Prose-only edit, `docent build`, as % of cold", f"{100 * prose / build_cold:.1f} %", "≤ 10 %",
             prose / build_cold <= 0.10),
            ("Prose-only edit: compiler runs", prose_compiles, "0", prose_compiles == "0"),
            ("One article's code edited, `docent build` ÷ the article's own cold compile",
             f"{code / article:.2f}×", "≤ 1.5×", code / article <= 1.5),
            ("1,000 prose pages, cold `docent build --no-search` ÷ `hugo`", f"{pages_cold / hugo:.2f}×",
             "≤ 1× (no slower)", pages_cold <= hugo),
            ("1,000 prose pages, warm `docent build --no-search` ÷ `hugo`", f"{pages_warm / hugo:.2f}×",
             "≤ 1× (no slower)", pages_warm <= hugo),
        ]
        merged = self.merge_rows(build_cold, warm, pages_cold, hugo)
        met = sum(ok for *_, ok in rows + merged)
        self.add("## Targets", "", f"{met} of {len(rows) + len(merged)} met. Ratios are of medians from the same run.", "")
        self.target_table(rows)
        self.add("### Issue 30 (merged builds)", "",
                 "The targets issue 30 sets, beside the older ones above (which stay).", "")
        self.target_table(merged)

    def target_table(self, rows):
        self.add("| Measure | Result | Target | Met |", "|---|---:|---:|:---:|")
        for name, value, target, ok in rows:
            self.add(f"| {name} | {value} | {target} | {mark(ok)} |")
        self.add("")

    def merge_rows(self, build_cold, warm, pages_cold, hugo):
        """Issue 30's targets: the bundled content against the floor and the per-block runner, the 1,000-block
        corpus cold, the sandbox's cost on it, 1,000 prose pages against Hugo, and the warm build."""
        cold = self.median("bundled", "docent test --no-cache")
        floor = self.median("bundled", "floor")
        per_block = self.median("bundled-per-block", "per-block runner")
        corpus = self.median("corpus", "docent test --no-cache")
        corpus_open = self.median("corpus", "docent test --no-cache --no-sandbox")
        blocks = f"{int(self.facts['corpus.snippets']):,}"
        return [
            ("Bundled content, cold `docent test --no-cache` ÷ floor", f"{cold / floor:.2f}×", "≤ 0.5×",
             cold / floor <= 0.5),
            ("Bundled content, cold: per-block runner ÷ `docent test --no-cache`", f"{per_block / cold:.1f}× faster",
             "≥ 25×", per_block / cold >= 25),
            (f"{blocks}-block corpus, cold `docent test --no-cache`", seconds(corpus), "≤ 15 s", corpus <= 15),
            (f"{blocks}-block corpus, cold `docent test --no-cache`: in the sandbox ÷ `--no-sandbox` (merged)",
             f"{corpus / corpus_open:.2f}×", "≤ 1.10×", corpus / corpus_open <= 1.10),
            ("1,000 prose pages, cold `docent build --no-search` ÷ `hugo`", f"{pages_cold / hugo:.2f}×", "≤ 0.7×",
             pages_cold / hugo <= 0.7),
            ("Warm `docent build`, nothing changed, as % of cold", f"{100 * warm / build_cold:.1f} %", "≤ 3 %",
             warm / build_cold <= 0.03),
        ]

    def starts_row(self, label, key):
        """One row of the start-count table from the fact `KEY.starts` ("12 compiles, 1 link, 40 runs, …")."""
        line = self.facts.get(f"{key}.starts", "")
        numbers = [part.strip().split(" ")[0] for part in line.split(",")] if line else []
        cells = numbers if len(numbers) == 4 else ["?"] * 4
        self.add(f"| {label} | " + " | ".join(cells) + f" | {self.facts.get(key + '.exit', '?')} |")

    def merging(self):
        f = self.facts
        blocks, articles = f"{int(f['corpus.snippets']):,}", f["corpus.articles"]
        self.add(f"## 7. Merged builds: a {blocks}-block corpus, and the bundled content", "",
                 f"`scripts/bench/generate.py --corpus 40 --snippets 26`: {blocks} ```` ```swift ```` blocks in "
                 f"{articles} articles. Most are ordinary (values, prints, small structs and enums, loops, "
                 "collections, string formatting; every other article imports Foundation and formats numbers and "
                 "splits strings with it; values checked with `// =>` and `// Prints`). Every article also has "
                 "expected failures — a `compile-fail` block, a `crash` block and a line marked `// Error:` — and "
                 "every 5th article a block that fails to compile, every 7th one that traps: real failures, so "
                 "`docent test` exits 1 on this corpus, and the fallbacks (compile→exclude, a trap's re-run, "
                 "programs kept apart) run. Rows are cold (`--no-cache`), timed whatever the exit status "
                 "(hyperfine `-i`); the module cache is warm.", "")
        self.table("corpus", "docent test --no-cache")
        codes = sorted({code for result in self.rows["corpus"].values() for code in result.get("exit_codes", [])})
        merged = self.median("corpus", "docent test --no-cache")
        unmerged = self.median("corpus", "docent test --no-cache --no-merge")
        b_merged = self.median("bundled", "docent test --no-cache")
        b_unmerged = self.median("bundled", "docent test --no-cache --no-merge")
        self.add(f"Exit statuses of the timed runs (every row): {', '.join(map(str, codes)) or '?'} (1: the corpus's real "
                 f"failures). `--no-merge` ÷ merged: corpus {unmerged / merged:.2f}×, bundled content "
                 f"{b_unmerged / b_merged:.2f}× (section 1's table).", "",
                 "Starts counted by one `docent test --no-cache --verbose` run of each (the last line of its "
                 "Execute step):", "",
                 "| Run | Compiles | Links | Runs | Sandbox starts | Exit status |", "|---|---:|---:|---:|---:|---:|")
        self.starts_row(f"{blocks}-block corpus, merged", "corpus.merged")
        self.starts_row(f"{blocks}-block corpus, `--no-merge`", "corpus.no_merge")
        self.starts_row("bundled content, merged", "bundled.merged")
        self.starts_row("bundled content, `--no-merge`", "bundled.no_merge")
        self.add("")

    def verification_rows(self, corpus, label, runner_note, floor_note):
        """The four cold-verification targets of one corpus: docent (default jobs, then `--jobs 1`) against the
        per-block runner and against the floor."""
        cold = self.median(corpus, "docent test --no-cache")
        serial = self.median(corpus, "docent test --no-cache --jobs 1")
        floor = self.median(corpus, "floor")
        per_block = self.median(f"{corpus}-per-block", "per-block runner")
        return [
            (f"Cold verification, {label}: per-block runner ÷ `docent test --no-cache`",
             f"{per_block / cold:.1f}× faster", "≥ 15×", per_block / cold >= 15),
            (f"Cold verification, {label}: `docent test --no-cache` ÷ floor",
             f"{cold / floor:.2f}×", "≤ 1.3×", cold / floor <= 1.3),
            (f"… the same, docent with `--jobs 1`{runner_note}: per-block runner ÷ docent",
             f"{per_block / serial:.1f}× faster", "≥ 15×", per_block / serial >= 15),
            (f"… the same, docent with `--jobs 1`{floor_note}: docent ÷ floor",
             f"{serial / floor:.2f}×", "≤ 1.3×", serial / floor <= 1.3),
        ]

    def details(self):
        f = self.facts
        self.add("## 1. Bundled content: cold verification", "",
                 f"`content/`: {f['bundled.articles']} Markdown files, {f['bundled.snippets']} ```` ```swift ```` blocks, "
                 f"compiled by docent as {f['bundled.programs']} programs. Docent runs with its default `--jobs` "
                 f"({f['bundled.jobs']}, one per core) and with `--jobs 1`; the floor and the per-block runner run "
                 "one program at a time. "
                 "Docent's module cache (the playground runtime and the `TutorialSupport` module from `content/_support`, "
                 "in `~/.cache/docent`) is warm for every row, as it is for an author after the first build; "
                 "`--no-cache` turns off only the per-article result cache.", "")
        self.table("bundled", "floor")
        self.table("bundled-per-block",
                   note=f"The per-block runner compiled and ran {f['bundled.prefixes']} programs, one after another.")
        self.add("- **floor**: every program docent compiles (`docent test --no-cache --emit-programs`), compiled "
                 "once with its own `command.txt` (docent's exact `swiftc` arguments, playground instrumentation "
                 "included) and run, one after another, outside docent's sandbox. *Without -playground* (section 6 "
                 "only): the same, minus the `-Xfrontend -playground…` flags.",
                 "- **per-block runner**: derived from the same emitted programs. For each article's main program "
                 "(snippets 1..n), n programs: snippets 1..k for each k (cut before snippet k+1's marker, open "
                 "`do {` scopes closed, only the hoisted file-scope declarations of snippets 1..k kept); a program "
                 "docent builds for one snippet apart (`snippetN`: compile-fail, isolated, clashing) once, whole. "
                 "Each is compiled with plain `swiftc` — docent's arguments minus `-playground`, `-pc-macro` and "
                 "`-playground-option`, since the code imports the runtime and support modules — and run, one "
                 "after another. It ran once (its spread matters little next to the ratio).",
                 f"- Programs that did not compile: floor {self.failures('bundled/emitted')}, per-block runner "
                 f"{self.failures('bundled/per-block')} — the bundled content's compile-fail snippets, which docent "
                 "compiles too (and expects to fail).", "")

        self.add("## 2–3. Warm build and a prose-only edit", "",
                 "`docent build --content <copy of content> --templates templates`; the cache is the warm row's "
                 f"own (`--cache`). The prose edit appends one new sentence to `{f['prose.article']}` "
                 "(hyperfine `--prepare`) before each run. Compiler runs are the compiles and links one `--verbose` "
                 "run counts (a logging `SWIFTC` cannot see them: the compiler runs in the sandbox): after a prose "
                 f"edit **{f['compiles.prose_edit']}**; a cold build makes "
                 f"{f['compiles.build_cold']}.", "")
        self.table("build", "docent build --no-cache")

        self.add("## 4. One article's code edited", "",
                 f"Before each run, in `{f['code.article']}` ({f['code.article_snippets']} snippets), {f['code.edit']}: "
                 "the snippet's code is new every time, so its article's result cannot come from the cache, while "
                 "its value, and so the article's checked output, stays the same. That is "
                 "compared with the article's own cold compile: a content folder holding only that article, "
                 "`site.yml` and `_support`, checked with `docent test --no-cache` (`docent build` of the lone "
                 "article would stop at its links to the other articles). The edited build renders the whole site. "
                 f"Compiler runs after the edit: {f['compiles.code_edit']}.", "")
        self.table("code", "the article alone: docent test --no-cache")

        self.add("## 5. 1,000 prose pages: docent, Hugo, cmark", "",
                 f"{f['prose.pages']} generated prose-only pages ({int(f['prose.bytes']) / 1e6:.1f} MB of Markdown: "
                 "headings, paragraphs, lists, emphasis, links, ```` ```text ```` blocks), as a Docent content folder "
                 "(built-in theme) and as a minimal Hugo site (`single.html`, `list.html`, `index.html` rendering "
                 "`.Content`). Cold rows remove their output in `--prepare`; docent's cold row also passes "
                 "`--no-cache`, its warm row rebuilds over its previous output with its cache. "
                 "`cmark` is one call with all pages as arguments (it concatenates them: one parse and one render, "
                 "no templates, one output file) — a lower bound for the Markdown work alone.", "")
        self.table("prose", "hugo")

        self.add("## 6. Generated corpus: 20 articles × 10 snippets", "",
                 f"`scripts/bench/generate.py --articles 20 --snippets 10`: {f['generated.snippets']} snippets of plain "
                 f"Swift (values, prints, a struct, a loop, string formatting, collections, an enum), compiled by docent "
                 f"as {f['generated.programs']} programs. Floor as in section 1. The per-block runner here uses the "
                 "Markdown itself, whose blocks concatenate: for each article and each k, blocks 1..k in one "
                 f"`main.swift`, `swiftc main.swift -o main`, run — {f['generated.prefixes']} programs, nothing of docent's.", "")
        self.table("generated", "floor")
        self.table("generated-per-block")
        self.add(f"Programs that did not compile: floor {self.failures('generated/emitted')}, per-block runner "
                 f"{self.failures('generated/per-block')}.", "")

        self.merging()

        self.add("## 8. Peak memory", "",
                 "One run each under `/usr/bin/time -f %M`: the peak resident set of the largest single process of the "
                 "run — docent itself, or a compiler it started when that was larger.", "",
                 "| Row | Peak RSS |", "|---|---:|")
        names = {
            "bundled.test_cold": "bundled: `docent test --no-cache`",
            "build_cold": "bundled: `docent build --no-cache`",
            "build_warm": "bundled: `docent build`, nothing changed",
            "prose_edit": "bundled: `docent build` after a prose edit",
            "article_cold": "one article: `docent test --no-cache`",
            "code_edit": "bundled: `docent build` after a code edit",
            "prose_cold": "1,000 prose pages: `docent build --no-search`, cold",
            "prose_warm": "1,000 prose pages: `docent build --no-search`, warm",
            "hugo": "1,000 prose pages: `hugo` (for comparison)",
            "generated.test_cold": "20 × 10 generated: `docent test --no-cache`",
            "corpus.test_cold": f"{int(f['corpus.snippets']):,}-block corpus: `docent test --no-cache`",
        }
        for key, name in names.items():
            value = f.get("memory." + key, "")
            self.add(f"| {name} | {int(value) / 1024:.0f} MiB |" if value.isdigit() else f"| {name} | n/a |")
        self.add("")

    def profile(self):
        f = self.facts
        if "profile.programs" not in f:
            return
        frontend, full = float(f["profile.frontend"]), float(f["profile.full"])
        self.add("## Where the compile time goes", "",
                 f"Every program docent compiles for the bundled content that compiles ({f['profile.programs']}; the intended compile-fail ones are left out), compiled once more "
                 "by `scripts/bench/profile.sh`: the frontend alone (`-c`), then the whole compile with linking.", "",
                 "| | Seconds (all programs) | Share |", "|---|---:|---:|",
                 f"| Frontend (parse, type-check, playground transform, code generation) | {frontend:.2f} | {100 * frontend / full:.0f} % |",
                 f"| Linking (the rest of the whole compile) | {max(0.0, full - frontend):.2f} | {100 * max(0.0, full - frontend) / full:.0f} % |",
                 f"| Whole compile | {full:.2f} | 100 % |", "",
                 f"The slowest single function body type-checks in {f['profile.slowest_body_ms']} ms "
                 "(`-Xfrontend -debug-time-function-bodies`): the frontend's time is fixed cost — starting up and "
                 "loading Foundation's module — not the articles' code. `-use-ld=lld` saved about 3 % of a compile "
                 "when tried by hand and gold was slower, so neither is used; what is left to cut is the number of "
                 "compiles (one per article, more only for snippets that must stand apart), which docent already keeps "
                 "to the minimum, and their overlap (`--jobs`).", "")

    def caveats(self):
        self.add("## Caveats", "",
                 "- The floor and the per-block runner run programs directly; docent runs each in its bubblewrap "
                 "sandbox with resource limits (and libfaketime for articles with a frozen `now`), reads the "
                 "recorded values back and checks them — and still compiles one program per article (plus one per "
                 "snippet it must keep apart).",
                 "- Docent's module cache (runtime and support modules) is warm in every row; a first build on a "
                 "new machine also compiles those once.",
                 "- The per-block runner rows ran once; everything else is the median of the runs in its table.",
                 "- Percentages of cold compare against this machine's cold build, whose compiles are quick (small "
                 "programs); the warm build's fixed costs (start-up, reading content, rendering and writing every "
                 "page) weigh more the quicker the compiler is.", "")

    def write(self, path):
        self.add("# Benchmarks", "",
                 "Written by `make bench` (`scripts/bench/run.sh`, then `scripts/bench/report.py`); do not edit by hand. "
                 "Medians of hyperfine runs; the raw results are hyperfine's JSON in `.build/bench/json/`. "
                 "A run that exits with an error is timed all the same (hyperfine `-i`); each table shows every "
                 "timed run's exit status.", "")
        header, self.lines = self.lines, []
        self.summary()
        self.machine()
        self.details()
        self.profile()
        self.caveats()
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(header + self.lines).rstrip("\n") + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rows, facts = load(sys.argv[1])
    Report(rows, facts, sys.argv[1]).write(sys.argv[2])
    print(f"wrote {sys.argv[2]}")


if __name__ == "__main__":
    main()
