#!/usr/bin/env bash
# `make bench`: times docent against a naive per-block runner, the bare compile-and-run floor, Hugo and cmark,
# on the bundled content and on generated corpora, then writes BENCHMARKS.md (scripts/bench/report.py).
# Merged builds (docent's default) are timed against --no-merge on the bundled content and on a generated corpus
# of 1,040 blocks (with real and expected failures), with the compiler, linker, program and sandbox starts of
# one --verbose run of each.
#   scripts/bench/run.sh [DOCENT]        DOCENT defaults to .build/release/docent
# Environment: BENCH_DIR (default .build/bench) holds every copy, corpus and result (JSON under $BENCH_DIR/json);
# BENCH_RUNS (default 3) timed runs per row, after one warm-up; the per-block runner rows run once (the longest).
# Docent runs with its default --jobs (one per core) and, beside it, --jobs 1: the floor and the per-block runner
# are sequential.
# content/ is never modified: the edits happen on a copy.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
docent=$(realpath "${1:-.build/release/docent}")
[ -x "$docent" ] || { echo "error: no docent at $docent (swift build -c release --product docent)" >&2; exit 1; }
for tool in hyperfine hugo cmark swiftc python3 bc /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
bench=$(realpath -m "${BENCH_DIR:-.build/bench}")
runs=${BENCH_RUNS:-3}
json=$bench/json
facts=$json/facts.txt
scripts=$repo/scripts/bench
rm -rf "$json"
mkdir -p "$json"

# One `key=value` line per fact for report.py.
fact() { printf '%s=%s\n' "$1" "$2" >> "$facts"; }
# The load averages now, to tell a busy machine from a quiet one.
load() { fact "load.$1" "$(cut -d' ' -f1-3 /proc/loadavg)"; }
# hyperfine with the settings every multi-run row shares; -i: a run that fails is timed too (report.py shows
# every row's exit statuses), so one failing run does not stop the benchmarks.
bench_rows() { hyperfine --style basic --warmup 1 --runs "$runs" -i "$@"; }
# Peak resident memory (KiB, GNU time's %M) of one run: the largest single process of the run's tree, which is
# docent itself or a compiler it started.
memory() {
  local name=$1; shift
  /usr/bin/time -f %M -o "$bench/time.txt" "$@" >/dev/null 2>&1 || true
  fact "memory.$name" "$(tail -n 1 "$bench/time.txt")"
}
# Compiles plus links of one `--verbose` run (its "N compiles, N links, N runs, N sandbox starts" line);
# "?" when the run printed no such line.
compiler_runs() {
  "$@" --verbose 2>&1 >/dev/null | sed -n -E 's/^([0-9]+) compiles?, ([0-9]+) links?, .*/\1 \2/p' | tail -n 1 \
    | awk '{ print $1 + $2; found = 1 } END { if (!found) print "?" }' || true
}
section() { printf '\n== %s\n' "$1"; }
# The compiler, linker, program and sandbox starts of one `--verbose` run (the last line of its Execute step,
# "12 compiles, 1 link, 40 runs, 53 sandbox starts"), and its exit status, as facts NAME.starts and NAME.exit.
starts() {
  local name=$1; shift
  local status=0
  "$@" --verbose >/dev/null 2>"$bench/verbose.txt" || status=$?
  fact "$name.starts" "$(grep -E '^[0-9]+ compiles?, [0-9]+ links?, [0-9]+ runs?, [0-9]+ sandbox starts?$' "$bench/verbose.txt" | tail -n 1 || true)"
  fact "$name.exit" "$status"
}
# Cold verification of one corpus (its folder holds content/, emitted/ and per-block/): docent with its default
# --jobs and with --jobs 1 beside the floor (plus any further hyperfine rows given), then the per-block runner
# once, then docent's peak memory.
cold_verification() {
  local corpus=$1 dir=$2; shift 2
  load "$corpus"
  bench_rows --export-json "$json/$corpus.json" \
    -n "docent test --no-cache" "$docent test --no-cache --content $dir/content" \
    -n "docent test --no-cache --jobs 1" "$docent test --no-cache --jobs 1 --content $dir/content" \
    -n "floor" "$scripts/compile-each.sh $dir/emitted" "$@"
  hyperfine --style basic --runs 1 --export-json "$json/$corpus-per-block.json" \
    -n "per-block runner" "$scripts/compile-each.sh $dir/per-block"
  memory "$corpus.test_cold" "$docent" test --no-cache --content "$dir/content"
}

