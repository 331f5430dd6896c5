#!/bin/sh
# tests/runtime/check_layering.sh — libanchor's layering, checked on the
# object files the build made (docs/runtime.md, "Layering"):
#   1. the calls between runtime files form a DAG (no pair of files, and no
#      longer loop, calls each other): tsort finds no loop;
#   2. an API file (cuda_*, cu_*) calls no other API file and no Metal
#      (mtl_*): it goes through the core only;
#   3. only core_mtl.h includes metal/mtl.h, and only core files include
#      core_mtl.h (so no API file sees a Metal type).
# Usage: check_layering.sh RUNTIME_SOURCE_DIR OBJECT_FILE...
set -eu
src=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

name() { basename "$1" | sed 's/\.c\.o$//; s/\.o$//'; }

for o in "$@"; do
  nm --defined-only -g "$o" | awk -v f="$(name "$o")" 'NF >= 3 { print $3, f }'
done | sort >"$tmp/defined"
for o in "$@"; do
  nm -u "$o" | awk -v f="$(name "$o")" '{ print $NF, f }'
done | sort >"$tmp/used"
# caller callee, for every symbol one runtime file takes from another
join "$tmp/used" "$tmp/defined" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$tmp/edges"

if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
  echo "runtime files call each other in a loop:" >&2
  cat "$tmp/loops" >&2
  status=1
fi
if awk '$1 ~ /^cuda?_/ && $2 ~ /^cuda?_/ { print; found = 1 } END { exit !found }' \
  "$tmp/edges" >"$tmp/api"; then
  echo "API files call other API files (they may call the core only):" >&2
  cat "$tmp/api" >&2
  status=1
fi
for o in "$@"; do
  case $(name "$o") in
  cuda_* | cu_*)
    if nm -u "$o" | grep -q ' mtl_'; then
      echo "$(name "$o") calls Metal directly:" >&2
      nm -u "$o" | grep ' mtl_' >&2
      status=1
    fi
    ;;
  esac
done
for f in "$src"/*.c "$src"/*.h; do
  base=$(basename "$f")
  if grep -q '^#include "mtl.h"' "$f" && [ "$base" != core_mtl.h ]; then
    echo "$base includes mtl.h (only core_mtl.h may)" >&2
    status=1
  fi
  case $base in
  core_*) ;;
  *)
    if grep -q '^#include "core_mtl.h"' "$f"; then
      echo "$base includes core_mtl.h (only core files may)" >&2
      status=1
    fi
    ;;
  esac
done
[ "$status" = 0 ] && echo "check_layering: PASS ($(wc -l <"$tmp/edges") calls between files, no loop)"
exit "$status"
