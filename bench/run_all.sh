#!/usr/bin/env bash
# run_all.sh — builds and runs every Anchor benchmark from one build tree:
#   bench-softmetal  softmetal vector-add throughput vs plain C, barrier cost
#   bench-compile    anchorcc -O2 -c vs nvcc -O2 -c compile times
#   bench-graph      1000 graph replays vs the same direct launches
#   fp64_modes.sh    double-precision throughput in --fp64=exact, fast and demote
#
#   bench/run_all.sh [BUILD_DIR]      (default: build, configured if it is not yet)
#
# Benchmarks measure, they assert nothing; the script fails only if a build fails or a
# benchmark program prints FAIL (a wrong result). See docs/benchmarks.md.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" || exit 1
fi
status=0
for target in bench-softmetal bench-compile bench-graph; do
  echo "######## $target"
  cmake --build "$build" --target "$target" -j2 || status=1
done
echo "######## fp64_modes"
"$root/bench/fp64_modes.sh" "$build/bin/anchorcc" "$build/bench/fp64_modes" || status=1
exit $status
