#!/usr/bin/env bash
# bench/launch_rate.sh — the host's cost of a launch (issue 12): bench/gpu/launch.cu
# (10,000 empty launches then one synchronize, ms per launch; the same between two
# events; 8 arguments; launch + synchronize) built by anchorcc, run against two builds'
# libraries (libanchor, softmetal, cudametal) alternately, REPS times each (every run's
# line, then the median of each number over the REPS runs):
#   - on softmetal;
#   - through cudametal over tests/cudametal/fake_cuda.c (FAKE_LIBCUDA: the CPU stand-in
#     for the driver; no kernel runs there, so this is libanchor + cudametal + a cheap
#     driver, the host side of what an NVIDIA GPU run pays per launch).
#   bench/launch_rate.sh ANCHORCC LIBDIR_A LIBDIR_B [REPS] [FAKE_LIBCUDA]
# e.g. bench/launch_rate.sh build/bin/anchorcc /tmp/before/build/lib build/lib 3 \
#        build/cudametal/fake_cuda/libcuda.so.1
set -euo pipefail
anchorcc=$1 a=$2 b=$3 reps=${4:-3} fake=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$anchorcc" -O2 "$here/gpu/launch.cu" -o "$work/launch"
one() { # LIBDIR LABEL METAL
  local env=(XDG_CACHE_HOME="$work/cache-$2" CUDAMETAL_CACHE="$work/cm-cache" LD_LIBRARY_PATH="$1"
             ANCHOR_METAL="$3")
  [ "$3" = cudametal ] && env+=(CUDAMETAL_LIBCUDA="$fake")
  # over the stand-in the 8-argument kernel's value is wrong (no kernel runs): its FAIL
  # line and exit status are expected there
  { env "${env[@]}" "$work/launch" 2>&1 || true; } |
    awk -v l="$2 $3" '/^TIME/ { t = t sprintf(" %s %.2f us", $2, $3 * 1000) } END { print l ":" t }'
}
metals=(softmetal)
[ -n "$fake" ] && metals+=(cudametal)
for m in "${metals[@]}"; do
  one "$a" A "$m" >/dev/null # warm the caches
  one "$b" B "$m" >/dev/null
  for r in $(seq "$reps"); do
    one "$a" A "$m"
    one "$b" B "$m"
  done
done | tee "$work/runs"
# medians: per label and metric
while IFS= read -r label; do
  line="median $label:"
  for metric in $(grep -F "$label:" "$work/runs" | head -1 | tr ' ' '\n' | grep '^launch'); do
    values=$(grep -F "$label:" "$work/runs" |
      awk -v m="$metric" '{ for (i = 1; i < NF; i++) if ($i == m) print $(i + 1) }' | sort -g)
    count=$(echo "$values" | wc -l)
    line+=" $metric $(echo "$values" | sed -n "$(((count + 1) / 2))p") us"
  done
  echo "$line"
done < <(cut -d: -f1 "$work/runs" | awk '!seen[$0]++')
