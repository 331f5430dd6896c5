#!/usr/bin/env bash
# module_cache.sh — cudametal's compiled-module cache (compile.c), no GPU: msl2cuda on a
# small MSL file twice with CUDAMETAL_CACHE=DIR: the first run writes one .ptx file, the
# second reads it (same size reported, no new file); another source adds a second file;
# CUDAMETAL_CACHE=off writes nothing.
#   module_cache.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
rm -rf "$out" && mkdir -p "$out/cache" "$out/off"
fail=0
kernel() { # name -> a minimal MSL kernel
  printf '#include <metal_stdlib>\nusing namespace metal;\nkernel void %s(device float *a [[buffer(0)]], uint i [[thread_position_in_grid]]) { a[i] = a[i] * 2.0f + 1.0f; }\n' "$1"
}
kernel k_one >"$out/one.metal"
kernel k_two >"$out/two.metal"
m2c() { env -u LD_LIBRARY_PATH CUDAMETAL_CACHE="$1" "$build/bin/msl2cuda" "$2" -90; }
first=$(m2c "$out/cache" "$out/one.metal") || { echo "FAIL first compile: $first"; exit 1; }
n1=$(ls "$out/cache" | grep -c '\.ptx$')
[ "$n1" = 1 ] || { echo "FAIL: $n1 cache files after the first compile, 1 expected"; fail=1; }
touch -d '2000-01-01' "$out"/cache/*.ptx
second=$(m2c "$out/cache" "$out/one.metal")
[ "$second" = "$first" ] || { echo "FAIL: cached result differs: '$second' vs '$first'"; fail=1; }
[ "$(ls "$out/cache" | grep -c '\.ptx$')" = 1 ] || { echo "FAIL: the second compile added a file"; fail=1; }
[ -z "$(find "$out/cache" -newer "$out/one.metal" -name '*.ptx')" ] ||
  { echo "FAIL: the second compile rewrote the file"; fail=1; }
m2c "$out/cache" "$out/two.metal" >/dev/null
[ "$(ls "$out/cache" | grep -c '\.ptx$')" = 2 ] || { echo "FAIL: another source did not add a file"; fail=1; }
m2c off "$out/one.metal" >/dev/null
HOME=$out/off XDG_CACHE_HOME= env -u LD_LIBRARY_PATH CUDAMETAL_CACHE=off "$build/bin/msl2cuda" \
  "$out/one.metal" -90 >/dev/null
[ -z "$(ls -A "$out/off")" ] || { echo "FAIL: CUDAMETAL_CACHE=off wrote $(ls -A "$out/off")"; fail=1; }
[ $fail = 0 ] && echo "PASS module_cache ($first)" || echo "FAIL module_cache"
exit $fail
