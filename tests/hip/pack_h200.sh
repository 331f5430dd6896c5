#!/usr/bin/env bash
# tests/hip/pack_h200.sh — run HERE (the build machine, no GPU): builds the HIP programs
# of tests/hip with Anchor's hipcc and bundles them with what tests/hip/run_h200.sh needs
# to run them through cudametal (ANCHOR_METAL=cudametal, docs/cudametal.md) on an NVIDIA
# GPU machine (CUDA driver; no LLVM 19, no libobjc, no HIP headers needed there):
#   BUNDLE/lib    libanchor, libsoftmetal, libcudametal, libobjc.so.4, lib/anchor/
#   BUNDLE/bin    the programs of tests/hip/Makefile, built by make HIPCC=BUILD/bin/hipcc
#   BUNDLE/cache  cudametal's compiled-module cache, filled here by running each program
#                 once over tests/cudametal/fake_cuda.c (as bench/gpu/pack_h200.sh does;
#                 --no-cache skips it)
# Usage: tests/hip/pack_h200.sh [BUILD (default build)] [BUNDLE (default hip_bundle)] [--no-cache]
# The bundle is untracked (/hip_bundle/ in .gitignore): carry it.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
bundle=${2:-$root/hip_bundle}
fill_cache=1
[ "${3:-}" = --no-cache ] && fill_cache=0
[ -f "$build/lib/libcudametal.so" ] || {
  echo "no $build/lib/libcudametal.so: configure with -DANCHOR_CUDAMETAL=ON and build" >&2
  exit 1
}
rm -rf "${bundle:?}/lib" "${bundle:?}/bin" "${bundle:?}/make"
mkdir -p "$bundle/lib" "$bundle/bin" "$bundle/make" "$bundle/cache"
cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
objc=$(ldd "$build/lib/libcudametal.so" | awk '/libobjc/ {print $3}')
cp -L "$objc" "$bundle/lib/"
status=0
(cd "$bundle/make" && make --no-print-directory -f "$root/tests/hip/Makefile" \
  HIPCC="$build/bin/hipcc" SRC="$root/tests/hip" all) || status=1
for program in $(make --no-print-directory -s -f "$root/tests/hip/Makefile" list); do
  [ -x "$bundle/make/$program" ] && cp "$bundle/make/$program" "$bundle/bin/"
done
rm -rf "${bundle:?}/make"
if [ $fill_cache = 1 ]; then
  fake="$build/cudametal/fake_cuda/libcuda.so.1"
  for exe in "$bundle"/bin/*; do
    CUDAMETAL_LIBCUDA=$fake CUDAMETAL_CACHE="$bundle/cache" LD_LIBRARY_PATH="$build/lib" \
      ANCHOR_METAL=cudametal timeout 1800 "$exe" >/dev/null 2>&1
    echo "cache: $(basename "$exe") ($(ls "$bundle/cache" | wc -l) modules)"
  done
fi
echo "bundle: $bundle ($(du -sh "$bundle" | cut -f1)); $(ls "$bundle/bin" | wc -l) programs," \
  "$(ls "$bundle/cache" | wc -l) cached modules"
exit $status
