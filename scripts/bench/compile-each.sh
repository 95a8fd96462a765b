#!/usr/bin/env bash
# Compiles and runs, one after another, every program folder under DIR (a folder holding main.swift and
# command.txt, the swiftc arguments one per line) — the timed body of the "floor" and "per-block" rows.
#   compile-each.sh [--plain] DIR
# --plain drops the playground instrumentation (-Xfrontend -playground…, -pc-macro) from each command.
# Programs that fail to compile are counted in DIR/compile-failures.txt and not run (docent compiles the
# bundled compile-fail snippets too); a program's own exit status is ignored (some bundled snippets trap on
# purpose), its output discarded.
set -euo pipefail
plain=false
if [ "${1:-}" = --plain ]; then plain=true; shift; fi
dir=${1:?usage: compile-each.sh [--plain] DIR}
swiftc=${SWIFTC:-swiftc}
failed=0
while IFS= read -r command; do
  folder=$(dirname "$command")
  mapfile -t args < "$command"
  if $plain; then
    # command.txt passes each frontend flag after -Xfrontend: drop -playground…, -pc-macro, and
    # -playground-option with the value that follows it.
    kept=()
    for ((i = 0; i < ${#args[@]}; i++)); do
      if [ "${args[i]}" = -Xfrontend ]; then
        case "${args[i + 1]:-}" in
          -playground-option) i=$((i + 3)); continue ;;
          -playground* | -pc-macro) i=$((i + 1)); continue ;;
        esac
      fi
      kept+=("${args[i]}")
    done
    args=("${kept[@]}")
  fi
  if (cd "$folder" && "$swiftc" "${args[@]}" 2>/dev/null); then
    (cd "$folder" && { ./main >/dev/null 2>&1 </dev/null || true; }) 2>/dev/null  # quiet about traps too
  else
    failed=$((failed + 1))
  fi
done < <(find "$dir" -name command.txt | sort)
# Programs that did not compile (docent's compile-fail snippets are expected here), for run.sh's sanity check.
echo "$failed" > "$dir/compile-failures.txt"
