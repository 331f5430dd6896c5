#!/usr/bin/env bash
# scripts/setup.sh — install Anchor's build dependencies (Debian packages) if any is
# missing, then configure and build Anchor into build/. Sourced by sample.sh and test.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ANCHOR_BUILD_DIR:-$ROOT/build}"

PACKAGES=(cmake make gcc libstdc++-12-dev clang-19 llvm-19 llvm-19-dev libclang-19-dev llvm-19-tools libobjc-12-dev clang-format-19 libmpfr-dev jq
          g++ csmith cvise # the Csmith differential test (tests/differential) and its reducer
          libthrust-dev libcub-dev libcu++-dev # CCCL as Debian packages it (docs/cccl.md)
          libamdhip64-dev # HIP's own headers for its NVIDIA platform: hipcc (docs/hip.md)
          libomp-19-dev # clang's OpenMP runtime: hipcc -fopenmp (host code) links it
          libopenblas-dev libfftw3-dev # the test oracles of cuBLAS and cuFFT (docs/libraries.md)
          libhiprand-dev # hipRAND's headers: HIP programs over cuRAND (docs/libraries.md)
          librocrand-dev # rocRAND's Sobol and MTGP32 tables, which cuRAND serves (docs/curand.md)
          libclang-rt-19-dev) # clang's libFuzzer and sanitizer runtimes: runtime.fuzz_calls_libfuzzer

anchor_install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

anchor_build() {
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$BUILD" -j"$(nproc)"
}

anchor_install_packages
anchor_build
