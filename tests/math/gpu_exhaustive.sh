#!/usr/bin/env bash
# tests/math/gpu_exhaustive.sh — the exhaustive float runs of issue 7 on an NVIDIA GPU:
# every one of the 2^32 float bit patterns through each unary float function of
# tests/math/math_accuracy.cu's table, Anchor's build (anchorcc, through cudametal) and
# CUDA's own (nvcc), both measured against the correctly rounded results by
# tests/math/gpu_exhaustive.cu (a fast exact reference, MPFR where it cannot decide).
#
#   tests/math/gpu_exhaustive.sh pack [BUILD [BUNDLE]]      HERE (no GPU)
#   tests/math/gpu_exhaustive.sh run [BUNDLE [NAME...]]     THERE (a GPU, nvcc)
#
# pack: BUILD (default build/, configured with -DANCHOR_CUDAMETAL=ON and built) makes
#   BUNDLE (default BUILD/exh_bundle, under the ignored build/: carry it):
#     bin/gpu_exhaustive   the harness built by BUILD's anchorcc -O2 -std=c++17
#     lib/                 libanchor, libcudametal, the other Anchor libraries, lib/anchor/,
#                          libobjc.so.4
#     mpfr/                Debian 12's libmpfr.so.6 and libgmp.so.10
#     include/             Debian 12's mpfr.h and gmp.h (for the nvcc build there)
#     cache/               cudametal's compiled-module cache, filled here by one launch over
#                          tests/cudametal/fake_cuda.c (as bench/gpu/pack_h200.sh does), so the
#                          GPU machine does not spend minutes in NVRTC
#   and checks that it is under 40 MiB.
# run: builds the harness with nvcc (-O2 -arch=sm_<the GPU's>), then for each function
#   (NAME..., or every row of `gpu_exhaustive --list` that no other row covers, in the
#   list's order; PART=k/n takes every n-th from the k-th, 1-based) runs CUDA's build, then
#   Anchor's, each over all its patterns (CUDA's writes the correctly rounded results to
#   /dev/shm when it has 17 GiB free, Anchor's reads them: the reference is computed once),
#   until EXH_BUDGET seconds (default 500) from the
#   start have passed: a run still going then stops with PARTIAL, the functions not
#   reached are listed as not run. EXH_FUNC_LIMIT (default 240) caps one build of one
#   function. Writes $OUT/exhaustive/summary.txt (also printed), one line per function:
#     name  inputs  anchor_max_ulp  cuda_max_ulp  bound  anchor_verdict  cuda_verdict  seconds
#   and each build's full output in $OUT/exhaustive/<name>.{anchor,cuda}.log.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cmd=${1:-}
shift || true

pack() {
  local build bundle fake
  build=$(cd "${1:-$root/build}" && pwd) || exit 1
  bundle=${2:-$build/exh_bundle}
  [ -f "$build/lib/libcudametal.so" ] || {
    echo "no $build/lib/libcudametal.so: configure with -DANCHOR_CUDAMETAL=ON and build" >&2
    exit 1
  }
  rm -rf "${bundle:?}/bin" "${bundle:?}/lib" "${bundle:?}/include" "${bundle:?}/mpfr"
  mkdir -p "$bundle/bin" "$bundle/lib" "$bundle/include" "$bundle/cache"
  cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
  # NVIDIA's own libraries and Anchor's CUDA-library stand-ins the harness does not use
  rm -f "$bundle"/lib/libcublas* "$bundle"/lib/libcufft* "$bundle"/lib/libcurand* \
    "$bundle"/lib/libcusparse* "$bundle"/lib/libcusolver* "$bundle"/lib/libnvrtc*
  cp -L "$(ldd "$build/lib/libcudametal.so" | awk '/libobjc/ {print $3}')" "$bundle/lib/"
  local mpfr gmp
  mpfr=$(ldconfig -p | awk '/libmpfr\.so\.6 / {print $NF; exit}')
  gmp=$(ldconfig -p | awk '/libgmp\.so\.10 / {print $NF; exit}')
  # a directory of their own: the nvcc build's rpath must not reach lib/ (its libcuda.so.1
  # is libanchor)
  mkdir -p "$bundle/mpfr"
  cp -L "$mpfr" "$bundle/mpfr/libmpfr.so.6" && cp -L "$gmp" "$bundle/mpfr/libgmp.so.10" || exit 1
  cp /usr/include/mpfr.h "$bundle/include/" &&
    cp "$(echo '#include <gmp.h>' | cpp -H -o /dev/null 2>&1 | awk '/gmp\.h$/ {print $2; exit}')" \
      "$bundle/include/" || exit 1
  echo "+ anchorcc -O2 -std=c++17 tests/math/gpu_exhaustive.cu"
  "$build/bin/anchorcc" -O2 -std=c++17 "$root/tests/math/gpu_exhaustive.cu" \
    -o "$bundle/bin/gpu_exhaustive" -lmpfr -lgmp -lpthread || exit 1
  fake="$build/cudametal/fake_cuda/libcuda.so.1"
  local t0=$SECONDS
  # one launch of one function loads (and so compiles) the whole device module
  CUDAMETAL_LIBCUDA=$fake CUDAMETAL_CACHE="$bundle/cache" LD_LIBRARY_PATH="$build/lib" \
    ANCHOR_METAL=cudametal timeout 3600 "$bundle/bin/gpu_exhaustive" --threads 1 --chunk 8 \
    --bits 0x3f800000 256 fabsf >/dev/null 2>&1
  echo "cache: $(ls "$bundle/cache" | wc -l) modules ($((SECONDS - t0)) s)"
  local kib
  kib=$(du -sk "$bundle" | cut -f1)
  echo "bundle: $bundle ($((kib / 1024)) MiB)"
  [ "$kib" -lt $((40 * 1024)) ] || { echo "FAIL: the bundle is over 40 MiB" >&2; exit 1; }
}

