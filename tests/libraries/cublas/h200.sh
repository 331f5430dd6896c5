#!/usr/bin/env bash
# h200.sh — run THERE (an NVIDIA GPU machine with the CUDA toolkit), from the repository
# root, after h200_pack.sh here (carry its bundle, default .cublas_h200). At most ~6 min.
#   1. every cuBLAS test program (tests/libraries/cublas/*.cu, c_api.c) built by nvcc
#      against NVIDIA's cuBLAS and the bundle's OpenBLAS, and run: each must print PASS.
#      This checks the tests' expectations (status codes, bounds, pointer modes) against
#      cuBLAS itself. helpers prints cuBLAS's version and status strings: compare them
#      with Anchor's (helpers.cu prints the same lines on softmetal).
#   2. bench/cublas_gemm.cu with nvcc (NVIDIA's cuBLAS on the GPU): GFLOP/s.
#   3. when the bundle has libcudametal.so: the same tests and bench built by anchorcc
#      (Anchor's libcublas, kernels as MSL) through cudametal on the GPU, with the module
#      cache h200_pack.sh filled (BUNDLE/cache.tar.gz, unpacked into a temporary directory);
#      prints how many modules NVRTC compiled here.
# Output: $OUT/cublas_h200.txt (or /tmp) and stdout; one "== summary" line at the end.
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
bundle=$(cd "${1:-$root/.cublas_h200}" && pwd) || exit 1
cuda=${CUDA_HOME:-/usr/local/cuda}
out=${OUT:-/tmp}
work=$(mktemp -d)
log="$out/cublas_h200.txt"
ob="$bundle/openblas"
export LD_LIBRARY_PATH="$ob/lib:${LD_LIBRARY_PATH:-}"
pass=0 fail=0
exec > >(tee "$log") 2>&1
echo "== $(date -u '+%F %T UTC'); nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run_one() { # label, binary
  local o
  o=$(timeout 120 "$2" 2>&1)
  local rc=$?
  printf '%s\n' "$o" | grep -v '^PASS$' | tail -n 12 | sed "s/^/  [$1] /"
  if [ $rc -eq 0 ] && printf '%s\n' "$o" | grep -qx PASS; then
    pass=$((pass + 1)); echo "PASS $1"
  else
    fail=$((fail + 1)); echo "FAIL $1 (exit $rc)"
  fi
}
echo "== 1. tests with nvcc and NVIDIA's cuBLAS"
for src in "$root"/tests/libraries/cublas/*.cu "$root"/tests/libraries/cublas/c_api.c; do
  name=$(basename "${src%.*}")
  lang=(); [ "${src##*.}" = c ] && lang=(-x c)
  if "$cuda/bin/nvcc" -O2 -arch=sm_90 "${lang[@]}" -I"$ob/include" "$src" -o "$work/$name" -L"$ob/lib" -lcublasLt -lcublas \
    -lopenblas; then
    run_one "nvcc $name" "$work/$name"
  else
    fail=$((fail + 1)); echo "FAIL nvcc $name (build)"
  fi
done
echo "== 2. bench/cublas_gemm.cu, NVIDIA's cuBLAS"
"$cuda/bin/nvcc" -O2 -arch=sm_90 "$root/bench/cublas_gemm.cu" -o "$work/bench" -lcublas &&
  timeout 60 "$work/bench" 128 256 512 1024 2048 4096 d 64 128 256 1024 2048
if [ -f "$bundle/lib/libcudametal.so" ]; then
  # NVIDIA's driver by absolute path (the bundle's lib/ has Anchor's libcuda.so.1), and the
  # module cache h200_pack.sh filled: NVRTC compiles here only what it lacks
  export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
  export CUDAMETAL_CACHE=${CUDAMETAL_CACHE:-$work/cache}
  mkdir -p "$CUDAMETAL_CACHE"
  [ -f "$bundle/cache.tar.gz" ] && tar -C "$CUDAMETAL_CACHE" -xzf "$bundle/cache.tar.gz"
  cached0=$(ls "$CUDAMETAL_CACHE" | wc -l)
  echo "== 3. Anchor's cuBLAS through cudametal (driver ${CUDAMETAL_LIBCUDA:-?}; $cached0 cached modules)"
  export ANCHOR_METAL=cudametal LD_LIBRARY_PATH="$bundle/lib:$LD_LIBRARY_PATH"
  for bin in "$bundle"/bin/*.anchor; do
    name=$(basename "$bin" .anchor)
    [ "$name" = cublas_gemm ] && continue
    run_one "cudametal $name" "$bin"
  done
  timeout 120 "$bundle/bin/cublas_gemm.anchor" 128 256 512 1024 d 64 128
  echo "== modules compiled here (cache misses): $(($(ls "$CUDAMETAL_CACHE" | wc -l) - cached0))"
else
  echo "== 3. skipped: the bundle has no libcudametal.so (build with -DANCHOR_CUDAMETAL=ON, then h200_pack.sh)"
fi
echo "== summary: $pass PASS, $fail FAIL"
rm -rf "$work"
