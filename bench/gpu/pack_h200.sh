#!/usr/bin/env bash
# bench/gpu/pack_h200.sh — run HERE (the build machine, no GPU): builds what
# bench/gpu/run_h200.sh needs on the GPU machine (CUDA toolkit, no LLVM 19, no libobjc):
#   BUNDLE/lib    libanchor, libsoftmetal, libcudametal, libobjc.so.4, lib/anchor/ (preludes)
#   BUNDLE/bin    the bench/gpu workloads built by anchorcc -O2 (the double ones twice:
#                 NAME_f64_exact with --fp64=exact, NAME_f64_fast with --fp64=fast)
#   BUNDLE/e2e    the e2e programs run_h200.sh puts under compute-sanitizer (shared memory,
#                 barriers, warp operations), built by anchorcc -O2
#   BUNDLE/cache  cudametal's compiled-module cache (docs/cudametal.md), filled here: each
#                 program runs once in small mode over tests/cudametal/fake_cuda.c (the CPU
#                 stand-in for the driver, compute capability 9.0), so NVRTC (13.0 here, as
#                 on the H200; the cache key holds NVRTC's version, the target sm_90, the
#                 prelude and the translated source) compiles every module here and not in
#                 the GPU machine's minutes. A module the GPU machine does not find in it is
#                 compiled there (run_h200.sh counts those). --no-cache: skip this step.
# Usage: bench/gpu/pack_h200.sh [BUILD (default build)] [BUNDLE (default bench_bundle)] [--no-cache]
# The bundle is untracked (/bench_bundle/ in .gitignore): carry it.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
bundle=${2:-$root/bench_bundle}
fill_cache=1
[ "${3:-}" = --no-cache ] && fill_cache=0
[ -f "$build/lib/libcudametal.so" ] || {
  echo "no $build/lib/libcudametal.so: configure with -DANCHOR_CUDAMETAL=ON and build" >&2
  exit 1
}
# shellcheck source=bench/gpu/workloads.sh
. "$root/bench/gpu/workloads.sh"
# The cache is kept from an earlier pack (modules are keyed by their content: a stale one
# is only never used); everything else is rebuilt.
rm -rf "${bundle:?}/lib" "${bundle:?}/bin" "${bundle:?}/e2e"
mkdir -p "$bundle/lib" "$bundle/bin" "$bundle/e2e" "$bundle/cache"
cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
objc=$(ldd "$build/lib/libcudametal.so" | awk '/libobjc/ {print $3}')
cp -L "$objc" "$bundle/lib/"
cc="$build/bin/anchorcc"
status=0
for w in $BENCH_WORKLOADS; do
  src="$root/bench/gpu/$w.cu"
  if [ -f "$src" ]; then
    "$cc" -O2 -std=c++17 "$src" -o "$bundle/bin/$w" || { echo "anchorcc failed: $w"; status=1; }
    continue
  fi
  base=${w%_f64_*} mode=${w##*_f64_} # lulesh_f64_exact -> lulesh, exact
  [ "$base" = "$w" ] && { base=${w%_f32}; mode=f32; }
  src="$root/bench/gpu/$base.cu"
  case $mode in
  f32) "$cc" -O2 -std=c++17 "$src" -o "$bundle/bin/$w" ;;
  *) "$cc" -O2 -std=c++17 -DBENCH_DOUBLE --fp64="$mode" "$src" -o "$bundle/bin/$w" ;;
  esac || { echo "anchorcc failed: $w"; status=1; }
done
for e in $BENCH_SANITIZER_E2E; do
  "$cc" -O2 "$root/tests/e2e/$e.cu" -o "$bundle/e2e/$e" || { echo "anchorcc failed: e2e $e"; status=1; }
done
if [ $fill_cache = 1 ]; then
  fake="$build/cudametal/fake_cuda/libcuda.so.1"
  for exe in "$bundle"/bin/* "$bundle"/e2e/*; do
    t0=$(date +%s)
    CUDAMETAL_LIBCUDA=$fake CUDAMETAL_CACHE="$bundle/cache" LD_LIBRARY_PATH="$build/lib" \
      ANCHOR_METAL=cudametal BENCH_SMALL=1 timeout 1800 "$exe" small >/dev/null 2>&1
    echo "cache: $(basename "$exe") ($(($(date +%s) - t0)) s, $(ls "$bundle/cache" | wc -l) modules)"
  done
  for e in $BENCH_CONVERGENCE_E2E; do # their PTX for CUDAMETAL_PTX_TARGET (run_h200.sh step 5)
    CUDAMETAL_LIBCUDA=$fake CUDAMETAL_CACHE="$bundle/cache" LD_LIBRARY_PATH="$build/lib" \
      ANCHOR_METAL=cudametal CUDAMETAL_PTX_TARGET=sm_60 timeout 600 "$bundle/e2e/$e" >/dev/null 2>&1
    echo "cache: $e with CUDAMETAL_PTX_TARGET=sm_60 ($(ls "$bundle/cache" | wc -l) modules)"
  done
fi
echo "bundle: $bundle ($(du -sh "$bundle" | cut -f1)); $(ls "$bundle/bin" | wc -l) workloads," \
  "$(ls "$bundle/e2e" | wc -l) e2e programs, $(ls "$bundle/cache" | wc -l) cached modules"
exit $status
