#!/usr/bin/env bash
# h200_pack.sh — run HERE (the build machine): gathers what h200.sh needs on the GPU
# machine, which has the CUDA toolkit (nvcc, NVIDIA's cuBLAS) but not OpenBLAS:
#   BUNDLE/openblas/{include,lib}  Debian's OpenBLAS (cblas.h, libopenblas.so.0 with
#                                  libgfortran.so.5 and libquadmath.so.0): the tests' oracle
#   BUNDLE/bin/*.anchor            the cuBLAS tests and bench/cublas_gemm.cu built by this
#                                  build's anchorcc against Anchor's libcublas
#   BUNDLE/lib                     build/lib (libanchor, libsoftmetal, libcublas, and
#                                  libcudametal when the build has -DANCHOR_CUDAMETAL=ON),
#                                  libobjc.so.4
#   BUNDLE/cache.tar.gz            with libcudametal: cudametal's compiled-module cache
#                                  (docs/cudametal.md), filled here as bench/gpu/pack_h200.sh
#                                  fills its own: each program runs once over
#                                  tests/cudametal/fake_cuda.c (the CPU stand-in for the
#                                  driver: kernels do not run, results are wrong, but every
#                                  launch loads and so compiles its whole module), so NVRTC
#                                  compiles Anchor's cuBLAS modules here and not in h200.sh's
#                                  step 3 (120 s per program there). The cache key holds
#                                  NVRTC's version (13.0 here, as on the H100/H200), the target
#                                  sm_90, the prelude and the translated source; a module the
#                                  GPU machine does not find is compiled there (h200.sh counts
#                                  those). The cache itself is BUILD/cublas_h200_cache, kept
#                                  from an earlier pack (a stale module is only never used);
#                                  the bundle carries it gzipped (cubins shrink ~6x: the whole
#                                  bundle must stay under the device tool's 64 MiB).
#                                  --no-cache: skip this step.
# Usage: tests/libraries/cublas/h200_pack.sh [BUILD (default build)] [BUNDLE (default .cublas_h200)] [--no-cache]
# The bundle is untracked (/.cublas_h200/ in .gitignore): carry it (~50 MiB, and the cache).
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 1
bundle=${2:-$root/.cublas_h200}
fill_cache=1
[ "${3:-}" = --no-cache ] && fill_cache=0
here=$root/tests/libraries/cublas
rm -rf "$bundle"
mkdir -p "$bundle/openblas/include" "$bundle/openblas/lib" "$bundle/bin" "$bundle/lib"
inc=/usr/include/x86_64-linux-gnu/openblas-pthread
cp "$inc/cblas.h" "$inc/openblas_config.h" "$bundle/openblas/include/"
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0)
cp "$lib" "$bundle/openblas/lib/libopenblas.so.0"
ln -s libopenblas.so.0 "$bundle/openblas/lib/libopenblas.so"
for dep in libgfortran.so.5 libquadmath.so.0; do
  cp -L "/usr/lib/x86_64-linux-gnu/$dep" "$bundle/openblas/lib/"
done
cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
# the GNU Objective-C runtime libanchor and softmetal link (the GPU machine has none)
cp -L "$(ldd "$build/lib/libanchor.so" | awk '/libobjc/ {print $3}')" "$bundle/lib/"
cc="$build/bin/anchorcc"
for src in "$here"/*.cu "$here"/c_api.c "$root/bench/cublas_gemm.cu"; do
  name=$(basename "${src%.*}")
  "$cc" -O2 "$src" -o "$bundle/bin/$name.anchor" -lcublasLt -lcublas -lopenblas || echo "not packed: $name"
done
fake="$build/cudametal/fake_cuda/libcuda.so.1"
cache=$build/cublas_h200_cache
if [ $fill_cache = 1 ] && [ -f "$build/lib/libcudametal.so" ]; then
  [ -f "$fake" ] || { echo "no $fake: build the fake_cuda target" >&2; exit 1; }
  mkdir -p "$cache"
  for exe in "$bundle"/bin/*.anchor; do
    t0=$(date +%s)
    args=()
    [ "$(basename "$exe")" = cublas_gemm.anchor ] && args=(128 d 64) # its sizes, small
    # the test programs print FAIL here (no kernel runs): only the compiled modules count
    CUDAMETAL_LIBCUDA=$fake CUDAMETAL_CACHE="$cache" \
      LD_LIBRARY_PATH="$build/lib:$bundle/openblas/lib" ANCHOR_METAL=cudametal \
      timeout 1800 "$exe" "${args[@]}" >/dev/null 2>&1
    echo "cache: $(basename "$exe") ($(($(date +%s) - t0)) s, $(ls "$cache" | wc -l) modules)"
  done
  tar -C "$cache" -czf "$bundle/cache.tar.gz" .
fi
du -sh "$bundle"
