#!/usr/bin/env bash
# h200.sh — the cuFFT tests and bench/cufft.cu built with nvcc against NVIDIA's cuFFT and
# run on an NVIDIA GPU: proves the programs are correct CUDA, that NVIDIA's cuFFT meets
# the same error bounds (fft_check.h), shows the codes api.cu prints as "info:" (what
# cuFFT returns where its documentation is silent) and NVIDIA's speed beside Anchor's.
# Two steps, because the GPU machine has the CUDA toolkit but no FFTW:
#   here:  tests/libraries/cufft/h200.sh pack [DIR]   (default build/cufft_h200: FFTW's
#          header and static libraries from Debian's libfftw3-dev, ~9 MiB; untracked)
#   there: tests/libraries/cufft/h200.sh run [DIR]    (from the repository root, with DIR
#          carried; about a minute)
# Output: the toolkit and GPU, each program's log, then one line per program
# "== <name>: PASS|FAIL" and "== summary: P PASS, F FAIL".
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
mode=${1:-}
dir=${2:-$root/build/cufft_h200}
here=$root/tests/libraries/cufft

case "$mode" in
pack)
  mkdir -p "$dir/fftw"
  cp /usr/include/fftw3.h "$dir/fftw/" || exit 1
  for lib in libfftw3.a libfftw3f.a; do
    f=$(find /usr/lib /usr/lib64 -name "$lib" 2>/dev/null | head -n1)
    [ -n "$f" ] || { echo "no $lib: apt-get install libfftw3-dev" >&2; exit 1; }
    cp "$f" "$dir/fftw/"
  done
  echo "packed $dir ($(du -sh "$dir" | cut -f1)); carry it to the GPU machine and run:"
  echo "  tests/libraries/cufft/h200.sh run ${dir#$root/}"
  ;;
run)
  cd "$root" || exit 1
  dir=$(cd "$dir" && pwd) || exit 1
  nvcc=${NVCC:-nvcc}
  command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
  out=${OUT:-/tmp}/cufft_h200
  mkdir -p "$out"
  echo "== $(date -u '+%F %T UTC')"
  "$nvcc" --version | tail -n 1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  fftw=(-I"$dir/fftw" "$dir/fftw/libfftw3.a" "$dir/fftw/libfftw3f.a")
  pass=0 fail=0
  for t in c2c real multidim double api; do
    echo "== $t"
    if "$nvcc" -O2 -arch=sm_90 "$here/$t.cu" -o "$out/$t" -lcufft "${fftw[@]}" >"$out/$t.build" 2>&1 &&
      timeout 300 "$out/$t" >"$out/$t.log" 2>&1 && grep -qx PASS "$out/$t.log"; then
      result=PASS pass=$((pass + 1))
    else
      result=FAIL fail=$((fail + 1))
      cat "$out/$t.build"
    fi
    cat "$out/$t.log" 2>/dev/null
    echo "== $t: $result"
  done
  echo "== bench/cufft.cu with NVIDIA's cuFFT (RUNS 20, SCALE 64)"
  if "$nvcc" -O2 -arch=sm_90 bench/cufft.cu -o "$out/bench_cufft" -lcufft; then
    timeout 120 "$out/bench_cufft" 20 64
  fi
  echo "== summary: $pass PASS, $fail FAIL"
  ;;
*)
  echo "usage: $0 pack [DIR] (here) | run [DIR] (on the GPU machine)" >&2
  exit 2
  ;;
esac