# --- The machine -------------------------------------------------------------------------------------------
section "machine"
fact date "$(date -u '+%Y-%m-%d %H:%M UTC')"
fact nproc "$(nproc)"
fact cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
fact ram "$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
fact swiftc "$(swiftc --version 2>&1 | head -n 1)"
fact hugo "$(hugo version | cut -d' ' -f1-2)"
fact cmark "$(cmark --version | head -n 1)"
fact hyperfine "$(hyperfine --version)"
fact docent_commit "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- Sources 2>/dev/null || echo ' (modified)')"
fact runs "$runs"
load start
cat "$facts"

# --- 1. Bundled content: docent test (cold) vs per-block runner vs floor --------------------------------------
section "bundled content: cold verification"
b=$bench/bundled
rm -rf "$b"
mkdir -p "$b"
cp -R content "$b/content"
# Writes every program docent compiles, and builds docent's runtime and support modules into its module cache
# (~/.cache/docent, or DOCENT_CACHE_DIR): that cache stays warm for every row below, as it does for an author.
"$docent" test --no-cache --content "$b/content" --emit-programs "$b/emitted" >/dev/null
fact bundled.articles "$(find "$b/content" -name '*.md' -not -path '*/_*' | wc -l)"
fact bundled.snippets "$(cat "$b"/content/*.md "$b"/content/*/*.md | grep -c '^```swift' || true)"
fact bundled.programs "$(find "$b/emitted" -name command.txt | wc -l)"
# Where the compile time goes (frontend vs link, slowest function body), for BENCHMARKS.md's profile.
"$scripts/profile.sh" "$b/emitted" >> "$facts"
fact bundled.prefixes "$(python3 "$scripts/prefixes.py" programs "$b/emitted" "$b/per-block")"
fact bundled.jobs "$(nproc)"
# The sandbox's cost: the same cold verification with programs and compiles outside bubblewrap.
cold_verification bundled "$b" \
  -n "docent test --no-cache --no-sandbox" "$docent test --no-cache --no-sandbox --content $b/content" \
  -n "docent test --no-cache --no-merge" "$docent test --no-cache --no-merge --content $b/content"
starts bundled.merged "$docent" test --no-cache --content "$b/content"
starts bundled.no_merge "$docent" test --no-cache --no-merge --content "$b/content"

# --- 2, 3. Warm build, and a prose-only edit -------------------------------------------------------------------
section "bundled content: warm build and prose edit"
prose_article=$b/content/dates-and-times/formatting-dates.md
fact prose.article "${prose_article#"$b/"}"
site=(--content "$b/content" --templates templates)
load build
bench_rows --export-json "$json/build.json" \
  --prepare true -n "docent build --no-cache" "$docent build --no-cache ${site[*]} --output $b/site-cold" \
  --prepare true -n "docent build (nothing changed)" "$docent build ${site[*]} --output $b/site --cache $b/cache" \
  --prepare "python3 $scripts/edit.py prose $prose_article" \
  -n "docent build after a prose edit" "$docent build ${site[*]} --output $b/site --cache $b/cache"
memory build_cold "$docent" build --no-cache "${site[@]}" --output "$b/site-cold"
memory build_warm "$docent" build "${site[@]}" --output "$b/site" --cache "$b/cache"
python3 "$scripts/edit.py" prose "$prose_article"
memory prose_edit "$docent" build "${site[@]}" --output "$b/site" --cache "$b/cache"
# Compiler runs (compiles and links, as `--verbose` counts them) of a build after a prose edit, and of a cold
# build for comparison. (A logging SWIFTC cannot count them: the compiler runs in the sandbox.)
python3 "$scripts/edit.py" prose "$prose_article"
fact compiles.prose_edit "$(compiler_runs "$docent" build "${site[@]}" --output "$b/site" --cache "$b/cache")"
fact compiles.build_cold "$(compiler_runs "$docent" build --no-cache "${site[@]}" --output "$b/site-cold")"

