#!/usr/bin/env bash
# nvrtc_modules_gpu.sh — the e2e programs whose modules took NVRTC minutes (issue 12:
# math_f64_exp, math_f64_trig, math_f64_bessel, math_half, math_bf16; fp64 emulation
# inlined everywhere, before cudametal/outline.c), on an NVIDIA GPU: NVRTC's time per module
# and each program's result through cudametal, with an empty module cache; and
# tests/cudametal/fp64_bits.cu, whose printed hash of its double results must be the one
# softmetal gives here (the same bits).
#
#   HERE (the build machine; BUILD configured with -DANCHOR_CUDAMETAL=ON and built):
#     tests/cudametal/nvrtc_modules_gpu.sh pack [BUILD (build-cm)] [BUNDLE (cudametal_bundle)]
#   THERE (the GPU machine, from the repository root; carry the bundle):
#     tests/cudametal/nvrtc_modules_gpu.sh run [BUNDLE (cudametal_bundle)]
#
# pack: BUNDLE/lib (libanchor, libsoftmetal, libcudametal, libobjc.so.4, the preludes),
# BUNDLE/bin (each program, anchorcc -O2), BUNDLE/msl (its MSL, anchorcc --emit-msl),
# BUNDLE/tools/msl2cuda, BUNDLE/expected (and fp64_bits.txt: its output on softmetal, here).
# NVRTC_PROGRAMS (space-separated e2e names) replaces the five.
# run: per program, (1) `msl2cuda MSL <the GPU's sm>` with CUDAMETAL_CACHE=off: translation
# + NVRTC + ptxas to a cubin, wall and CPU seconds (and peak memory where /usr/bin/time
# exists); (2) the program with ANCHOR_METAL=cudametal CUDAMETAL_CACHE=off, at most
# NVRTC_LIMIT (default 300) s: PASS (it printed PASS, exit 0) or FAIL with its first error
# lines, and its wall seconds (NVRTC included); fp64_bits FAILs too when its BITS line is not
# softmetal's. Last line:
#   "== summary: P PASS, F FAIL of N; NVRTC wall s: exp 9.1 trig ..."
# Logs in $OUT/nvrtc_modules (else /tmp/nvrtc_modules).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
programs="${NVRTC_PROGRAMS:-math_f64_exp math_f64_trig math_f64_bessel math_half math_bf16} fp64_bits"
source_of() { # e2e program or tests/cudametal/NAME.cu
  if [ -f "$root/tests/cudametal/$1.cu" ]; then echo "$root/tests/cudametal/$1.cu"; else
    echo "$root/tests/e2e/$1.cu"; fi
}
mode=${1:-}

