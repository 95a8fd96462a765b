#!/usr/bin/env bash
# Where a cold build's compile time goes: for every program under DIR (main.swift + command.txt, as
# `docent test --emit-programs` writes them), the time of the frontend alone (`-c`), of the whole compile with
# linking, and the slowest function body (`-Xfrontend -debug-time-function-bodies`). Prints key=value facts.
#   profile.sh DIR
set -euo pipefail
dir=${1:?usage: profile.sh DIR}
swiftc=${SWIFTC:-swiftc}
now() { date +%s.%N; }
frontend=0 full=0 programs=0 slowest=0
while IFS= read -r command; do
  folder=$(dirname "$command")
  mapfile -t args < "$command"
  # The same arguments without the output, for an object-only compile.
  objects=()
  for ((i = 0; i < ${#args[@]}; i++)); do
    if [ "${args[i]}" = -o ]; then i=$((i + 1)); continue; fi
    objects+=("${args[i]}")
  done
  start=$(now)
  (cd "$folder" && "$swiftc" "${objects[@]}" -c -o profile.o 2>/dev/null) || continue
  middle=$(now)
  (cd "$folder" && "$swiftc" "${args[@]}" 2>/dev/null) || continue
  end=$(now)
  body=$(cd "$folder" && "$swiftc" "${objects[@]}" -c -o profile.o -Xfrontend -debug-time-function-bodies 2>&1 \
    | sed -n 's/^\([0-9.]*\)ms.*/\1/p' | sort -rn | head -n 1)
  frontend=$(echo "$frontend + $middle - $start" | bc)
  full=$(echo "$full + $end - $middle" | bc)
  slowest=$(echo "if (${body:-0} > $slowest) ${body:-0} else $slowest" | bc)
  programs=$((programs + 1))
done < <(find "$dir" -name command.txt | sort)
echo "profile.programs=$programs"
echo "profile.frontend=$frontend"
echo "profile.full=$full"
echo "profile.slowest_body_ms=$slowest"
