#!/usr/bin/env bash
# Benchmark: an article whose loop appends 20,000 Ints against the same article with 200, compile included.
# Recording must cost in proportion to the summaries, not the values: the ratio of medians must stay <= 2.5.
# --no-cache: every run compiles and runs the article (the program cache would answer from the second run on).
set -euo pipefail
docent=${1:-.build/release/docent}
work=${BENCH_DIR:-.build/bench/loop}
rm -rf "$work"
for n in 200 20000; do
  mkdir -p "$work/$n"
  cat > "$work/$n/loop.md" <<ARTICLE
# A loop of $n appends

\`\`\`swift
var numbers: [Int] = []
for i in 0..<$n {
    numbers.append(i)
}
print(numbers.count) // Prints "$n"
\`\`\`
ARTICLE
done
"$docent" test --no-cache --content "$work/200" >/dev/null   # builds the runtime into the module cache once
hyperfine --warmup 1 --runs 7 --export-json "$work/loop.json" \
  -n "200 appends" "$docent test --no-cache --content $work/200" \
  -n "20000 appends" "$docent test --no-cache --content $work/20000"
python3 - "$work/loop.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
small, large = results["200 appends"]["median"], results["20000 appends"]["median"]
ratio = large / small
print(f"median 200: {small:.3f} s, 20000: {large:.3f} s, ratio {ratio:.2f} (target <= 2.5)")
sys.exit(0 if ratio <= 2.5 else 1)
PY
