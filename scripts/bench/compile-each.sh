#!/usr/bin/env bash
# Compiles and runs, one after another, every program folder under DIR (a folder holding main.swift and
# command.txt, the swiftc arguments one per line) — the timed body of the "floor" and "per-block" rows.
#   compile-each.sh [--plain] DIR
# --plain drops the playground instrumentation (-Xfrontend -playground…) from each command.
# A program that fails to compile stops the run; a program's own exit status is ignored (a few bundled
# articles trap on purpose, and docent records that rather than failing), its output is discarded.
set -euo pipefail
plain=false
if [ "${1:-}" = --plain ]; then plain=true; shift; fi
dir=${1:?usage: compile-each.sh [--plain] DIR}
swiftc=${SWIFTC:-swiftc}
while IFS= read -r command; do
  folder=$(dirname "$command")
  mapfile -t args < "$command"
  if $plain; then
    # command.txt pairs each frontend flag with -Xfrontend; drop the pairs whose flag starts with -playground.
    kept=()
    for ((i = 0; i < ${#args[@]}; i++)); do
      if [ "${args[i]}" = -Xfrontend ] && [[ "${args[i + 1]:-}" == -playground* ]]; then i=$((i + 1)); continue; fi
      kept+=("${args[i]}")
    done
    args=("${kept[@]}")
  fi
  (cd "$folder" && "$swiftc" "${args[@]}" && { ./main >/dev/null 2>&1 </dev/null || true; })
done < <(find "$dir" -name command.txt | sort)