pack() {
  local build bundle cc name
  build=$(cd "${1:-$root/build-cm}" && pwd) || exit 1
  bundle=${2:-$root/cudametal_bundle}
  [ -f "$build/lib/libcudametal.so" ] || {
    echo "no $build/lib/libcudametal.so: configure with -DANCHOR_CUDAMETAL=ON and build" >&2
    exit 1
  }
  rm -rf "$bundle"
  mkdir -p "$bundle/lib" "$bundle/bin" "$bundle/msl" "$bundle/tools" "$bundle/expected"
  cp "$root"/tests/e2e/*.expected "$bundle/expected/"
  cp -a "$build"/lib/*.so* "$build/lib/anchor" "$bundle/lib/"
  cp -L "$(ldd "$build/lib/libcudametal.so" | awk '/libobjc/ {print $3}')" "$bundle/lib/"
  cp "$build/bin/msl2cuda" "$bundle/tools/" # finds ../lib/anchor/cudametal/metal_stdlib
  cc="$build/bin/anchorcc"
  for name in $programs; do
    if ! "$cc" -O2 "$(source_of "$name")" -o "$bundle/bin/$name" ||
      ! "$cc" -O2 --emit-msl "$(source_of "$name")" -o "$bundle/msl/$name.metal"; then
      echo "anchorcc failed on $name" >&2
      exit 1
    fi
  done
  # The reference bits: softmetal's (ANCHOR_METAL unset), on this machine.
  env -u ANCHOR_METAL "$bundle/bin/fp64_bits" >"$bundle/fp64_bits.txt" 2>&1 ||
    { echo "fp64_bits fails on softmetal:" >&2; cat "$bundle/fp64_bits.txt" >&2; exit 1; }
  echo "softmetal: $(grep BITS "$bundle/fp64_bits.txt")"
  echo "packed $programs; bundle: $bundle ($(du -sh "$bundle" | cut -f1))"
}

run() {
  local bundle cuda out arch name t0 secs rc line times="" pass=0 fail=0 n=0
  bundle=$(cd "${1:-$root/cudametal_bundle}" && pwd) || exit 1
  cuda=${CUDA_HOME:-/usr/local/cuda}
  out=${OUT:-/tmp}/nvrtc_modules
  mkdir -p "$out"
  echo "== $(date -u '+%F %T UTC') $(uname -m), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "== nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1
  arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' .')
  [[ "$arch" =~ ^[0-9]+$ ]] || arch=90
  # NVIDIA's driver for cudametal by absolute path (bundle/lib/libcuda.so.1 is libanchor).
  export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p |
    awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
  export CUDA_HOME=$cuda CUDAMETAL_CACHE=off E2E_EXPECTED_DIR=$bundle/expected
  local timer=()
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%e s wall, %U s user, %S s sys, %M KiB peak')
  printf '%-18s %-58s %s\n' program "NVRTC (msl2cuda, sm_$arch, no cache)" "program through cudametal"
  for name in $programs; do
    n=$((n + 1))
    # (1) NVRTC alone; msl2cuda without the bundle's lib/ (its libcuda.so.1 is libanchor).
    t0=$(date +%s.%N)
    env -u LD_LIBRARY_PATH "${timer[@]}" "$bundle/tools/msl2cuda" "$bundle/msl/$name.metal" "$arch" \
      >"$out/$name.nvrtc.log" 2>&1
    rc=$?
    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    line=$(grep -a ' s wall' "$out/$name.nvrtc.log" | tail -n1)
    [ $rc -eq 0 ] || line="FAILED (exit $rc): $(head -c 200 "$out/$name.nvrtc.log" | tr '\n' ' ')"
    times="$times ${name#math_} $secs"
    # (2) the program, NVRTC included (no cache)
    t0=$(date +%s.%N)
    LD_LIBRARY_PATH="$bundle/lib:$cuda/lib64" ANCHOR_METAL=cudametal \
      ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G} timeout -k 5 "${NVRTC_LIMIT:-300}" \
      "$bundle/bin/$name" >"$out/$name.log" 2>&1
    rc=$?
    local psecs result=""
    psecs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    local bits_ok=true
    [ "$name" = fp64_bits ] && ! grep -qxF "$(grep '^BITS' "$bundle/fp64_bits.txt")" "$out/$name.log" &&
      bits_ok=false
    if [ $rc -eq 0 ] && grep -q '^PASS' "$out/$name.log" && $bits_ok; then
      result="PASS (${psecs} s)"
      pass=$((pass + 1))
    else
      [ $rc -eq 124 ] || [ $rc -eq 137 ] && rc="timeout"
      $bits_ok || result="not softmetal's $(grep '^BITS' "$bundle/fp64_bits.txt"): "
      result="${result:-}FAIL (exit $rc, ${psecs} s): $(grep -v '^PASS' "$out/$name.log" | head -n 4 |
        tr '\n' '|' | cut -c1-300)"
      fail=$((fail + 1))
    fi
    printf '%-18s %-58s %s\n' "$name" "${secs} s (${line:-?})" "$result"
  done
  echo "== summary: $pass PASS, $fail FAIL of $n; NVRTC wall s:$times (logs in $out)"
  [ $fail -eq 0 ]
}

case "$mode" in
  pack) pack "${@:2}" ;;
  run) run "${@:2}" ;;
  *)
    echo "usage: $0 pack [BUILD] [BUNDLE] | run [BUNDLE]" >&2
    exit 2
    ;;
esac