# --- 4. One article's code edited vs that article's own cold compile ------------------------------------------
section "bundled content: code edit"
code_article=dates-and-times/subtracting-dates.md
code_before='DateComponents(year: 2015, month: 3, day: 7, hour:'
fact code.article "content/$code_article"
fact code.edit "the literal after '$code_before' (21) gets \`+ 0 * N\` with a new N"
one=$b/one-article
rm -rf "$one"
mkdir -p "$one/content/$(dirname "$code_article")"
cp content/site.yml "$one/content/"
cp -R content/_support "$one/content/"
cp "content/$code_article" "$one/content/$code_article"
fact code.article_snippets "$(grep -c '^```swift' "$one/content/$code_article" || true)"
load code
# The article alone is checked with `docent test`: `docent build` would stop at its links to the other articles.
bench_rows --export-json "$json/code.json" \
  --prepare true -n "the article alone: docent test --no-cache" "$docent test --no-cache --content $one/content" \
  --prepare "python3 $scripts/edit.py literal $b/content/$code_article '$code_before'" \
  -n "docent build after a code edit" "$docent build ${site[*]} --output $b/site --cache $b/cache"
memory article_cold "$docent" test --no-cache --content "$one/content"
python3 "$scripts/edit.py" literal "$b/content/$code_article" "$code_before"
memory code_edit "$docent" build "${site[@]}" --output "$b/site" --cache "$b/cache"
python3 "$scripts/edit.py" literal "$b/content/$code_article" "$code_before"
fact compiles.code_edit "$(compiler_runs "$docent" build "${site[@]}" --output "$b/site" --cache "$b/cache")"

# --- 5. 1,000 prose pages: docent vs Hugo vs cmark -----------------------------------------------------------
section "1,000 prose pages"
p=$bench/prose
python3 "$scripts/generate.py" --prose-pages 1000 "$p"
fact prose.pages "$(find "$p/docent/pages" -name '*.md' | wc -l)"
fact prose.bytes "$(cat "$p"/docent/pages/*.md | wc -c)"
load prose
# The warm docent row's cache and output are made by its warm-up run.
bench_rows --export-json "$json/prose.json" \
  --prepare "rm -rf $p/out-docent-cold" \
  -n "docent build --no-search (cold)" "$docent build --no-search --no-cache --content $p/docent --output $p/out-docent-cold" \
  --prepare true \
  -n "docent build --no-search (warm)" "$docent build --no-search --content $p/docent --output $p/out-docent --cache $p/cache" \
  --prepare "rm -rf $p/out-hugo" \
  -n "hugo" "hugo --quiet -s $p/hugo -d $p/out-hugo" \
  --prepare true \
  -n "cmark (one call, all pages)" "cmark $p/docent/pages/*.md > $p/cmark.html"
rm -rf "$p/out-docent-cold"
memory prose_cold "$docent" build --no-search --no-cache --content "$p/docent" --output "$p/out-docent-cold"
memory prose_warm "$docent" build --no-search --content "$p/docent" --output "$p/out-docent" --cache "$p/cache"
rm -rf "$p/out-hugo"
memory hugo hugo --quiet -s "$p/hugo" -d "$p/out-hugo"

# --- 6. Generated corpus: 20 articles x 10 snippets --------------------------------------------------------------
section "generated corpus: 20 articles x 10 snippets"
g=$bench/generated
rm -rf "$g"
python3 "$scripts/generate.py" --articles 20 --snippets 10 "$g/content"
"$docent" test --no-cache --content "$g/content" --emit-programs "$g/emitted" >/dev/null
fact generated.articles 20
fact generated.snippets 200
fact generated.programs "$(find "$g/emitted" -name command.txt | wc -l)"
fact generated.prefixes "$(python3 "$scripts/prefixes.py" markdown "$g/content" "$g/per-block")"
cold_verification generated "$g" -n "floor without -playground" "$scripts/compile-each.sh --plain $g/emitted"

