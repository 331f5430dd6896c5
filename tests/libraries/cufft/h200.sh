#!/usr/bin/env bash
# h200.sh — the cuFFT tests and bench/cufft.cu on an NVIDIA GPU, twice:
#   1. built with nvcc against NVIDIA's cuFFT: proves the programs are correct CUDA, that
#      NVIDIA's cuFFT meets the same error bounds (fft_check.h), shows the codes api.cu
#      prints as "info:" (what cuFFT returns where its documentation is silent), and
#      NVIDIA's speed;
#   2. built here by anchorcc against Anchor's cuFFT and run through cudametal (Anchor's
#      Metal over CUDA, docs/cudametal.md): Anchor's kernels, as MSL, on the same GPU —
#      their results against the same bounds and their speed beside NVIDIA's.
# Two steps, because the GPU machine has the CUDA toolkit but no FFTW and no LLVM:
#   here:  tests/libraries/cufft/h200.sh pack [DIR] [BUILD_CM]
#          DIR (default build/cufft_h200, untracked): FFTW's header and static libraries
#          (Debian's libfftw3-dev) for part 1, and for part 2, when BUILD_CM (default
#          build-cm) is a build configured with -DANCHOR_CUDAMETAL=ON, its libraries and
#          the programs built by its anchorcc (~25 MiB in all).
#   there: tests/libraries/cufft/h200.sh run [DIR] [PART]   (from the repository root,
#          DIR carried; PART nvcc, cudametal or all (default). nvcc takes 1-2 minutes;
#          cudametal longer, as NVRTC compiles Anchor's kernels on their first launch
#          (the double ones are software binary64: the slowest), each program at most
#          CUFFT_LIMIT seconds (default 200): run the parts in separate calls when a call
#          is limited to 10 minutes)
# Output: the toolkit and GPU, each program's log, one line per program
# "== <part> <name>: PASS|FAIL", and "== summary: ...".
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
  build_cm=$(cd "${3:-$root/build-cm}" 2>/dev/null && pwd)
  rm -rf "$dir/cudametal"
  if [ -n "$build_cm" ] && [ -f "$build_cm/lib/libcudametal.so" ]; then
    mkdir -p "$dir/cudametal/lib" "$dir/cudametal/bin"
    cp -a "$build_cm"/lib/*.so* "$build_cm/lib/anchor" "$dir/cudametal/lib/"
    objc=$(ldd "$build_cm/lib/libcudametal.so" | awk '/libobjc/ {print $3}')
    cp -L "$objc" "$dir/cudametal/lib/"
    for t in c2c real multidim double api convolution radix7 xt; do
      "$build_cm/bin/anchorcc" -O2 "$here/$t.cu" -o "$dir/cudametal/bin/$t" -lcufft \
        "$dir/fftw/libfftw3.a" "$dir/fftw/libfftw3f.a" || exit 1
    done
    "$build_cm/bin/anchorcc" -O2 "$here/cufftw.cu" -o "$dir/cudametal/bin/cufftw" -lcufftw || exit 1
    "$build_cm/bin/anchorcc" -O2 "$root/bench/cufft.cu" -o "$dir/cudametal/bin/bench_cufft" \
      -lcufft || exit 1
  else
    echo "no cudametal build at ${3:-build-cm} (cmake -DANCHOR_CUDAMETAL=ON): part 2 left out"
  fi
  echo "packed $dir ($(du -sh "$dir" | cut -f1)); carry it to the GPU machine and run:"
  echo "  tests/libraries/cufft/h200.sh run ${dir#$root/} nvcc; ... run ${dir#$root/} cudametal"
  ;;
run)
  cd "$root" || exit 1
  dir=$(cd "$dir" && pwd) || exit 1
  part=${3:-all}
  limit=${CUFFT_LIMIT:-200}
  nvcc=${NVCC:-nvcc}
  command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
  out=${OUT:-/tmp}/cufft_h200
  mkdir -p "$out"
  echo "== $(date -u '+%F %T UTC')"
  "$nvcc" --version | tail -n 1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  fftw=(-I"$dir/fftw" "$dir/fftw/libfftw3.a" "$dir/fftw/libfftw3f.a")
  summary=
  pass=0 fail=0
  # cufftw.cu's FFTW reference is a program of its own (it cannot link FFTW).
  cc -O2 "$here/fftw_oracle.c" -o "$out/fftw_oracle" -I"$dir/fftw" "$dir/fftw/libfftw3.a" -lm ||
    echo "== no C compiler for fftw_oracle.c: cufftw fails"
  export CUFFTW_ORACLE=$out/fftw_oracle
  [ "$part" = cudametal ] || for t in c2c real multidim double api convolution radix7 xt cufftw; do
    libs=(-lcufft "${fftw[@]}")
    [ "$t" = cufftw ] && libs=(-lcufftw -lcufft)
    echo "== nvcc $t"
    if "$nvcc" -O2 -arch=sm_90 "$here/$t.cu" -o "$out/$t" "${libs[@]}" >"$out/$t.build" 2>&1 &&
      timeout 300 "$out/$t" >"$out/$t.log" 2>&1 && grep -qx PASS "$out/$t.log"; then
      result=PASS pass=$((pass + 1))
    else
      result=FAIL fail=$((fail + 1))
      cat "$out/$t.build"
    fi
    cat "$out/$t.log" 2>/dev/null
    echo "== nvcc $t: $result"
  done
  if [ "$part" != cudametal ]; then
    echo "== nvcc bench/cufft.cu with NVIDIA's cuFFT (RUNS 20, SCALE 64)"
    if "$nvcc" -O2 -arch=sm_90 bench/cufft.cu -o "$out/bench_cufft" -lcufft; then
      timeout 120 "$out/bench_cufft" 20 64
    fi
    summary="nvcc: $pass PASS, $fail FAIL"
  fi
  cm=$dir/cudametal
  if [ "$part" != nvcc ] && [ ! -d "$cm/bin" ]; then
    echo "== no $cm/bin: packed without a cudametal build, part 2 left out"
  fi
  if [ "$part" != nvcc ] && [ -d "$cm/bin" ]; then
    cuda=${CUDA_HOME:-/usr/local/cuda}
    # Only Anchor's programs see the bundle's libraries (its libcuda.so.1 and
    # libcufft.so.12 are Anchor's); cudametal finds NVIDIA's driver by absolute path.
    libcuda=$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')
    anchor_env=(env "LD_LIBRARY_PATH=$cm/lib:$cuda/lib64" "CUDA_HOME=$cuda" ANCHOR_METAL=cudametal
      "ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G}" "CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$libcuda}")
    pass=0 fail=0
    for t in c2c real multidim api convolution radix7 xt cufftw double; do
      echo "== cudametal $t"
      if "${anchor_env[@]}" timeout -k 5 "$limit" "$cm/bin/$t" >"$out/cm_$t.log" 2>&1 &&
        grep -qx PASS "$out/cm_$t.log"; then
        result=PASS pass=$((pass + 1))
      else
        result=FAIL fail=$((fail + 1))
      fi
      cat "$out/cm_$t.log"
      echo "== cudametal $t: $result"
    done
    echo "== cudametal bench/cufft.cu with Anchor's cuFFT (RUNS 20, SCALE 64)"
    "${anchor_env[@]}" timeout -k 5 "$limit" "$cm/bin/bench_cufft" 20 64
    summary="${summary:+$summary; }cudametal: $pass PASS, $fail FAIL"
  fi
  echo "== summary: $summary"
  ;;
*)
  echo "usage: $0 pack [DIR] [BUILD_CM] (here) | run [DIR] [nvcc|cudametal|all] (there)" >&2
  exit 2
  ;;
esac
