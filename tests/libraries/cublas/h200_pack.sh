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
# Usage: tests/libraries/cublas/h200_pack.sh [BUILD (default build)] [BUNDLE (default .cublas_h200)]
# The bundle is untracked: add it to .git/info/exclude and carry it (~50 MiB).
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 1
bundle=${2:-$root/.cublas_h200}
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
du -sh "$bundle"