# --- 7. Trap isolation: 1,000 examples that never trap, and one chapter with a trap -------------------------------
section "trap isolation"
t=$bench/traps
rm -rf "$t"
python3 "$scripts/generate.py" --articles 100 --snippets 10 "$t/isolating"
cp -R "$t/isolating" "$t/stopping"
printf 'after-trap: stop\n' >> "$t/stopping/site.yml"
fact traps.snippets 1000
# One chapter of 10 snippets, and the same chapter whose 5th snippet ends with a statement that traps.
python3 "$scripts/generate.py" --articles 1 --snippets 10 "$t/chapter"
cp -R "$t/chapter" "$t/chapter-trap"
python3 "$scripts/edit.py" trap "$t/chapter-trap/article-001.md" 5
load traps
bench_rows --export-json "$json/traps.json" \
  -n "1,000 examples: docent test --no-cache" "$docent test --no-cache --content $t/isolating" \
  -n "1,000 examples: docent test --no-cache, after-trap: stop" "$docent test --no-cache --content $t/stopping" \
  -n "one chapter" "$docent test --no-cache --content $t/chapter" \
  -n "one chapter whose 5th snippet traps" "$docent test --no-cache --content $t/chapter-trap || true"

# --- 8. A documented package: warm docent test with --package vs the same articles without one ----------------
section "package documentation: warm"
k=$bench/package
rm -rf "$k"
mkdir -p "$k"
cp -R Tests/DocentCLITests/Fixtures/ShapesKit "$k/ShapesKit"
# The same generated articles twice: on their own, and inside the package folder, checked with --package.
mkdir -p "$k/plain"
python3 "$scripts/generate.py" --articles 2 --snippets 3 "$k/plain"
cp -R "$k/plain" "$k/ShapesKit/Articles"
# Warm-ups build the package (cold SwiftPM build, then cached) and fill the result caches.
(cd "$k/ShapesKit" && $docent test --content Articles --package . >/dev/null 2>&1 || true)
(cd "$k/ShapesKit" && $docent test --content Articles --package . >/dev/null 2>&1 || true)
$docent test --content "$k/plain" >/dev/null 2>&1 || true
load package
bench_rows --export-json "$json/package.json" \
  -n "warm docent test, no package" "$docent test --content $k/plain" \
  -n "warm docent test --package (unchanged package)" "cd $k/ShapesKit && $docent test --content Articles --package ."

# --- 9. The 1,000-block corpus: merged vs --no-merge, and the sandbox's cost --------------------------------------
section "1,000-block corpus: 40 articles x 26 blocks"
c=$bench/corpus
rm -rf "$c"
python3 "$scripts/generate.py" --corpus 40 --snippets 26 "$c/content"
fact corpus.articles "$(find "$c/content" -name '*.md' | wc -l)"
fact corpus.snippets "$(cat "$c"/content/*.md | grep -c '^```swift' || true)"
# One --verbose run of each (they are also the rows' warm-up: the module cache is warm after them).
starts corpus.merged "$docent" test --no-cache --content "$c/content"
starts corpus.no_merge "$docent" test --no-cache --no-merge --content "$c/content"
load corpus
# The corpus has real failures, so docent exits 1: -i times it anyway (report.py shows every run's exit status).
hyperfine --style basic --runs "$runs" -i --export-json "$json/corpus.json" \
  -n "docent test --no-cache" "$docent test --no-cache --content $c/content" \
  -n "docent test --no-cache --no-merge" "$docent test --no-cache --no-merge --content $c/content" \
  -n "docent test --no-cache --no-sandbox" "$docent test --no-cache --no-sandbox --content $c/content"
memory corpus.test_cold "$docent" test --no-cache --content "$c/content"

load end
fact finished "$(date -u '+%Y-%m-%d %H:%M UTC')"
section "report"
python3 "$scripts/report.py" "$json" BENCHMARKS.md