run() {
  local bundle cuda cc work out start deadline
  bundle=$(cd "${1:-$root/build/exh_bundle}" && pwd) || exit 1
  shift || true
  cuda=${CUDA_HOME:-/usr/local/cuda}
  start=$(date +%s)
  deadline=$((start + ${EXH_BUDGET:-500}))
  out=${OUT:-/tmp}/exhaustive
  work=$(mktemp -d "${TMPDIR:-/tmp}/exh.XXXXXX")
  mkdir -p "$out"
  cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d '.')
  cc=${cc:-90}
  echo "== $(date -u '+%F %T UTC') $(nproc) cores; nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
  export CUDAMETAL_CACHE=${CUDAMETAL_CACHE:-$bundle/cache}
  local cached0
  cached0=$(ls "$CUDAMETAL_CACHE" | wc -l)
  local t0=$SECONDS nvcc_bin=${EXH_CUDA_BIN:-$work/gpu_exhaustive_nvcc}
  if [ -z "${EXH_CUDA_BIN:-}" ]; then # (EXH_CUDA_BIN: another binary in its place, for trials)
    "$cuda/bin/nvcc" -O2 -std=c++17 -arch=sm_$cc -I"$bundle/include" \
      "$root/tests/math/gpu_exhaustive.cu" -o "$nvcc_bin" \
      -Xlinker "$bundle/mpfr/libmpfr.so.6" -Xlinker "$bundle/mpfr/libgmp.so.10" -lpthread \
      -Xlinker --disable-new-dtags -Xlinker -rpath="$bundle/mpfr" >"$out/nvcc.log" 2>&1 ||
      { echo "FAIL: nvcc build"; cat "$out/nvcc.log"; }
    echo "== nvcc build: $((SECONDS - t0)) s"
  fi
  # EXH_METAL (default cudametal; softmetal for trials here), EXH_BITS="FIRST COUNT" (a
  # slice instead of all 2^32 patterns, for trials)
  # chunks of 2^24 patterns written by the kernels into registered host memory (64 MiB
  # twice; registering takes time, softmetal's here 30 s for 512 MiB), EXH_COPY=1: device
  # memory and cudaMemcpy instead
  local mode=(--chunk 24 --zero-copy)
  [ "${EXH_COPY:-0}" = 1 ] && mode=(--chunk 24)
  local bits=()
  [ -n "${EXH_BITS:-}" ] && read -r -a bits <<<"--bits $EXH_BITS"
  local anchor=(env "LD_LIBRARY_PATH=$bundle/lib:$bundle/mpfr:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    "CUDA_HOME=$cuda" "ANCHOR_METAL=${EXH_METAL:-cudametal}"
    "ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-8G}" "$bundle/bin/gpu_exhaustive")
  local names=("$@")
  : >"$out/mpfr_rows.txt"
  if [ ${#names[@]} -eq 0 ]; then
    # rows whose reference is MPFR's for most inputs (Bessel J, Y: hours each) only with
    # EXH_MPFR=1
    mapfile -t names < <("${anchor[@]}" --list |
      awk -v all="${EXH_MPFR:-0}" 'NF == 1 || (all == 1 && $2 == "mpfr") {print $1}')
    "${anchor[@]}" --list | awk -v all="${EXH_MPFR:-0}" 'all != 1 && $2 == "mpfr" {print $1}' |
      while read -r n; do printf '%-18s not run (MPFR reference: hours; EXH_MPFR=1)\n' "$n"; done \
        >"$out/mpfr_rows.txt"
    if [ -n "${PART:-}" ]; then
      local k=${PART%/*} n=${PART#*/} i sel=()
      for ((i = k - 1; i < ${#names[@]}; i += n)); do sel+=("${names[$i]}"); done
      names=("${sel[@]}")
    fi
  fi
  # The shared reference (16 GiB per function, in memory): /dev/shm if it has room.
  local shared=""
  if [ "$(df -k --output=avail /dev/shm 2>/dev/null | tail -n1)" -gt $((17 * 1024 * 1024)) ] 2>/dev/null; then
    shared=/dev/shm/gpu_exhaustive_ref.$$
    EXH_SHARED=$shared
    trap 'rm -f "$EXH_SHARED"' EXIT
  fi
  echo "== ${#names[@]} functions, budget ${EXH_BUDGET:-500} s from the start;" \
    "shared reference: ${shared:-none (each build computes its own)}"
  local summary="$out/summary.txt" name build log line
  printf '%-18s %10s %14s %14s %-38s %-7s %-7s %s\n' function inputs anchor_max_ulp \
    cuda_max_ulp bound anchor cuda seconds >"$summary"
  for name in "${names[@]}"; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      printf '%-18s not run (budget)\n' "$name" >>"$summary"
      continue
    fi
    local f0=$SECONDS
    for build in cuda anchor; do # CUDA's run computes the reference, Anchor's reads it
      log="$out/$name.$build.log"
      local now lim ref=()
      now=$(date +%s)
      lim=$((now + ${EXH_FUNC_LIMIT:-240}))
      [ "$lim" -gt "$deadline" ] && lim=$deadline
      if [ $build = cuda ]; then
        [ -n "$shared" ] && ref=(--ref-out "$shared")
        timeout $((lim - now + 60)) "$nvcc_bin" "${mode[@]}" --deadline "$lim" "${bits[@]}" "${ref[@]}" \
          "$name" >"$log" 2>&1
      else
        # the shared reference only from a complete run
        [ -n "$shared" ] && grep -q "^$name .* inputs .* \(PASS\|FAIL\)\$" "$out/$name.cuda.log" &&
          ref=(--ref-in "$shared")
        timeout $((lim - now + 60)) "${anchor[@]}" "${mode[@]}" --deadline "$lim" "${bits[@]}" "${ref[@]}" \
          "$name" >"$log" 2>&1
      fi
    done
    [ -n "$shared" ] && rm -f "$shared"
    # name float inputs N max_ulp X bound B VERDICT (the harness's line)
    awk -v name="$name" -v secs=$((SECONDS - f0)) '
      { b = FILENAME ~ /anchor\.log$/ ? 1 : 2 }
      $1 == name && $3 == "inputs" { inputs[b] = $4; max[b] = $6; verdict[b] = $NF
        bound = $8; for (i = 9; i < NF; i++) bound = bound " " $i }
      END { printf "%-18s %10s %14s %14s %-38s %-7s %-7s %d\n", name,
              inputs[1] != "" ? inputs[1] : "-", max[1] != "" ? max[1] : "-",
              max[2] != "" ? max[2] : "-", bound, verdict[1] != "" ? verdict[1] : "ERROR",
              verdict[2] != "" ? verdict[2] : "ERROR", secs }' \
      "$out/$name.anchor.log" "$out/$name.cuda.log" >>"$summary"
    tail -n 1 "$summary"
  done
  cat "$out/mpfr_rows.txt" >>"$summary" 2>/dev/null
  echo "== modules compiled here (cache misses): $(($(ls "$CUDAMETAL_CACHE" | wc -l) - cached0));" \
    "total $(($(date +%s) - start)) s"
  echo "== summary ($summary):"
  cat "$summary"
  rm -rf "$work"
}

case $cmd in
pack) pack "$@" ;;
run) run "$@" ;;
*)
  echo "usage: $0 pack [BUILD [BUNDLE]] | run [BUNDLE [NAME...]]" >&2
  exit 2
  ;;
esac
