#!/usr/bin/env bash
# bench/softmetal_ab.sh — one anchorcc-built program run against two builds of libanchor
# and softmetal (an A/B of a softmetal change), alternating, REPS times each: per run,
# the sum of its dispatches' durations (SOFTMETAL_TRACE's "done in" lines) and the
# process's user CPU time. Each build keeps its own kernel cache (warmed by a first,
# untimed run), since the cache key covers the prelude.
#   bench/softmetal_ab.sh PROGRAM LIBDIR_A LIBDIR_B [REPS]
# e.g. bench/softmetal_ab.sh build/tests/e2e/bin/app_nbody /work/main/build/lib build/lib 3
set -euo pipefail
prog=$1 a=$2 b=$3 reps=${4:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one() { # LIBDIR LABEL
  XDG_CACHE_HOME="$work/cache-$2" SOFTMETAL_TRACE=1 LD_LIBRARY_PATH="$1" \
    /usr/bin/time -f "user %U" "$prog" 2>&1 >/dev/null |
    awk -v l="$2" '/done in/ { s += $8; n++ } /^user/ { printf "%s: %d dispatches %.1f ms, %s s\n", l, n, s, $0 }'
}
one "$a" A >/dev/null
one "$b" B >/dev/null
for r in $(seq "$reps"); do
  one "$a" A
  one "$b" B
done
